import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { definitionOf, escapeRegExp, expectFocusAfterStep, expectNoSeriousA11yViolations, expectPdf, madridDay, uniqueNif } from "./support";
import { addDays } from "../../api/domain/calendar";
import { formatMoney } from "../../api/contract/format";
import { HOGAR } from "../support/quote-inputs";

// /garantias: a customer adds a guarantee to a home policy (a suplemento) and pays by card,
// then sees it on /garantia-confirmada and in Mi póliza with the new version of the conditions
// (the old one still there); a visitor sees every line's guarantees and in which plans they are.

/** A home policy, plan Básico, paid yearly by card, bought through the API as the visitor. */
async function buyHome(request: APIRequestContext, token: string, holder: string) {
  const headers = { authorization: `Bearer ${token}` };
  const quote = await request.post("/api/quotes", { headers, data: { line: "hogar", inputs: HOGAR } });
  expect(quote.status(), await quote.text()).toBe(201);
  const bought = await request.post(`/api/quotes/${((await quote.json()) as { id: string }).id}/checkout`, {
    headers,
    data: {
      plan: "basico",
      optionalGuarantees: [],
      frequency: "anual",
      riskAddress: { street: "Calle de la Paz 3", door: "2.º A", postalCode: HOGAR.postalCode, city: "Valencia" },
      policyholder: {
        name: holder,
        nif: uniqueNif(),
        birthDate: "1985-06-15",
        phone: "+34 600 123 456",
        address: "Calle Mayor 12",
        postalCode: "28013",
        city: "Madrid",
      },
      payment: { method: "card", cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", holder },
      consents: { terms: true, privacy: true, ipid: true, marketing: false },
      idempotencyKey: crypto.randomUUID(),
    },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  return (await bought.json()) as { id: number; number: string };
}

test("un cliente añade una garantía a su póliza de hogar con tarjeta y la ve confirmada y en Mi póliza con el nuevo PDF", async ({
  page,
  signInAsVisitor,
}) => {
  test.slow();
  const visitor = await signInAsVisitor({ name: "Elena Suplemento" });
  const policy = await buyHome(page.request, visitor.token, visitor.name);

  await page.goto(`/mi-poliza/${policy.id}`);
  await page.getByRole("link", { name: "Añadir garantías" }).click();
  await expect(page).toHaveURL(`/garantias?poliza=${policy.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Añadir garantías a su póliza" })).toBeVisible();
  await expect(page.getByLabel("Fecha de efecto")).toHaveValue(madridDay(1).shown);
  await expectNoSeriousA11yViolations(page);

  // Step 1: choose, then the price of the choice.
  await page.getByRole("checkbox", { name: /^Asistencia en el hogar: / }).check();
  await page.getByRole("button", { name: "Ver el precio" }).click();
  const summary = page.getByRole("region", { name: "Resumen y pago" });
  await expect(summary).toContainText(`Añade Asistencia en el hogar a su póliza ${policy.number} desde el ${madridDay(1).shown}`);
  const total = (await summary
    .getByRole("row", { name: /^Total/ })
    .getByRole("cell")
    .textContent())!.trim();
  await expectNoSeriousA11yViolations(page);

  // Step 2: without the IPID ticked, the form says so and keeps the choice.
  await page.getByLabel("Número de la tarjeta").fill("4242 4242 4242 4242");
  await page.getByLabel("Caducidad").fill("12/30");
  await page.getByLabel("Código de seguridad (CVC)").fill("123");
  await page.getByLabel("Titular de la tarjeta").fill(visitor.name);
  await page.getByRole("button", { name: `Añadir y pagar ${total}` }).click();
  await expect(page.getByText("Debe leer y aceptar el documento de información del producto (IPID) actualizado").first()).toBeVisible();
  await expect(page).toHaveTitle(/^Error: /);

  // The card fields come back empty (never sent back to the browser): typed again, with the IPID accepted.
  await page.getByLabel("Número de la tarjeta").fill("4242 4242 4242 4242");
  await page.getByLabel("Código de seguridad (CVC)").fill("123");
  await page.getByLabel(/He leído el documento de información del producto \(IPID\) actualizado/).check();
  await page.getByRole("button", { name: `Añadir y pagar ${total}` }).click();

  await expect(page).toHaveURL(/\/garantia-confirmada\?suplemento=\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Garantías añadidas a su póliza" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`Le cubren desde el ${madridDay(1).shown} a las 00:00 h`);
  await expect(page.getByRole("region", { name: "Qué se ha añadido" })).toContainText("Asistencia en el hogar");
  await expect(page.getByRole("region", { name: "Importe cobrado" })).toContainText(total);
  await expect(page.getByRole("region", { name: "Importe cobrado" })).toContainText("cobrado con su tarjeta •••• 4242");
  const v2 = await page.getByRole("link", { name: "Condiciones particulares, versión 2 (PDF)" }).getAttribute("href");
  await expectPdf(await page.request.get(v2!));
  const recibo = await page.getByRole("link", { name: /^Recibo n\.º 2 del suplemento/ }).getAttribute("href");
  await expectPdf(await page.request.get(recibo!));
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "Volver a Mi póliza" }).click();
  await expect(page).toHaveURL(`/mi-poliza/${policy.id}`);
  await expect(page.getByRole("main")).toContainText(`Asistencia en el hogar (añadida por suplemento desde el ${madridDay(1).shown}`);
  await expect(page.getByRole("region", { name: "Suplementos" })).toContainText(`Asistencia en el hogar desde el ${madridDay(1).shown}: ${total}`);
  // The new conditions are the ones in force; version 1 stays downloadable.
  await expectPdf(await page.request.get((await page.getByRole("link", { name: "Condiciones particulares (PDF)" }).getAttribute("href"))!));
  const v1 = await page.getByRole("link", { name: "Condiciones particulares, versión 1 (PDF)" }).getAttribute("href");
  expect(v1).toBe(`/documentos/poliza/${policy.id}/condiciones?version=1`);
  await expectPdf(await page.request.get(v1!));

  // Issue 28. "Prima total anual" is the premium with the guarantee added, no longer the one issued.
  const read = await page.request.get(`/api/me/policies/${policy.id}`, { headers: { authorization: `Bearer ${visitor.token}` } });
  const now = (await read.json()) as { premium: { total: number }; termPremium: { total: number }; endDate: string };
  expect(now.premium.total).toBeGreaterThan(now.termPremium.total);
  const annual = definitionOf(page.getByRole("main"), "Prima total anual");
  await expect(annual).toContainText(formatMoney(now.premium.total));
  await expect(annual).toContainText(`La anualidad se emitió por ${formatMoney(now.termPremium.total)}`);
  // The recibos table names each date for what it is: the period covered, the due date, the day it was charged.
  const table = page.getByRole("table", { name: `Recibos de la póliza ${policy.number}` });
  // What matters first on a narrow screen: the due date after the amount and the status.
  await expect(table.getByRole("columnheader")).toHaveText(["Recibo", "Periodo que cubre", "Importe", "Estado", "Vencimiento", "Acciones"]);
  const lastDay = shown(addDays(now.endDate, -1));
  const suplemento = table.getByRole("row").filter({ hasText: "Suplemento" });
  await expect(suplemento.getByRole("cell").nth(1)).toHaveText(
    new RegExp(`^${escapeRegExp(madridDay(1).shown)}\\s*–\\s*al\\s*${escapeRegExp(lastDay)}$`),
  );
  await expect(suplemento.getByRole("cell").nth(3)).toHaveText(`Cobrado el ${madridDay(0).shown}`);
  await expect(suplemento.getByRole("cell").nth(4)).toHaveText(madridDay(1).shown);
  await expectNoSeriousA11yViolations(page);
});

// Issue 28: the suplemento by keyboard alone. Focus lands on what each step brings (JavaScript on),
// never on <body>; "Ver el precio" with nothing ticked says what to do, with and without JavaScript.
test("con el teclado: elegir la póliza, ver el precio sin marcar nada y con una garantía, pagar", async ({
  page,
  signInAsVisitor,
  javaScriptEnabled,
}) => {
  test.slow();
  const visitor = await signInAsVisitor({ name: "Irene Teclado" });
  // Two policies in force: the page first asks which one.
  const first = await buyHome(page.request, visitor.token, visitor.name);
  await buyHome(page.request, visitor.token, visitor.name);

  await page.goto("/garantias");
  const heading = page.getByRole("heading", { level: 1, name: "Añadir garantías a su póliza" });
  await expect(heading).toBeVisible();
  await page.getByRole("link", { name: new RegExp(`\\(${escapeRegExp(first.number)}\\)$`) }).press("Enter");
  await expect(page).toHaveURL(`/garantias?poliza=${first.id}`);
  await expect(page.getByText(`Póliza ${first.number}`)).toBeVisible();
  await expectFocusAfterStep(heading, javaScriptEnabled);

  // Nothing ticked: the message beside the guarantees, the group described by it, focus on it.
  const seePrice = page.getByRole("button", { name: "Ver el precio" });
  await seePrice.press("Enter");
  const guarantees = page.getByRole("group", { name: "Garantías que puede añadir" });
  const NOTHING_TICKED = "Marque al menos una garantía para ver su precio";
  await expect(guarantees).toHaveAccessibleDescription(`Error: ${NOTHING_TICKED}`);
  await expect(page).toHaveTitle(/^Error: Añadir garantías/);
  const focusOnMessage = async () => {
    await expect(guarantees.getByText(NOTHING_TICKED)).toBeVisible();
    if (javaScriptEnabled) await expect(page.locator(":focus")).toHaveText(`Error: ${NOTHING_TICKED}`);
  };
  await focusOnMessage();
  // The same again: said again, focus on it again.
  await seePrice.focus();
  await seePrice.press("Enter");
  await focusOnMessage();
  // From the message, the next Tab reaches the first guarantee.
  if (javaScriptEnabled) {
    await page.keyboard.press("Tab");
    await expect(guarantees.getByRole("checkbox").first()).toBeFocused();
  }

  await page.getByRole("checkbox", { name: /^Asistencia en el hogar: / }).check();
  await seePrice.press("Enter");
  await expectFocusAfterStep(page.getByRole("heading", { level: 2, name: "Resumen y pago" }), javaScriptEnabled);
  await expect(page.getByText("Marque al menos una garantía")).toHaveCount(0);
  await expect(page).toHaveTitle(/^Añadir garantías/);

  // Paid without the IPID ticked: the error summary; then paid.
  await page.getByLabel("Número de la tarjeta").fill("4242 4242 4242 4242");
  await page.getByLabel("Caducidad").fill("12/30");
  await page.getByLabel("Código de seguridad (CVC)").fill("123");
  await page.getByLabel("Titular de la tarjeta").fill(visitor.name);
  const pay = page.getByRole("button", { name: /^Añadir y pagar / });
  await pay.press("Enter");
  await expectFocusAfterStep(page.getByRole("alert").filter({ hasText: "Hay un problema" }), javaScriptEnabled);
  await page.getByLabel("Número de la tarjeta").fill("4242 4242 4242 4242");
  await page.getByLabel("Código de seguridad (CVC)").fill("123");
  await page.getByLabel(/He leído el documento de información del producto \(IPID\) actualizado/).check();
  await pay.press("Enter");
  await expectFocusAfterStep(page.getByRole("heading", { level: 1, name: "Garantías añadidas a su póliza" }), javaScriptEnabled);
});

test("el back office muestra el periodo del recibo de un suplemento hasta el último día de la anualidad", async ({
  page,
  signInAsVisitor,
  signInAsAdmin,
}) => {
  const visitor = await signInAsVisitor({ name: "Tomás Periodo" });
  const policy = await buyHome(page.request, visitor.token, visitor.name);
  const headers = { authorization: `Bearer ${visitor.token}` };
  const added = await page.request.post(`/api/me/policies/${policy.id}/endorsements`, {
    headers,
    data: {
      guarantees: ["hogar_asistencia"],
      ipid: true,
      payment: { method: "card", cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", holder: visitor.name },
      idempotencyKey: crypto.randomUUID(),
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { endDate } = (await (await page.request.get(`/api/me/policies/${policy.id}`, { headers })).json()) as { endDate: string };

  await signInAsAdmin("gestor");
  await page.goto(`/admin/policies/${policy.id}/payments`);
  const row = page.getByRole("row").filter({ hasText: "Suplemento" });
  // Was "25/02/2027 – 25/02/2027": the due day only, where the PDF said until the end of the term.
  await expect(row.getByRole("cell").nth(0)).toHaveText(
    new RegExp(`^${escapeRegExp(madridDay(1).shown)}\\s*–\\s*al\\s*${escapeRegExp(shown(addDays(endDate, -1)))}$`),
  );
});

/** aaaa-mm-dd as the site writes it. */
function shown(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

test("un visitante sin sesión ve las garantías de cada ramo y en qué planes están incluidas", async ({ page }) => {
  await page.goto("/garantias");
  await expect(page.getByRole("heading", { level: 1, name: "Garantías" })).toBeVisible();
  const home = page.getByRole("region", { name: "Seguro de hogar" });
  const theft = home.getByRole("row", { name: /^Robo/ });
  // Límite, Franquicia, then one column per plan: Básico, Completo, Premium.
  await expect(theft.getByRole("cell").nth(2)).toHaveText("Opcional");
  await expect(theft.getByRole("cell").nth(3)).toHaveText("✓ Incluida");
  await expect(theft.getByRole("cell").nth(4)).toHaveText("✓ Incluida");
  await expect(home.getByRole("link", { name: /^Calcular el precio/ })).toHaveAttribute("href", "/cotizar?linea=hogar");
  await expect(page.getByRole("link", { name: "Inicie sesión para añadir garantías a su póliza" })).toHaveAttribute(
    "href",
    "/login?redirectTo=/garantias",
  );
  await expect(page.getByRole("region", { name: /coche/i })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // On a phone the plan columns give way to one line per guarantee.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(theft.getByText("Incluida en Completo, Premium. Opcional en Básico.")).toBeVisible();
  await expect(theft.getByRole("cell").nth(2)).toBeHidden();
  await expectNoSeriousA11yViolations(page);
});
