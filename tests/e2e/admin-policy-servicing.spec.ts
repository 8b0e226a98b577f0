import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { buyPolicy, expectNoSeriousA11yViolations, tabTo } from "./support";

// Issue 28: servicing a policy in the back office by keyboard alone. Staff open a policy to read
// it: its summary comes first, each action opens its form when asked for; after the search and
// after each confirmed action focus goes to the result or the page's heading, never to <body>.

const actions = (page: Page) => page.getByRole("region", { name: "Acciones", exact: true });
const pageHeader = (page: Page) => page.getByRole("main").locator("header");

/** The page's headings in order, as "h2 Situación", to judge their order and levels. */
const headingsOf = (page: Page) =>
  page
    .getByRole("main")
    .locator("h1, h2, h3, h4, h5, h6")
    .evaluateAll((nodes) => nodes.map((n) => `${n.tagName.toLowerCase()} ${(n.textContent ?? "").trim()}`));

test("la póliza se lee primero: el resumen antes de las acciones, cerradas; «Riesgo asegurado» un solo título; ningún nivel de título saltado", async ({
  page,
  signInAsAdmin,
}) => {
  await signInAsAdmin("gestor");
  const policy = await buyPolicy(page.request, "Teresa Prueba Resumen");
  await page.goto(`/admin/policies/${policy.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Póliza ${policy.number}` })).toBeVisible();

  await expect(page.getByRole("heading", { name: "Riesgo asegurado" })).toHaveCount(1);
  const headings = await headingsOf(page);
  const at = (heading: string) => {
    const index = headings.indexOf(heading);
    expect(index, `${heading} en ${headings.join(" · ")}`).toBeGreaterThan(-1);
    return index;
  };
  for (const summary of ["h2 Situación", "h2 Tomador", "h2 Riesgo asegurado", "h2 Garantías", "h2 Recibos"]) {
    expect(at(summary), `${summary} antes de las acciones`).toBeLessThan(at("h2 Acciones"));
  }
  const levels = headings.map((h) => Number(h[1]));
  expect(levels[0]).toBe(1);
  levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0), `${headings[i]} tras ${headings[i - 1]}`).toBeLessThanOrEqual(1));

  // Each action with fields is closed until asked for; the ones without fields are their button.
  for (const name of ["Suspender la cobertura…", "Anular la póliza…", "Detener la renovación…"]) {
    await expect(actions(page).getByText(name, { exact: true })).toBeVisible();
  }
  await expect(actions(page).getByLabel("Motivo de la suspensión")).toBeHidden();
  await expect(actions(page).getByLabel("Motivo de la anulación")).toBeHidden();
  await expect(actions(page).getByLabel("Quién se opone a la prórroga")).toBeHidden();
  await actions(page).getByText("Suspender la cobertura…").click();
  await expect(actions(page).getByLabel("Motivo de la suspensión")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("dar servicio a una póliza solo con el teclado: buscarla, abrirla, detener la renovación, suspenderla y anularla", async ({
  page,
  signInAsAdmin,
  javaScriptEnabled,
}) => {
  // A purchase through the API and a dozen pages, one key at a time, on a shared machine.
  test.slow();
  await signInAsAdmin("gestor");
  const policy = await buyPolicy(page.request, "Hugo Prueba Teclado");
  const heading = page.getByRole("heading", { level: 1, name: `Póliza ${policy.number}` });
  // Without JavaScript every step is a full page load: the browser starts from the top by itself.
  const expectFocused = async (target: Locator) => {
    if (javaScriptEnabled) await expect(target).toBeFocused();
  };

  // Search: Enter in the box sends it; focus goes to what was found.
  await page.goto("/admin/policies");
  const search = page.getByRole("search", { name: "Buscar pólizas" });
  await tabTo(page, search.getByLabel("Buscar"));
  await page.keyboard.type(policy.nif);
  await page.keyboard.press("Enter");
  const count = page.getByText("Mostrando 1–1 de 1 póliza");
  await expect(count).toBeVisible();
  await expectFocused(count);

  // Open it from the results: the next stop after the count is the policy's link.
  await tabTo(page, page.getByRole("row", { name: new RegExp(policy.number) }).getByRole("link", { name: policy.number }));
  await page.keyboard.press("Enter");
  await expect(heading).toBeVisible();
  await expectFocused(heading);

  // Each action: open its form from the summary, fill it, send it, confirm; focus then goes to the
  // page's heading, followed by the policy's new status.
  const confirm = async (confirmLabel: string, question: string) => {
    if (javaScriptEnabled) {
      const dialog = page.getByRole("dialog", { name: question });
      await expect(dialog.getByRole("button", { name: "Cancelar" })).toBeFocused();
      await tabTo(page, dialog.getByRole("button", { name: confirmLabel }));
    } else {
      await tabTo(page, page.getByRole("region", { name: question }).getByRole("button", { name: confirmLabel }));
    }
    await page.keyboard.press("Enter");
  };

  await tabTo(page, actions(page).getByText("Detener la renovación…"));
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  const stopper = actions(page).getByLabel("Quién se opone a la prórroga");
  await expect(stopper).toBeFocused();
  await page.keyboard.type("El cliente");
  await expect(stopper).toHaveValue("cliente");
  await tabTo(page, actions(page).getByRole("button", { name: "Detener la renovación", exact: true }));
  await page.keyboard.press("Enter");
  await confirm("Sí, detener la renovación", `¿Detener la renovación de la póliza ${policy.number}?`);
  await expect(page.getByText("Renovación detenida").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Situación" })).toContainText("Detenida: el cliente se opone a la prórroga");
  await expectFocused(heading);

  await tabTo(page, actions(page).getByText("Suspender la cobertura…"));
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(actions(page).getByLabel("Motivo de la suspensión")).toBeFocused();
  // Sent empty first: the form stays open with the error (without JavaScript, after the server's answer).
  await tabTo(page, actions(page).getByRole("button", { name: "Suspender", exact: true }));
  await page.keyboard.press("Enter");
  const problem = actions(page).getByRole("alert").filter({ hasText: "Hay un problema" });
  await expect(problem).toContainText("Indica el motivo de la suspensión");
  await expectFocused(problem);
  await tabTo(page, actions(page).getByLabel("Motivo de la suspensión"));
  await page.keyboard.type("Impago comunicado por el banco");
  await tabTo(page, actions(page).getByRole("button", { name: "Suspender", exact: true }));
  await page.keyboard.press("Enter");
  await confirm("Sí, suspender", `¿Suspender la cobertura de la póliza ${policy.number}?`);
  await expect(page.getByText("Cobertura suspendida").first()).toBeVisible();
  await expect(pageHeader(page).getByText("Suspendida", { exact: true })).toBeVisible();
  await expectFocused(heading);

  await tabTo(page, actions(page).getByText("Anular la póliza…"));
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  const reason = actions(page).getByLabel("Motivo de la anulación");
  await expect(reason).toBeFocused();
  await page.keyboard.type("Petición del cliente");
  await expect(reason).toHaveValue("peticion_cliente");
  await tabTo(page, actions(page).getByRole("button", { name: "Anular póliza", exact: true }));
  await page.keyboard.press("Enter");
  await confirm("Sí, anular la póliza", `¿Anular la póliza ${policy.number}?`);
  await expect(page.getByText("Póliza anulada").first()).toBeVisible();
  await expect(pageHeader(page).getByText("Anulada", { exact: true })).toBeVisible();
  await expect(actions(page)).toContainText("no admite ninguna acción");
  await expectFocused(heading);
});
