import type { Page } from "@playwright/test";
import { addDays } from "../../api/domain/calendar";
import { postClaimMessage, requestClaimDocument } from "../../api/services/claim-thread";
import { AUTO, HOGAR } from "../support/quote-inputs";
import { expect, moveTo, staff, test, type ApiClock } from "./clock-server";
import { buyPolicy, expectNoSeriousA11yViolations, newVisitor, submitLoginForm, uniqueNif, type VisitorAccount } from "./support";

// Issue 26, the customer's side (ADR 042), with JavaScript on and off: declaring a claim one
// question per screen from Mi póliza — a home water claim end to end (a date before the policy,
// an empty description, a file that is not what its name says and a 30 MB photo each refused in
// Spanish with nothing typed lost; leaving and coming back; «Quitar»; «Cambiar» from the summary),
// a car glass claim on a phone (390 px), a rent default with the lease and the claim to the tenant;
// then answering a document the handler asked for and writing to the handler. On its own server
// with a clock it moves (tests/e2e/clock-server.ts): a policy bought today starts tomorrow.

/** A write and the page it redirects to, on a two-core machine shared with other suites. */
const AFTER_WRITE = 20_000;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n%${text}\n`);
const shown = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const HOLDER = { birthDate: "1985-06-15", phone: "+34 600 123 456", address: "Calle Mayor 12", postalCode: "28013", city: "Madrid" };

/** A visitor registered through the API with a policy of `line` bought by card; its start date. */
async function customerWith(page: Page, line: "hogar" | "auto" | "alquiler", name: string) {
  const account = newVisitor(name);
  const registered = await page.request.post("/api/auth/register", { data: account });
  expect(registered.status(), await registered.text()).toBe(201);
  const token = ((await registered.json()) as { token: string }).token;
  const headers = { authorization: `Bearer ${token}` };
  let policyId: number;
  if (line === "alquiler") policyId = (await buyPolicy(page.request, name, { token })).id;
  else {
    const quote = await page.request.post("/api/quotes", { headers, data: { line, inputs: line === "auto" ? AUTO : HOGAR } });
    expect(quote.status(), await quote.text()).toBe(201);
    const bought = await page.request.post(`/api/quotes/${((await quote.json()) as { id: string }).id}/checkout`, {
      headers,
      data: {
        plan: line === "auto" ? "terceros_ampliado" : "basico",
        optionalGuarantees: [],
        frequency: "anual",
        ...(line === "auto"
          ? { registration: "4321 BCD" }
          : { riskAddress: { street: "Calle de la Paz 3", door: "2.º A", postalCode: HOGAR.postalCode, city: "Valencia" } }),
        policyholder: { name, nif: uniqueNif(), ...HOLDER },
        payment: { method: "card", cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", holder: name },
        consents: { terms: true, privacy: true, ipid: true, marketing: false },
        idempotencyKey: crypto.randomUUID(),
      },
    });
    expect(bought.status(), await bought.text()).toBe(201);
    policyId = ((await bought.json()) as { id: number }).id;
  }
  const mine = await page.request.get(`/api/me/policies/${policyId}`, { headers });
  const { startDate } = (await mine.json()) as { startDate: string };
  return { account, policyId, startDate };
}

/** The clock `days` into the policy, and the customer signed in there through the login page, on their policy's page. */
async function signInOnDay(page: Page, clock: ApiClock, account: VisitorAccount, policyId: number, day: string) {
  moveTo(clock, day);
  await page.goto(`/mi-poliza/${policyId}`);
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await submitLoginForm(page, account);
  await expect(page).toHaveURL(`/mi-poliza/${policyId}`);
}

const continueButton = (page: Page) => page.getByRole("button", { name: "Continuar" });
const stepHeading = (page: Page, name: string) => expect(page.getByRole("heading", { level: 1, name })).toBeVisible({ timeout: AFTER_WRITE });

/** Steps «qué», «cuándo», «dónde» with good answers. */
async function answerFirstSteps(page: Page, type: string, when: string, where: string) {
  await page.getByRole("radio", { name: type }).check();
  await continueButton(page).click();
  await stepHeading(page, "¿Cuándo ocurrió?");
  await page.getByLabel("Fecha y hora").fill(when);
  await continueButton(page).click();
  await stepHeading(page, "¿Dónde ocurrió?");
  await page.getByLabel("Lugar").fill(where);
  await continueButton(page).click();
  await stepHeading(page, "Cuéntenos qué ocurrió");
}

async function upload(page: Page, kind: string | null, file: { name: string; mimeType: string; buffer: Buffer }) {
  if (kind) await page.getByLabel("Qué es").selectOption({ label: kind });
  await page.getByLabel("Fichero", { exact: true }).setInputFiles(file);
  await page.getByRole("button", { name: "Añadir fichero" }).click();
}

test("declarar un siniestro de agua en casa de principio a fin; lo mal escrito se dice en español y no se pierde nada", async ({ page, clock }) => {
  test.setTimeout(300_000);
  const { account, policyId, startDate } = await customerWith(page, "hogar", "Elena Prueba Agua");
  await signInOnDay(page, clock, account, policyId, addDays(startDate, 20));

  const claims = page.getByRole("region", { name: "Siniestros" });
  await claims.getByRole("link", { name: "Declarar un siniestro" }).click();
  await stepHeading(page, "¿Qué ha pasado?");
  await expect(page.getByText("Paso 1 de 7")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("radio", { name: "Daños por agua" }).check();
  await continueButton(page).click();

  // A date before the policy: refused on this step, what was typed kept.
  await stepHeading(page, "¿Cuándo ocurrió?");
  const before = `${shown(addDays(startDate, -2))} 10:00`;
  await page.getByLabel("Fecha y hora").fill(before);
  await continueButton(page).click();
  await expect(page.getByText(`Su póliza empezó el ${shown(startDate)}: no cubre lo ocurrido antes`).first()).toBeVisible({ timeout: AFTER_WRITE });
  await expect(page.getByLabel("Fecha y hora")).toHaveValue(before);
  await expect(page).toHaveTitle(/^Error: /);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Fecha y hora").fill(`${shown(addDays(startDate, 19))} 21:30`);
  await continueButton(page).click();
  await stepHeading(page, "¿Dónde ocurrió?");
  await page.getByLabel("Lugar").fill("Calle de la Paz 3, 2.º A, Valencia");
  await continueButton(page).click();

  // Left half done: Mi póliza offers to go on, and the declaration resumes where it was.
  await stepHeading(page, "Cuéntenos qué ocurrió");
  await page.goto(`/mi-poliza/${policyId}`);
  await claims.getByRole("link", { name: "Continuar la declaración" }).click();
  await stepHeading(page, "Cuéntenos qué ocurrió");
  await expect(page.getByText("Paso 4 de 7")).toBeVisible();

  // An empty description: refused, the amount typed kept.
  await page.getByLabel("Importe aproximado de los daños, en euros (opcional)").fill("1.234,56");
  await continueButton(page).click();
  await expect(page.getByText("Describa qué ocurrió, con al menos 20 caracteres").first()).toBeVisible({ timeout: AFTER_WRITE });
  await expect(page.getByLabel("Importe aproximado de los daños, en euros (opcional)")).toHaveValue("1.234,56");
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Qué ocurrió").fill("Se rompió el latiguillo del lavabo y el agua mojó el parqué del baño y del pasillo.");
  await continueButton(page).click();

  // Photos and documents: what this type usually needs is named; wrong files are refused in Spanish.
  await stepHeading(page, "Fotos y documentos");
  await expect(page.getByText("Para «Daños por agua» suele hacer falta:")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Factura o presupuesto" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await upload(page, "Fotografía", { name: "baño.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Esto no es una foto.") });
  await expect(page.getByText("El fichero no es un PDF, JPEG o PNG (su contenido no corresponde").first()).toBeVisible({ timeout: AFTER_WRITE });
  await expect(page.getByLabel("Qué es")).toHaveValue("foto");
  const big = Buffer.alloc(30 * 1024 * 1024);
  PNG.copy(big);
  await upload(page, "Fotografía", { name: "grande.png", mimeType: "image/png", buffer: big });
  await expect(page.getByText("El fichero supera el tamaño máximo de 10 MB.").first()).toBeVisible({ timeout: AFTER_WRITE });
  await expect(page.getByRole("heading", { level: 1, name: "Fotos y documentos" })).toBeVisible();
  await upload(page, "Fotografía", { name: "baño mojado.png", mimeType: "image/png", buffer: PNG });
  const added = page.getByRole("region", { name: "Ficheros añadidos" });
  await expect(added).toContainText("Fotografía: bano-mojado.png", { timeout: AFTER_WRITE });
  await upload(page, "Factura o presupuesto", { name: "equivocado.pdf", mimeType: "application/pdf", buffer: pdf("otro") });
  await expect(added).toContainText("equivocado.pdf", { timeout: AFTER_WRITE });
  await added.getByRole("button", { name: "Quitar equivocado.pdf" }).click();
  await expect(page.getByText("Fichero quitado de la declaración").first()).toBeVisible({ timeout: AFTER_WRITE });
  await expect(added).not.toContainText("equivocado.pdf");
  await expect(added).toContainText("bano-mojado.png");
  await page.getByRole("link", { name: "Continuar" }).click();

  await stepHeading(page, "¿Cómo le contactamos?");
  await expect(page.getByLabel("Teléfono")).toHaveValue("+34600123456");
  await expect(page.getByLabel("Correo electrónico (opcional)")).toHaveValue(account.email);
  await page.getByRole("radio", { name: "Por la tarde (16 a 20 h)" }).check();
  await continueButton(page).click();

  // The summary: everything, each with «Cambiar», which comes back here.
  await stepHeading(page, "Revise su declaración");
  const main = page.getByRole("main");
  await expect(main).toContainText("Daños por agua");
  await expect(main).toContainText("1.234,56 €");
  await expect(main).toContainText("Fotografía: bano-mojado.png");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Cambiar dónde" }).click();
  await stepHeading(page, "¿Dónde ocurrió?");
  await expect(page.getByLabel("Lugar")).toHaveValue("Calle de la Paz 3, 2.º A, Valencia");
  await page.getByLabel("Lugar").fill("Calle de la Paz 3, 2.º A, 46001 Valencia");
  await page.getByRole("button", { name: "Guardar y volver al resumen" }).click();
  await stepHeading(page, "Revise su declaración");
  await expect(main).toContainText("46001 Valencia");
  await page.getByRole("button", { name: "Declarar el siniestro" }).click();

  // The claim's page: its number, the confirmation sent, what was declared, the photo.
  await expect(page).toHaveURL(new RegExp(`/mi-poliza/${policyId}/siniestros/\\d+$`), { timeout: AFTER_WRITE });
  const heading = page.getByRole("heading", { level: 1, name: /^Siniestro SIN-\d{4}-\d{6}$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace("Siniestro ", "");
  await expect(page.getByText(`Le hemos enviado la confirmación a ${account.email}.`).first()).toBeVisible();
  await expect(page.getByText("Lo hemos recibido. Un tramitador lo revisará")).toBeVisible();
  await expect(page.getByRole("region", { name: "Lo que declaró" })).toContainText("Se rompió el latiguillo del lavabo");
  await expect(page.getByRole("region", { name: "Fotos y documentos" }).getByRole("link", { name: "bano-mojado.png" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Mi póliza lists it; the draft is gone.
  await page.getByRole("link", { name: /^Volver a la póliza/ }).click();
  await expect(claims.getByRole("link", { name: `Siniestro ${number}` })).toBeVisible();
  await expect(claims).toContainText("Abierto");
  await expect(claims.getByRole("link", { name: "Declarar un siniestro" })).toBeVisible();
});

test.describe("en un teléfono (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("un siniestro de lunas del coche, declarado desde el móvil", async ({ page, clock }) => {
    test.setTimeout(240_000);
    const { account, policyId, startDate } = await customerWith(page, "auto", "Tomás Prueba Lunas");
    await signInOnDay(page, clock, account, policyId, addDays(startDate, 12));
    await page.getByRole("region", { name: "Siniestros" }).getByRole("link", { name: "Declarar un siniestro" }).click();
    await stepHeading(page, "¿Qué ha pasado?");
    await answerFirstSteps(page, "Rotura de lunas", `${shown(addDays(startDate, 11))} 08:15`, "A-3, km 25, sentido Valencia");
    await page.getByLabel("Qué ocurrió").fill("Una piedra saltó de un camión y rompió la luna delantera del coche.");
    await continueButton(page).click();
    await stepHeading(page, "Fotos y documentos");
    await upload(page, null, { name: "luna.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByRole("region", { name: "Ficheros añadidos" })).toContainText("luna.png", { timeout: AFTER_WRITE });
    await page.getByRole("link", { name: "Continuar" }).click();
    await stepHeading(page, "¿Cómo le contactamos?");
    await continueButton(page).click();
    await stepHeading(page, "Revise su declaración");
    await expect(page.getByRole("main")).toContainText("Rotura de lunas");
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Declarar el siniestro" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Siniestro SIN-/ })).toBeVisible({ timeout: AFTER_WRITE });
    await expect(page.getByRole("region", { name: "Lo que declaró" })).toContainText("Rotura de lunas");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(page);
  });
});

test("un impago de alquiler con el contrato y la reclamación al inquilino", async ({ page, clock }) => {
  test.setTimeout(240_000);
  const { account, policyId, startDate } = await customerWith(page, "alquiler", "Jorge Prueba Impago");
  // After the rent guarantee's 30 days of carencia.
  await signInOnDay(page, clock, account, policyId, addDays(startDate, 45));
  await page.getByRole("region", { name: "Siniestros" }).getByRole("link", { name: "Declarar un siniestro" }).click();
  await stepHeading(page, "¿Qué ha pasado?");
  await answerFirstSteps(
    page,
    "Impago de rentas del inquilino",
    `${shown(addDays(startDate, 35))} 09:00`,
    "Carrer de Mallorca 100, 2.º 1.ª, Barcelona",
  );
  await page.getByLabel("Qué ocurrió").fill("El inquilino no ha pagado la renta de este mes ni la del anterior y no contesta.");
  await continueButton(page).click();
  // The months unpaid are needed for a rent default.
  await expect(page.getByText("Indique cuántas mensualidades le debe el inquilino (de 1 a 18)").first()).toBeVisible({ timeout: AFTER_WRITE });
  await expect(page.getByLabel("Qué ocurrió")).toHaveValue(/^El inquilino no ha pagado/);
  await page.getByLabel("Mensualidades que le debe el inquilino").fill("2");
  await continueButton(page).click();

  await stepHeading(page, "Fotos y documentos");
  await expect(page.getByRole("listitem").filter({ hasText: "Contrato de arrendamiento" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Reclamación al inquilino (burofax, requerimiento)" })).toBeVisible();
  // Each time the form offers the next document still missing.
  await expect(page.getByLabel("Qué es")).toHaveValue("contrato_arrendamiento");
  await upload(page, null, { name: "contrato.pdf", mimeType: "application/pdf", buffer: pdf("contrato") });
  await expect(page.getByRole("region", { name: "Ficheros añadidos" })).toContainText("contrato.pdf", { timeout: AFTER_WRITE });
  await expect(page.getByLabel("Qué es")).toHaveValue("reclamacion_inquilino");
  await upload(page, null, { name: "burofax.pdf", mimeType: "application/pdf", buffer: pdf("burofax") });
  await expect(page.getByRole("region", { name: "Ficheros añadidos" })).toContainText("burofax.pdf", { timeout: AFTER_WRITE });
  await page.getByRole("link", { name: "Continuar" }).click();
  await stepHeading(page, "¿Cómo le contactamos?");
  await continueButton(page).click();
  await stepHeading(page, "Revise su declaración");
  await expect(page.getByRole("main")).toContainText("Mensualidades debidas");
  await page.getByRole("button", { name: "Declarar el siniestro" }).click();

  await expect(page.getByRole("heading", { level: 1, name: /^Siniestro SIN-/ })).toBeVisible({ timeout: AFTER_WRITE });
  const files = page.getByRole("region", { name: "Fotos y documentos" });
  await expect(files).toContainText("Contrato de arrendamiento");
  await expect(files).toContainText("Reclamación al inquilino");
  const download = await page.request.get((await files.getByRole("link", { name: "burofax.pdf" }).getAttribute("href"))!);
  expect(download.status()).toBe(200);
  expect((await download.body()).toString()).toBe(pdf("burofax").toString());
  await expectNoSeriousA11yViolations(page);
});

test("el tramitador pide la denuncia y escribe: el cliente la envía desde el siniestro y le contesta", async ({ page, clock, clockServer }) => {
  test.setTimeout(240_000);
  const { account, policyId, startDate } = await customerWith(page, "hogar", "Irene Prueba Denuncia");
  await signInOnDay(page, clock, account, policyId, addDays(startDate, 30));
  // Declared through the customer's API (the screens are the other tests'), then the handler asks and writes.
  const login = await page.request.post("/api/auth/login", { data: { email: account.email, password: account.password } });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const declared = await page.request.post(`/api/me/policies/${policyId}/claims`, {
    headers,
    data: {
      eventType: "hogar_robo",
      occurredAt: `${shown(addDays(startDate, 28))} 03:00`,
      place: "Calle de la Paz 3, Valencia",
      description: "Forzaron la puerta de casa por la noche y se llevaron un ordenador portátil.",
      contactPhone: "600 123 456",
    },
  });
  expect(declared.status(), await declared.text()).toBe(201);
  const claim = ((await declared.json()) as { claim: { id: number; number: string } }).claim;
  const me = await page.request.get("/api/admin/auth/me", { headers: await staff(page) });
  const adminId = ((await me.json()) as { id: number }).id;
  const actor = { actorType: "admin" as const, actorId: adminId, actorLabel: "admin@cotiza.test" };
  const now = new Date(Date.now() + clock.ahead);
  const db = clockServer.database.db;
  await requestClaimDocument(db, claim.id, adminId, { kind: "denuncia", note: "La copia sellada por la policía" }, actor, now);
  await postClaimMessage(db, claim.id, { kind: "tramitador", adminId }, "¿Puede enviarnos la denuncia, por favor?", actor, now);

  await page.reload();
  await page
    .getByRole("region", { name: "Siniestros" })
    .getByRole("link", { name: `Siniestro ${claim.number}` })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: `Siniestro ${claim.number}` })).toBeVisible();
  const asked = page.getByRole("listitem", { name: "Documento pedido: Denuncia" });
  await expect(asked).toContainText("La copia sellada por la policía");
  const thread = page.getByRole("region", { name: "Mensajes con su tramitador" });
  await expect(thread).toContainText("¿Puede enviarnos la denuncia, por favor?");
  await expectNoSeriousA11yViolations(page);

  // The request answered by an upload: the form knows which document it is.
  await asked.getByLabel("Fichero", { exact: true }).setInputFiles({ name: "denuncia.pdf", mimeType: "application/pdf", buffer: pdf("denuncia") });
  await asked.getByRole("button", { name: "Enviar documento" }).click();
  await expect(page.getByText("Documento enviado").first()).toBeVisible({ timeout: AFTER_WRITE });
  await expect(page.getByRole("listitem", { name: "Documento pedido: Denuncia" })).toHaveCount(0);
  const documents = page.getByRole("region", { name: "Fotos y documentos" });
  await expect(documents).toContainText(/Denuncia: pedido el \d{2}\/\d{2}\/\d{4}, enviado el/);
  await expect(documents.getByRole("link", { name: "denuncia.pdf" })).toBeVisible();

  // A message: empty is refused in Spanish; then it is in the thread.
  await thread.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(page.getByText("Escriba su mensaje").first()).toBeVisible({ timeout: AFTER_WRITE });
  await thread.getByLabel("Su mensaje").fill("Ya la he enviado. El portátil era un regalo; tengo la factura.");
  await thread.getByRole("button", { name: "Enviar mensaje" }).click();
  await expect(page.getByText("Mensaje enviado").first()).toBeVisible({ timeout: AFTER_WRITE });
  await expect(page.getByRole("region", { name: "Mensajes con su tramitador" })).toContainText("Ya la he enviado. El portátil era un regalo");
  await expectNoSeriousA11yViolations(page);
});
