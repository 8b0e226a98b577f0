import type { Page } from "@playwright/test";
import { addDays } from "../../api/domain/calendar";
import { MEMORY_DB_ADMIN } from "../support/memory-db";
import { AUTO, HOGAR } from "../support/quote-inputs";
import { expect, moveTo, staff, test, type ApiClock } from "./clock-server";
import { expectNoSeriousA11yViolations, submitLoginForm, uniqueNif, type VisitorAccount } from "./support";

// The staff's side of claims (issue 26): a car glass claim assigned, accepted with the payable
// amount shown, paid to an IBAN and closed; a home water claim declared on the day the policy was
// suspended shows the suspension line failing (art. 15 LCS) and is rejected with a reason the
// customer reads; a document asked for and a message written; the list and the page are axe-clean.
// Both go on to the customer's side of the same claim: the indemnity paid, as Mi póliza shows it;
// the rules' refusal with its article, the document asked for sent from Mi póliza and the reply
// read by the handler, then the rejection's reason as the customer reads it.
// JavaScript on and off (the projects). On a server of its own with a clock it moves
// (tests/e2e/clock-server.ts): a policy starts tomorrow at the earliest, and a claim happens after.

const AFTER_WRITE = 15_000;

/**
 * A customer who bought a policy of `line` (it starts tomorrow, the earliest a policy may), the
 * clock moved to 10:00 of its second day — the policy suspended by staff then, if asked —, and a
 * claim they declared on it that day at 08:00.
 */
async function declaredClaim(page: Page, clock: ApiClock, line: "auto" | "hogar", suspend = false) {
  const request = page.request;
  const tag = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
  const holder = line === "auto" ? "Jorge Lunas Prieto" : "Elena Agua Ruiz";
  const account = { email: `siniestro-${tag}@cotiza.test`, password: "Cliente-Segura-2026" };
  const registered = await request.post("/api/auth/register", { data: { name: holder, ...account } });
  expect(registered.status(), await registered.text()).toBe(201);
  let headers = { authorization: `Bearer ${((await registered.json()) as { token: string }).token}` };
  const quote = await request.post("/api/quotes", { headers, data: { line, inputs: line === "auto" ? AUTO : HOGAR } });
  expect(quote.status(), await quote.text()).toBe(201);
  const bought = await request.post(`/api/quotes/${((await quote.json()) as { id: string }).id}/checkout`, {
    headers,
    data: {
      ...(line === "auto"
        ? { plan: "terceros", optionalGuarantees: ["auto_lunas"], registration: "1234 BCD" }
        : {
            plan: "basico",
            optionalGuarantees: [],
            riskAddress: { street: "Calle de la Paz 3", door: "2.º A", postalCode: "46001", city: "Valencia" },
          }),
      frequency: "anual",
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
  const policy = (await bought.json()) as { id: number; number: string; startDate: string };
  const mine = await request.get(`/api/me/policies/${policy.id}`, { headers });
  const startDate = ((await mine.json()) as { startDate: string }).startDate;
  const day = addDays(startDate, 1);
  moveTo(clock, day);
  const signedIn = await request.post("/api/auth/login", { data: account });
  headers = { authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}` };
  if (suspend) {
    const suspended = await request.post(`/api/admin/policies/${policy.id}/suspend`, {
      headers: await staff(page),
      data: { reason: "Recibo impagado: prueba de siniestros" },
    });
    expect(suspended.status(), await suspended.text()).toBe(200);
  }
  const declared = await request.post(`/api/me/policies/${policy.id}/claims`, {
    headers,
    data: {
      eventType: line === "auto" ? "auto_lunas" : "hogar_agua",
      occurredAt: `${day.split("-").reverse().join("/")} 08:00`,
      place: line === "auto" ? "Autovía A-3, km 25, Madrid" : "Calle de la Paz 3, Valencia",
      description:
        line === "auto"
          ? "Una piedra saltó de un camión y rompió el parabrisas del coche."
          : "Se rompió el latiguillo del lavabo y el agua mojó el parqué.",
      amountClaimedCents: line === "auto" ? "450" : "1.000",
      contactPhone: "600 123 456",
    },
  });
  expect(declared.status(), await declared.text()).toBe(201);
  const { claim, covered } = (await declared.json()) as { claim: { id: number; number: string }; covered: boolean };
  expect(covered, JSON.stringify(claim)).toBe(!suspend);
  return { ...claim, policy, holder, account: { ...account, name: holder } satisfies VisitorAccount };
}

/** Opens the customer's page of the claim, signing in on /login (the staff's session cleared). */
async function asCustomer(page: Page, account: VisitorAccount, claim: { id: number; number: string; policy: { id: number } }) {
  const path = `/mi-poliza/${claim.policy.id}/siniestros/${claim.id}`;
  await page.context().clearCookies();
  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await submitLoginForm(page, account);
  await expect(page).toHaveURL(path, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1, name: `Siniestro ${claim.number}` })).toBeVisible();
}

/** Opens `path` as the seeded superadmin, signing in on /admin/login (a new clock, a new session). */
async function asStaff(page: Page, path: string) {
  await page.context().clearCookies();
  await page.goto(path);
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
  await page.getByLabel("Correo electrónico").fill(MEMORY_DB_ADMIN.email);
  await page.getByLabel("Contraseña").fill(MEMORY_DB_ADMIN.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(path, { timeout: 30_000 });
}

async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.getByRole("status").filter({ hasText: text }).first()).toBeVisible({ timeout: AFTER_WRITE });
}

/** Opens the action box `title` of the page (its section) for the locators of its form. */
const box = (page: Page, title: string) => page.getByRole("region", { name: title, exact: true });

test.describe("siniestros para el personal", () => {
  test("un siniestro de lunas: asignado, aceptado con lo que se paga, pagado a un IBAN y cerrado", async ({ page, clock }) => {
    test.setTimeout(180_000);
    const claim = await declaredClaim(page, clock, "auto");
    await asStaff(page, `/admin/claims?q=${claim.number}`);
    await expect(page.getByRole("heading", { level: 1, name: "Siniestros" })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: claim.number });
    await expect(row).toContainText("Abierto");
    await expect(row).toContainText("Rotura de lunas");
    await expect(row).toContainText(claim.holder);
    await expect(row).toContainText("450,00");
    await expect(row).toContainText("Cubierto");
    await expectNoSeriousA11yViolations(page);
    await row.getByRole("link", { name: claim.number }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Siniestro ${claim.number}` })).toBeVisible();

    await box(page, "Asignar").getByLabel("Tramitador").selectOption({ index: 1 });
    await box(page, "Asignar").getByRole("button", { name: "Asignar" }).click();
    await expectToast(page, "Asignado a");

    await box(page, "Cambiar el estado").getByLabel("Nuevo estado").selectOption("en_revision");
    await box(page, "Cambiar el estado").getByRole("button", { name: "Cambiar el estado" }).click();
    await expectToast(page, "Ahora está en revisión");

    // A refused amount keeps what was typed, with the reason.
    await box(page, "Aceptar").getByLabel("Importe aceptado (€)").fill("cuatrocientos");
    await box(page, "Aceptar").getByRole("button", { name: "Aceptar…" }).click();
    await expect(box(page, "Aceptar").getByText("Escribe el importe reclamado que se acepta, en euros").first()).toBeVisible();
    await expect(box(page, "Aceptar").getByLabel("Importe aceptado (€)")).toHaveValue("cuatrocientos");

    await box(page, "Aceptar").getByLabel("Importe aceptado (€)").fill("450");
    await box(page, "Aceptar").getByRole("button", { name: "Aceptar…" }).click();
    // The confirmation (a dialog, or the step without JavaScript) says what will be paid.
    await expect(page.getByText("se pagarán 450,00 €").first()).toBeVisible();
    await page.getByRole("button", { name: "Aceptar el siniestro" }).click();
    await expectToast(page, "Siniestro aceptado");
    await expect(page.getByText(/A pagar 450,00/).first()).toBeVisible();
    const cover = page.getByRole("region", { name: "Cobertura" });
    await expect(cover.getByRole("heading", { name: "Al aceptarlo" })).toBeVisible();

    await page.getByRole("link", { name: "Pagar la indemnización" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Pagar la indemnización del siniestro ${claim.number}` })).toBeVisible();
    await page.getByLabel("IBAN del cliente").fill("ES91 2100 0418 4502 0005 1332");
    await page.getByLabel("Referencia de la transferencia (opcional)").fill("TRF-LUNAS-1");
    await page.getByRole("button", { name: "Pagar…" }).click();
    await expect(page.getByText(/a la cuenta ES91 •+/).first()).toBeVisible();
    await page.getByRole("button", { name: "Registrar el pago" }).click();
    await expectToast(page, "Indemnización pagada");
    await expect(page.getByText(/Pagado el .*450,00\s€ a ES91/)).toBeVisible();
    await expect(page.getByText("0418")).toHaveCount(0);

    await box(page, "Cerrar").getByRole("button", { name: "Cerrar el siniestro…" }).click();
    await page.getByRole("button", { name: "Cerrar el siniestro", exact: true }).click();
    await expectToast(page, "Siniestro cerrado");
    await expect(page.locator("h1").locator("xpath=..")).toContainText("Cerrado");

    // The customer sees the indemnity paid, the account masked.
    await asCustomer(page, claim.account, claim);
    const paid = page.getByRole("region", { name: "Indemnización" });
    await expect(paid).toContainText(/Pagado\s*450,00\s€ el \d{2}\/\d{2}\/\d{4} en la cuenta ES91 •+/);
    await expect(page.getByText("0418")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test("un siniestro de agua el día de la suspensión: la línea de suspensión falla (art. 15 LCS), se pide un documento, se escribe y se rechaza", async ({
    page,
    clock,
  }) => {
    test.setTimeout(180_000);
    const claim = await declaredClaim(page, clock, "hogar", true);
    // The customer reads why the rules do not cover it, with the article.
    await asCustomer(page, claim.account, claim);
    const refusal = page.getByRole("region", { name: "Por qué no está cubierto" });
    await expect(refusal).toContainText("art. 15 LCS");
    await expectNoSeriousA11yViolations(page);

    await asStaff(page, `/admin/claims?q=${claim.number}`);
    await page.getByRole("link", { name: claim.number }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Siniestro ${claim.number}` })).toBeVisible();
    await expect(page.getByText("No cubierto según las reglas")).toBeVisible();
    const suspension = page
      .getByRole("region", { name: "Cobertura" })
      .getByRole("listitem")
      .filter({ hasText: "Cobertura no suspendida por impago" });
    await expect(suspension).toContainText("Falla");
    await expect(suspension).toContainText("art. 15 LCS");
    await expectNoSeriousA11yViolations(page);

    await box(page, "Pedir un documento al cliente").getByLabel("Documento").selectOption("factura");
    await box(page, "Pedir un documento al cliente").getByLabel("Nota para el cliente (opcional)").fill("La factura del fontanero");
    await box(page, "Pedir un documento al cliente").getByRole("button", { name: "Pedir el documento" }).click();
    await expectToast(page, "Documento pedido");
    await expect(page.getByRole("region", { name: "Documentos" })).toContainText("La factura del fontanero");
    await expect(page.getByRole("region", { name: "Documentos" })).toContainText("Pendiente");

    await page.getByLabel("Tu respuesta al cliente").fill("Hemos recibido su parte; revisamos la cobertura.");
    await page.getByRole("button", { name: "Enviar el mensaje" }).click();
    await expectToast(page, "Mensaje enviado al cliente");
    await expect(page.getByRole("region", { name: "Mensajes con el cliente" })).toContainText("Hemos recibido su parte; revisamos la cobertura.");

    // The customer sends the invoice asked for from Mi póliza and answers; the handler sees both.
    await asCustomer(page, claim.account, claim);
    await expect(page.getByRole("region", { name: "Mensajes con su tramitador" })).toContainText("Hemos recibido su parte; revisamos la cobertura.");
    const asked = page.getByRole("listitem", { name: /^Documento pedido: Factura/ });
    await expect(asked).toContainText("La factura del fontanero");
    await asked
      .getByLabel("Fichero", { exact: true })
      .setInputFiles({ name: "factura.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%factura del fontanero\n") });
    await asked.getByRole("button", { name: "Enviar documento" }).click();
    await expect(page.getByText("Documento enviado").first()).toBeVisible({ timeout: AFTER_WRITE });
    const thread = page.getByRole("region", { name: "Mensajes con su tramitador" });
    await thread.getByLabel("Su mensaje").fill("Le envío la factura. El día del escape ya había pagado el recibo por la tarde.");
    await thread.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect(page.getByText("Mensaje enviado").first()).toBeVisible({ timeout: AFTER_WRITE });

    await asStaff(page, `/admin/claims/${claim.id}`);
    await expect(page.getByRole("region", { name: "Documentos" })).toContainText("Recibido");
    await expect(page.getByRole("region", { name: "Documentos" }).getByRole("link", { name: /factura\.pdf/ })).toBeVisible();
    await expect(page.getByRole("region", { name: "Mensajes con el cliente" })).toContainText("Le envío la factura.");

    const reason = "La póliza estaba suspendida por un recibo impagado el día del siniestro (art. 15 de la Ley de Contrato de Seguro).";
    await box(page, "Rechazar").getByLabel("Motivo que leerá el cliente").fill(reason);
    await box(page, "Rechazar").getByRole("button", { name: "Rechazar…" }).click();
    await page.getByRole("button", { name: "Rechazar el siniestro" }).click();
    await expectToast(page, "Siniestro rechazado");
    await expect(page.getByRole("region", { name: "Cobertura" })).toContainText(reason);

    // The customer reads the handler's reason.
    await asCustomer(page, claim.account, claim);
    await expect(page.getByRole("region", { name: "Por qué lo hemos rechazado" })).toContainText(reason);
  });
});
