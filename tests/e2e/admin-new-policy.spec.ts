import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  buyPolicy,
  escapeRegExp,
  expectFocusAfterStep,
  expectNoSeriousA11yViolations,
  fillAlquilerQuote,
  fillCard,
  fillInsuredObject,
  fillPolicyholder,
} from "./support";

// /admin/policies/new: staff sell a policy to a customer on the phone — the client (searched, or
// new), the rating questions, the plan and frequency, then the checkout form with the consents as
// the customer gave them on the phone. Without JavaScript every step is a GET or a POST + redirect.

const PHONE_CONSENTS = [
  "El cliente acepta las condiciones de contratación",
  "El cliente acepta la política de privacidad",
  "Se ha informado al cliente del documento de información del producto (IPID)",
];

async function acceptConsentsByPhone(page: Page) {
  for (const label of PHONE_CONSENTS) await page.getByLabel(label).check();
}

/** The same consents by keyboard: Space on each box (no mouse, so no wait for the page to paint a stable frame). */
async function acceptConsentsByKeyboard(page: Page) {
  for (const label of PHONE_CONSENTS) {
    const box = page.getByLabel(label);
    await box.press("Space");
    await expect(box).toBeChecked();
  }
}

/** Steps 1 and 2 for a rent-default policy: the quote, then the 12-month plan paid quarterly. */
async function quoteAndChoosePlan(page: Page) {
  await page.getByRole("link", { name: "Alquiler", exact: true }).click();
  await fillAlquilerQuote(page);
  await page.getByRole("button", { name: "Calcular precio" }).click();
  await expect(page.getByRole("heading", { name: "2. Plan y forma de pago" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("radio", { name: /^12 meses: / }).check();
  await page.getByRole("radio", { name: "Trimestral" }).check();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("heading", { name: "3. Datos, pago y consentimientos" })).toBeVisible();
}

test("un cliente que ya existe, buscado por NIF: la póliza se emite, se abre y guarda los consentimientos como dados por teléfono", async ({
  page,
  signInAsAdmin,
}) => {
  test.setTimeout(120_000);
  const staff = await signInAsAdmin("gestor");
  const existing = await buyPolicy(page.request, "Rosa Cliente Telefónica");

  await page.goto("/admin/policies");
  await page.getByRole("link", { name: "Nueva póliza por teléfono" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Nueva póliza por teléfono" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Buscar un cliente").fill(existing.nif);
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await page.getByRole("link", { name: `Elegir a ${existing.holder}` }).click();
  await expect(page.getByRole("region", { name: "Cliente elegido" })).toContainText(existing.nif);

  await quoteAndChoosePlan(page);
  // The client's file fills the policyholder's data.
  await expect(page.getByLabel("Nombre y apellidos")).toHaveValue(existing.holder);
  await expect(page.getByLabel("NIF o NIE")).toHaveValue(existing.nif);
  await expectNoSeriousA11yViolations(page);

  await fillInsuredObject(page, "alquiler");
  await fillCard(page, "4242 4242 4242 4242");
  // A consent the customer did not give blocks the sale, with its message, and keeps what was typed.
  await page.getByLabel("El cliente acepta las condiciones de contratación").check();
  await page.getByLabel("El cliente acepta la política de privacidad").check();
  await page.getByRole("button", { name: /^Emitir la póliza y cobrar/ }).click();
  await expect(page.getByText("Marca que se ha informado al cliente del documento de información del producto (IPID)").first()).toBeVisible();
  await expect(page.getByLabel("Calle y número")).toHaveValue("Carrer de Balmes 21");

  await acceptConsentsByPhone(page);
  // Card number and CVC are never sent back: typed again.
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: /^Emitir la póliza y cobrar/ }).click();

  await expect(page.getByText("Póliza emitida").first()).toBeVisible();
  const heading = page.getByRole("heading", { level: 1, name: /^Póliza COT-/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace("Póliza ", "").trim();
  expect(number).not.toBe(existing.number);
  await expect(page.getByRole("region", { name: "Historial", exact: true })).toContainText(`emitida por teléfono (${staff.admin.username})`);

  // The client's page: two policies, and the consents of the call recorded as such.
  await page.goto(`/admin/clients?q=${existing.nif}`);
  await page.getByRole("link", { name: existing.holder }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: existing.holder })).toBeVisible();
  await expect(page.getByText(number).first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Consentimientos" })).toContainText(`por teléfono, registrado por ${staff.admin.username}`);
});

test("un cliente nuevo sin correo: sus datos en el paso 3, un pago rechazado no crea nada", async ({ page, signInAsAdmin }) => {
  test.setTimeout(120_000);
  await signInAsAdmin("gestor");
  await page.goto("/admin/policies/new");
  await quoteAndChoosePlan(page);

  await fillPolicyholder(page);
  const nif = await page.getByLabel("NIF o NIE").inputValue();
  await fillInsuredObject(page, "alquiler");
  await acceptConsentsByPhone(page);
  await fillCard(page, "4000 0000 0000 0002");
  await page.getByRole("button", { name: /^Emitir la póliza y cobrar/ }).click();
  await expect(page.getByText("El pago ha sido rechazado").first()).toBeVisible();
  await expect(page.getByLabel("Nombre y apellidos")).toHaveValue("Marta Gómez Ruiz");

  await fillCard(page, "4242 4242 4242 4242");
  await acceptConsentsByPhone(page);
  await page.getByRole("button", { name: /^Emitir la póliza y cobrar/ }).click();
  await expect(page.getByText("Póliza emitida").first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: /^Póliza COT-/ })).toBeVisible();
  await expect(page.getByText(nif).first()).toBeVisible();
});

// Issue 28: the phone sale by keyboard alone. Each step is a new URL of the same page; focus lands
// on what the step brings (JavaScript on), never on <body>; the search's count is announced.
test("con el teclado: buscar y elegir al cliente, cotizar, elegir plan y emitir, con el foco en cada paso", async ({
  page,
  signInAsAdmin,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin("gestor");
  const existing = await buyPolicy(page.request, "Nuria Teclado Telefónica");
  await page.goto("/admin/policies/new");

  // The search: the count in a polite live region, focus stays in the search box.
  const search = page.getByLabel("Buscar un cliente");
  await search.fill(existing.nif);
  await search.press("Enter");
  const count = page.getByText(new RegExp(`^Mostrando 1–1 de 1 cliente que coincide con «${escapeRegExp(existing.nif)}»\\.$`));
  await expect(count).toHaveAttribute("aria-live", "polite");
  if (javaScriptEnabled) await expect(search).toBeFocused();
  await search.fill("nadie-se-llama-asi");
  await search.press("Enter");
  await expect(page.getByText("Ningún cliente coincide con «nadie-se-llama-asi».", { exact: false })).toHaveAttribute("aria-live", "polite");
  await search.fill(existing.nif);
  await search.press("Enter");

  // Chosen: focus on the chosen client; choosing the line keeps it on the line's link.
  await page.getByRole("link", { name: `Elegir a ${existing.holder}` }).press("Enter");
  const chosen = page.getByRole("region", { name: "Cliente elegido" });
  await expect(chosen).toContainText(existing.nif);
  await expectFocusAfterStep(chosen, javaScriptEnabled);
  const rent = page.getByRole("link", { name: "Alquiler", exact: true });
  await rent.press("Enter");
  await expect(rent).toHaveAttribute("aria-current", "true");
  if (javaScriptEnabled) await expect(rent).toBeFocused();

  // Step 1 → 2 → 3: each step's heading.
  await fillAlquilerQuote(page);
  await page.getByRole("button", { name: "Calcular precio" }).press("Enter");
  await expectFocusAfterStep(page.getByRole("heading", { name: "2. Plan y forma de pago" }), javaScriptEnabled);
  if (javaScriptEnabled) {
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Volver a cotizar" })).toBeFocused();
  }
  const twelveMonths = page.getByRole("radio", { name: /^12 meses: / });
  await twelveMonths.press("Space");
  await expect(twelveMonths).toBeChecked();
  await page.getByRole("button", { name: "Continuar" }).press("Enter");
  await expectFocusAfterStep(page.getByRole("heading", { name: "3. Datos, pago y consentimientos" }), javaScriptEnabled);

  // Sent without the consents: the error summary, in "tú".
  await fillInsuredObject(page, "alquiler");
  await fillCard(page, "4242 4242 4242 4242");
  const issue = page.getByRole("button", { name: /^Emitir la póliza y cobrar/ });
  await issue.press("Enter");
  const problems = page.getByRole("alert").filter({ hasText: "Hay un problema" });
  await expectFocusAfterStep(problems, javaScriptEnabled);
  await expect(problems).toContainText("Marca que el cliente acepta las condiciones de contratación");

  await fillCard(page, "4242 4242 4242 4242");
  await acceptConsentsByKeyboard(page);
  await issue.press("Enter");
  await expectFocusAfterStep(page.getByRole("heading", { level: 1, name: /^Póliza COT-/ }), javaScriptEnabled);
});

test("un rol sin policies:write no ve el botón y no puede abrir ni enviar el formulario", async ({ page, signInAsAdmin }) => {
  await signInAsAdmin("comercial");
  await page.goto("/admin/policies");
  await expect(page.getByRole("heading", { level: 1, name: "Pólizas" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Nueva póliza por teléfono" })).toHaveCount(0);
  // The sign-out form carries a valid CSRF token for the forged POST below.
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  await page.goto("/admin/policies/new");
  await expect(page.getByText("Acceso Denegado").first()).toBeVisible();

  const forged = await page.request.post("/admin/policies/new", {
    form: { csrf, linea: "alquiler", postalCode: "08001", monthlyRent: "950", tenantMonthlyIncome: "3200", months: "12" },
  });
  expect(await forged.text()).toContain("Acceso Denegado");
});
