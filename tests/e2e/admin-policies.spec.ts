import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { buyPolicy, expectNoSeriousA11yViolations, expectPdf, type NewPolicy } from "./support";

// /admin/policies as staff use it: find a policy by the holder's NIF, open it, change its
// lifecycle (each action asks first: a confirmation step without JavaScript, a dialog with it),
// see the history, work its recibos on the payments page, download its PDFs; and a read-only role
// sees no buttons and a forged POST is refused.

async function findByNif(page: Page, policy: NewPolicy) {
  await page.goto("/admin/policies");
  await expectNoSeriousA11yViolations(page);
  const search = page.getByRole("search", { name: "Buscar pólizas" });
  await search.getByLabel("Buscar").fill(policy.nif);
  await search.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByText("Mostrando 1–1 de 1 póliza", { exact: true })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(policy.number) });
  await expect(row).toContainText(policy.holder);
  await expect(row).toContainText("En vigor");
  await row.getByRole("link", { name: policy.number }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Póliza ${policy.number}` })).toBeVisible();
}

const pageHeader = (page: Page) => page.getByRole("main").locator("header");
const actions = (page: Page) => page.getByRole("region", { name: "Acciones", exact: true });
const history = (page: Page) => page.getByRole("region", { name: "Historial", exact: true });

test.describe("sin JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "el camino completo, sin JavaScript");

  test("buscar por NIF, suspender, rehabilitar, devolver y cobrar un recibo por transferencia, anular y ver el historial", async ({
    page,
    signInAsAdmin,
  }) => {
    test.setTimeout(120_000);
    await signInAsAdmin("gestor");
    const policy = await buyPolicy(page.request, "Inés Prueba Pólizas");
    await findByNif(page, policy);
    await expectNoSeriousA11yViolations(page);

    // Suspend: the reason is kept through the confirmation step.
    await actions(page).getByText("Suspender la cobertura…").click();
    await actions(page).getByLabel("Motivo de la suspensión").fill("Impago comunicado por el banco");
    await actions(page).getByRole("button", { name: "Suspender", exact: true }).click();
    const step = page.getByRole("region", { name: `¿Suspender la cobertura de la póliza ${policy.number}?` });
    await expect(step).toContainText("Motivo: Impago comunicado por el banco");
    await step.getByRole("button", { name: "Sí, suspender" }).click();
    await expect(page.getByText("Cobertura suspendida").first()).toBeVisible();
    await expect(pageHeader(page).getByText("Suspendida", { exact: true })).toBeVisible();

    // Reactivate (a button without fields).
    await actions(page).getByRole("button", { name: "Rehabilitar póliza" }).click();
    await page.getByRole("button", { name: "Sí, rehabilitar" }).click();
    await expect(page.getByText("Póliza rehabilitada").first()).toBeVisible();
    await expect(pageHeader(page).getByText("En vigor", { exact: true })).toBeVisible();

    // The payments page: recibo 2 returned, then paid by transfer.
    await page.getByRole("link", { name: "Recibos y cobros", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Póliza ${policy.number}` })).toBeVisible();
    const row2 = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "2", exact: true }) });
    await expect(row2).toContainText("Pendiente");
    await expectNoSeriousA11yViolations(page);
    await row2.getByText("Marcar devuelto…").click();
    await row2.getByLabel("Motivo de la devolución").fill("Cuenta sin saldo");
    await row2.getByRole("button", { name: "Marcar devuelto el recibo 2" }).click();
    await page.getByRole("button", { name: "Sí, marcar devuelto" }).click();
    await expect(page.getByText("Recibo marcado como devuelto").first()).toBeVisible();
    await expect(row2).toContainText("Devuelto");
    await expect(row2).toContainText("Cuenta sin saldo");

    await row2.getByText("Cobrado por transferencia…").click();
    await row2.getByLabel("Referencia de la transferencia").fill("TRF-2026-0042");
    await row2.getByRole("button", { name: "Cobrado por transferencia el recibo 2" }).click();
    await expect(page.getByRole("region", { name: /¿Dar por cobrado el recibo 2/ })).toContainText("Referencia: TRF-2026-0042");
    await page.getByRole("button", { name: "Sí, está cobrado" }).click();
    await expect(page.getByText("Recibo cobrado por transferencia").first()).toBeVisible();
    await expect(row2).toContainText("Cobrado");
    await expect(row2).toContainText("Transferencia TRF-2026-0042");

    // Cancel with a reason; the effective date defaults to today.
    await page.getByRole("link", { name: "Resumen", exact: true }).click();
    await actions(page).getByText("Anular la póliza…").click();
    await actions(page).getByLabel("Motivo de la anulación").selectOption({ label: "Petición del cliente" });
    await expect(actions(page).getByLabel("Fecha de efecto")).not.toHaveValue("");
    await actions(page).getByLabel("Nota (opcional)").fill("Vende la vivienda");
    await actions(page).getByRole("button", { name: "Anular póliza" }).click();
    const cancelStep = page.getByRole("region", { name: `¿Anular la póliza ${policy.number}?` });
    await expect(cancelStep).toContainText("Motivo: Petición del cliente");
    await cancelStep.getByRole("button", { name: "Sí, anular la póliza" }).click();
    await expect(page.getByText("Póliza anulada").first()).toBeVisible();
    await expect(pageHeader(page).getByText("Anulada", { exact: true })).toBeVisible();
    await expect(actions(page)).toContainText("no admite ninguna acción");

    // Every step is in the history, with who did it and the status it changed.
    const entries = history(page);
    await expect(entries.getByRole("rowheader", { name: /Póliza anulada.*petición del cliente/ })).toBeVisible();
    await expect(entries.getByRole("rowheader", { name: /Recibo cobrado/ })).toBeVisible();
    await expect(entries.getByRole("rowheader", { name: /Recibo devuelto/ })).toBeVisible();
    await expect(entries.getByRole("rowheader", { name: /Póliza rehabilitada/ })).toBeVisible();
    // The customer was told of the suspension and of the cancellation.
    await expect(entries.getByRole("rowheader", { name: /Aviso al cliente.*Aviso de la suspensión enviado al tomador/ })).toBeVisible();
    await expect(entries.getByRole("rowheader", { name: /Aviso al cliente.*Aviso de la anulación enviado al tomador/ })).toBeVisible();
    const suspended = entries
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: /Cobertura suspendida.*Impago comunicado por el banco/ }) });
    await expect(suspended).toContainText(/En vigor.*Suspendida/);
    await expect(suspended).toContainText(/e2e-gestor/);
  });
});

test.describe("modificar sin cambiar la prima, sin JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "un formulario sin JavaScript basta");

  test("cambiar la dirección de la vivienda y el IBAN, con un IBAN mal escrito primero, y verlo en el historial", async ({ page, signInAsAdmin }) => {
    // A purchase through the API, four pages and two form posts: more than the default 30 s on a busy machine.
    test.slow();
    await signInAsAdmin("gestor");
    const policy = await buyPolicy(page.request, "Elena Prueba Modificar");
    await findByNif(page, policy);
    await page.getByRole("link", { name: /Modificar la matrícula o la dirección del riesgo/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Modificar la póliza ${policy.number}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel("Calle y número").fill("Carrer de Provença 200");
    await page.getByLabel(/^IBAN para los próximos recibos/).fill("ES00 1234");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page).toHaveTitle(/^Error: /);
    await expect(page.getByLabel("Calle y número")).toHaveValue("Carrer de Provença 200");

    await page.getByLabel(/^IBAN para los próximos recibos/).fill("ES91 2100 0418 4502 0005 1332");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText("Póliza modificada").first()).toBeVisible();
    await expect(
      history(page).getByRole("rowheader", {
        name: /Datos modificados: IBAN de los recibos, dirección de la vivienda|Datos modificados: dirección de la vivienda, IBAN de los recibos/,
      }),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Riesgo asegurado" })).toContainText("Carrer de Provença 200");
  });
});

test.describe("la lista, sin JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "una vez basta: el proceso diario es uno para toda la base de datos");

  test("el CSV de lo filtrado y el proceso diario, que pide confirmación y dice lo que hizo", async ({ page, signInAsAdmin }) => {
    await signInAsAdmin("gestor");
    const policy = await buyPolicy(page.request, "Pablo Prueba Lista");
    await page.goto(`/admin/policies?q=${policy.number}&status=en_vigor&line=alquiler`);
    await expect(page.getByText("Mostrando 1–1 de 1 póliza", { exact: true })).toBeVisible();
    // The plan by its name, in the row and in the CSV.
    await expect(page.getByRole("row", { name: new RegExp(policy.number) }).getByRole("cell", { name: "12 meses", exact: true })).toBeVisible();
    const href = await page.getByRole("link", { name: /^Exportar CSV/ }).getAttribute("href");
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.split(";").slice(0, 5)).toEqual([policy.number, policy.holder, policy.nif, "Alquiler", "12 meses"]);

    await page.getByRole("button", { name: "Ejecutar el proceso diario" }).click();
    const step = page.getByRole("region", { name: "¿Ejecutar ahora el proceso diario?" });
    await step.getByRole("button", { name: "Sí, ejecutarlo" }).click();
    // A run that ends within the action's wait (ADR 044) says so in the toast; a longer one lands on
    // the page that follows it, read again with its link as a person without JavaScript would.
    await expect(async () => {
      const again = page.getByRole("link", { name: "Ver cómo va" });
      if (await again.isVisible()) await again.click();
      await expect(page.getByText("Proceso diario ejecutado").first()).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expect(page.getByText(/Días procesados|ya estaba al día/).first()).toBeVisible();
  });
});

test.describe("con JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "los diálogos de confirmación");

  test("suspender en un diálogo, un 409 de la API junto al botón y una nota interna", async ({ page, signInAsAdmin }) => {
    test.slow(); // a purchase, four dialogs and a note: 28–31 s on the 2-core CI machine, at the default limit
    await signInAsAdmin("gestor");
    const policy = await buyPolicy(page.request, "Jorge Prueba Diálogos");
    await findByNif(page, policy);

    // "Renovar ahora" is not offered months before the renewal window opens.
    await expect(actions(page).getByRole("button", { name: "Renovar ahora" })).toHaveCount(0);

    // The dialog: focus on Cancelar, Escape closes it and nothing happens.
    await actions(page).getByText("Anular la póliza…").click();
    await actions(page).getByLabel("Motivo de la anulación").selectOption({ label: "Petición del cliente" });
    await actions(page).getByLabel("Fecha de efecto").fill("2099-01-01");
    await actions(page).getByRole("button", { name: "Anular póliza" }).click();
    const cancelDialog = page.getByRole("dialog", { name: `¿Anular la póliza ${policy.number}?` });
    await expect(cancelDialog).toBeVisible();
    await expect(cancelDialog.getByRole("button", { name: "Cancelar" })).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(cancelDialog).toBeHidden();
    // Confirmed, the API refuses it (after the end of the term): the reason shows by the form.
    await actions(page).getByRole("button", { name: "Anular póliza" }).click();
    await cancelDialog.getByRole("button", { name: "Sí, anular la póliza" }).click();
    await expect(cancelDialog).toBeHidden();
    await expect(
      actions(page)
        .getByText(/no puede ser posterior al vencimiento/)
        .first(),
    ).toBeVisible();
    await expect(page).toHaveTitle(/^Error: /);

    // A field checked in the browser before the dialog opens.
    await actions(page).getByText("Suspender la cobertura…").click();
    await actions(page).getByRole("button", { name: "Suspender", exact: true }).click();
    await expect(actions(page).getByText("Indica el motivo de la suspensión").first()).toBeVisible();
    await actions(page).getByLabel("Motivo de la suspensión").fill("Solicitud de la aseguradora");
    await actions(page).getByRole("button", { name: "Suspender", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `¿Suspender la cobertura de la póliza ${policy.number}?` });
    await dialog.getByRole("button", { name: "Sí, suspender" }).click();
    await expect(page.getByText("Cobertura suspendida").first()).toBeVisible();
    await expect(pageHeader(page).getByText("Suspendida", { exact: true })).toBeVisible();

    const notes = page.getByRole("region", { name: "Notas internas" });
    await notes.getByLabel("Nueva nota").fill("Llamar al cliente el lunes");
    await notes.getByRole("button", { name: "Añadir nota" }).click();
    await expect(page.getByText("Nota añadida").first()).toBeVisible();
    await expect(notes.getByRole("listitem").filter({ hasText: "Llamar al cliente el lunes" })).toBeVisible();
    await expect(notes.getByLabel("Nueva nota")).toHaveValue("");
  });
});

test("un rol sin policies:write ni payments:write ve la póliza sin botones y un POST forjado recibe «Acceso Denegado»", async ({
  page,
  signInAsAdmin,
}) => {
  await signInAsAdmin("auditor");
  const policy = await buyPolicy(page.request, "Lola Prueba Lectura");
  await page.goto(`/admin/policies/${policy.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Póliza ${policy.number}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Acciones", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Suspender|Anular|Renovar|Añadir nota/ })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Historial", exact: true })).toContainText("Póliza emitida");

  await page.goto(`/admin/policies/${policy.id}/payments`);
  await expect(page.getByRole("table", { name: `Recibos de la póliza ${policy.number}` })).toBeVisible();
  await expect(page.getByRole("button", { name: /Cobrar|Anular|Extornar/ })).toHaveCount(0);
  await expect(page.getByText("Marcar devuelto…")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The form the auditor never saw, posted by hand with a valid CSRF token: refused, nothing changed.
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  const forged = await page.request.post(`/admin/policies/${policy.id}`, {
    form: { csrf, intent: "suspend", reason: "Intento sin permiso", confirmed: "yes" },
  });
  // Back to the page it came from, with the notice.
  expect(new URL(forged.url()).pathname).toBe(`/admin/policies/${policy.id}`);
  expect(await forged.text()).toContain("Acceso Denegado");
  await page.goto(`/admin/policies/${policy.id}`);
  await expect(pageHeader(page).getByText("En vigor", { exact: true })).toBeVisible();
});

test("un rol con solo lectura descarga las condiciones particulares y un recibo en PDF desde la póliza", async ({
  page,
  signInAsAdmin,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "una descarga es un enlace: igual con y sin JavaScript");
  await signInAsAdmin("auditor");
  const policy = await buyPolicy(page.request, "Pilar Prueba Documentos");
  await page.goto(`/admin/policies/${policy.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Póliza ${policy.number}` })).toBeVisible();

  const documents = page.getByRole("region", { name: "Documentos", exact: true });
  const downloading = page.waitForEvent("download");
  await documents.getByRole("link", { name: "Condiciones particulares (PDF)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`condiciones-particulares-${policy.number}.pdf`);
  expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe("%PDF-");

  // Recibo 1 from the recibos table, and the same from the payments page.
  const reciboLink = page.getByRole("region", { name: "Recibos", exact: true }).getByRole("link", { name: "PDF del recibo 1", exact: true });
  await expectPdf(await page.request.get((await reciboLink.getAttribute("href"))!));
  await page.goto(`/admin/policies/${policy.id}/payments`);
  const paymentsLink = page
    .getByRole("table", { name: `Recibos de la póliza ${policy.number}` })
    .getByRole("link", { name: "PDF del recibo 1", exact: true });
  await expectPdf(await page.request.get((await paymentsLink.getAttribute("href"))!));
});
