import axe from "axe-core";
import { expect, test, type APIRequestContext, type APIResponse, type Browser, type Locator, type Page } from "@playwright/test";
import { ALQUILER, AUTO } from "../support/quote-inputs";

/** Tabs forward until `target` has focus (at most `limit` presses): the keyboard alone. */
export async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("No se llega al elemento con el tabulador");
}

/**
 * Fails on any serious or critical WCAG 2.1 A/AA violation on the current page.
 *
 * axe runs as a script in the page, which a JavaScript-off context cannot do. There the page's own
 * document (page.content(): what the server answered, a POST's errors included) is opened at its
 * URL in a JavaScript-on context whose /build/ scripts are answered empty: the page stays exactly
 * as the server rendered it (no hydration), which is what a JavaScript-off visitor gets. Asking the
 * URL again would check another page after a POST (the form without its errors).
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  const jsOff = test.info().project.use.javaScriptEnabled === false;
  const browser = page.context().browser();
  const copy = jsOff && browser ? await noHydrationCopy(browser, page) : null;
  try {
    const violations = await axeViolations(copy ?? page);
    const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      serious.map((v) => `${v.id}: ${v.help} (${v.targets.join(", ")})`),
      "violaciones de accesibilidad graves o críticas",
    ).toEqual([]);
  } finally {
    await copy?.context().close();
  }
}

const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * axe-core's WCAG 2.1 A/AA violations of the page's document, run in the page itself. Not through
 * @axe-core/playwright: its analyze() runs axe in each frame and then again in a new blank page
 * that merges the results, 2.2 s a check of /cotizar where axe.run in the page takes 0.25 s
 * (ADR 043). Frames are not entered (iframes: false): the only ones are the sandboxed e-mail
 * previews (ADR 039), which run no script, and whose content is the e-mail, not the page.
 */
async function axeViolations(page: Page): Promise<Array<{ id: string; impact: string | null; help: string; targets: string[] }>> {
  // The page as it settles: a list still loading is dimmed (aria-busy), and a transition still
  // running (a list fading back from that dim) would be measured half-way, its text's contrast with it.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const ending = document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
    const { axe: inPage } = window as unknown as { axe: typeof axe };
    const results = await inPage.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"], iframes: false });
    return results.violations.map((v) => ({ id: v.id, impact: v.impact ?? null, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
  }, WCAG_21_AA);
}

/**
 * The JavaScript-off page's document opened in a new JavaScript-on context (closed with it) that
 * holds the page's cookies, as the page's own requests for its stylesheet and images did.
 */
async function noHydrationCopy(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: true,
    storageState: await page.context().storageState(),
    viewport: page.viewportSize() ?? { width: 1280, height: 720 },
  });
  const shown = new URL(page.url());
  shown.hash = "";
  const document = await page.content();
  await context.route("**/build/**/*.js", (route) => route.fulfill({ status: 200, contentType: "text/javascript", body: "" }));
  await context.route(
    (url) => url.href.split("#")[0] === shown.href,
    (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: document }),
  );
  const copy = await context.newPage();
  await copy.goto(page.url());
  return copy;
}

export type VisitorAccount = { name: string; email: string; password: string };

/** A new visitor account's details; the e-mail is unique per project and run. */
export function newVisitor(name = "Marta Gómez"): VisitorAccount {
  const email = `cliente-${test.info().project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@cotiza.test`;
  return { name, email, password: "Cliente-Segura-2026" };
}

/** A valid NIF (with its check letter) that no other test is likely to use: one NIF, one client. */
export function uniqueNif(): string {
  const number = Math.floor(10_000_000 + Math.random() * 89_999_999);
  return `${number}${"TRWAGMYFPDXBNJZSQVHLCKE"[number % 23]}`;
}

/**
 * How long a sign-in or a registration may take to answer: it hashes a password, and the specs on
 * their own server (tests/e2e/clock-server.ts) run it in the test's own busy process.
 */
const SIGN_IN_ANSWER = { timeout: 20_000 };

/** Fills and sends the /register form the page is on; signed in, the header greets the visitor. */
export async function submitRegisterForm(page: Page, account: VisitorAccount) {
  await expect(page.getByRole("heading", { level: 1, name: "Crear una cuenta" })).toBeVisible();
  await page.getByLabel("Nombre").fill(account.name);
  await page.getByLabel("Correo electrónico").fill(account.email);
  await page.getByLabel("Contraseña", { exact: true }).fill(account.password);
  await page.getByLabel("Repita la contraseña").fill(account.password);
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByRole("banner")).toContainText(account.name, SIGN_IN_ANSWER);
}

/** Opens /register and creates the account. */
export async function register(page: Page, account: VisitorAccount = newVisitor()): Promise<VisitorAccount> {
  await page.goto("/register");
  await submitRegisterForm(page, account);
  return account;
}

/** Fills and sends the /login form the page is on. */
export async function submitLoginForm(page: Page, account: VisitorAccount) {
  await expect(page.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeVisible();
  await page.getByLabel("Correo electrónico").fill(account.email);
  await page.getByLabel("Contraseña").fill(account.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("banner")).toContainText(account.name, SIGN_IN_ANSWER);
}

/** "Salir" in the header: back to /login, signed out. */
export async function signOut(page: Page, account: VisitorAccount) {
  await page.getByRole("banner").getByRole("button", { name: "Salir" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("banner")).not.toContainText(account.name);
}

/** The alquiler form of /cotizar with a rent the tenant can afford (950 € of 3.200 €). */
export async function fillAlquilerQuote(page: Page) {
  await page.getByLabel("Código postal de la vivienda alquilada").fill("08001");
  await page.getByLabel("Renta mensual, en euros").fill("950");
  await page.getByLabel("Ingresos netos mensuales del inquilino, en euros").fill("3.200");
  await page.getByLabel("Situación laboral del inquilino").selectOption({ label: "Contrato indefinido" });
}

/** The car of the auto form of /cotizar: brand, then a model of that brand, from the lists. */
export async function chooseVehicle(page: Page, brand = "Seat", model = "Ibiza") {
  await page.getByLabel("Marca").selectOption(brand);
  await page.getByLabel("Modelo").selectOption({ label: `${brand} ${model}` });
}

/** Quotes an affordable rent from /cotizar; answers the quote's id, its validity as shown and the 12-month plan's checkout address as its button would submit it (paid yearly, no extras). */
export async function quoteAlquiler(page: Page) {
  await page.goto("/cotizar?linea=alquiler");
  await fillAlquilerQuote(page);
  await page.getByRole("button", { name: "Calcular precio" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sus precios" })).toBeVisible();
  const quoteId = new URL(page.url()).searchParams.get("cotizacion")!;
  const validUntil = (await page.getByText(/^Precio válido hasta el \d{2}\/\d{2}\/\d{4}$/).textContent())!.slice(-10);
  // The plan is in the button's name ("contratar.{plan}", no value: Lynx would show it).
  const plan = (await page.getByRole("button", { name: "Contratar este plan: 12 meses" }).getAttribute("name"))!.replace(/^contratar\./, "");
  const checkoutHref = `/checkout?${new URLSearchParams({ cotizacion: quoteId, frecuencia: "anual", plan })}`;
  return { quoteId, validUntil, checkoutHref };
}

/** The checkout's policyholder fields, with a NIF no other account has used. */
export async function fillPolicyholder(page: Page) {
  await page.getByLabel("Nombre y apellidos").fill("Marta Gómez Ruiz");
  await page.getByLabel("NIF o NIE").fill(uniqueNif());
  await page.getByLabel("Fecha de nacimiento").fill("15/06/1985");
  await page.getByLabel("Teléfono").fill("612345678");
  // Exact labels: the dwelling's address has its own "Código postal de la vivienda"…
  await page.getByLabel("Dirección", { exact: true }).fill("Calle Mayor 1, 2.º B");
  await page.getByLabel("Código postal", { exact: true }).fill("28013");
  await page.getByLabel("Población", { exact: true }).fill("Madrid");
}

/** What identifies the insured object in the checkout: the car's registration or the dwelling's address (in the quote's postal code). */
export async function fillInsuredObject(page: Page, line: "auto" | "hogar" | "alquiler") {
  if (line === "auto") {
    await page.getByLabel("Matrícula del vehículo").fill("1234 bcd");
    return;
  }
  await page.getByLabel("Calle y número").fill(line === "alquiler" ? "Carrer de Balmes 21" : "Calle de la Paz 3");
  await page.getByLabel("Piso y puerta (opcional)").fill(line === "alquiler" ? "4.º 2.ª" : "2.º A");
  await page.getByLabel("Población de la vivienda").fill(line === "alquiler" ? "Barcelona" : "Valencia");
}

/** The calendar day in Spain `days` after today, as aaaa-mm-dd (a date input's value) and as the site writes it. */
export function madridDay(days: number): { iso: string; shown: string } {
  const today = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Madrid" }).format(new Date());
  const [y, m, d] = today.split("-").map(Number);
  const iso = new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
  return { iso, shown: `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` };
}

/** Pays by card: 4242 4242 4242 4242 is accepted, 4000 0000 0000 0002 declined (the test gateway). */
export async function fillCard(page: Page, number: string) {
  await page.getByRole("radio", { name: "Tarjeta" }).check();
  await page.getByLabel("Número de la tarjeta").fill(number);
  await page.getByLabel("Caducidad").fill("12/30");
  await page.getByLabel("Código de seguridad (CVC)").fill("123");
  await page.getByLabel("Titular de la tarjeta").fill("Marta Gómez");
}

/** The card fields of the "Pagar ahora" form (the checkout's, no method to choose): 4242… is accepted, 4000 0000 0000 0002 declined. */
export async function fillPayNowCard(page: Page, number: string, holder: string) {
  await page.getByLabel("Número de la tarjeta").fill(number);
  await page.getByLabel("Caducidad").fill("12/30");
  await page.getByLabel("Código de seguridad (CVC)").fill("123");
  await page.getByLabel("Titular de la tarjeta").fill(holder);
}

/** The three required consents (terms, privacy, IPID); marketing stays unticked. */
export async function acceptRequiredConsents(page: Page) {
  await page.getByLabel("Acepto las condiciones de contratación").check();
  await page.getByLabel("Acepto la política de privacidad").check();
  await page.getByLabel("He leído el documento de información del producto (IPID)").check();
}

/** A document download answered as a PDF. */
export async function expectPdf(response: APIResponse) {
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/pdf");
  expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
}

/** The value (dd) of a term (dt) of a description list inside `scope`. */
export function definitionOf(scope: Locator, term: string): Locator {
  return scope
    .getByRole("term")
    .filter({ hasText: new RegExp(`^${escapeRegExp(term)}$`) })
    .locator("xpath=following-sibling::dd[1]");
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** `text` as a pattern in which any run of spaces matches any other (€ follows a no-break space). */
export function spacedPattern(text: string): string {
  return escapeRegExp(text.trim()).replace(/\s+/g, "\\s+");
}

/** Exactly `text`, whatever its spaces (see spacedPattern). */
export function exactText(text: string): RegExp {
  return new RegExp(`^${spacedPattern(text)}$`);
}

/** "1.234,56 €" → 123456. */
export function centsOf(money: string): number {
  const match = /^(\d{1,3}(?:\.\d{3})*),(\d{2})\s€$/.exec(money.trim());
  if (!match) throw new Error(`No es un importe en euros: ${JSON.stringify(money)}`);
  return Number(match[1]!.replaceAll(".", "")) * 100 + Number(match[2]);
}

/**
 * A client made the way clients are made: a visitor registers, quotes a car and checks out
 * through the API. Returns the client as the back office finds it (its id by its NIF).
 */
export async function clientThroughCheckout(request: APIRequestContext, superadminToken: string, name = "Lucía Martín Sanz") {
  const visitor = newVisitor(name);
  const registered = await request.post("/api/auth/register", { data: visitor });
  expect(registered.status(), await registered.text()).toBe(201);
  const auth = { authorization: `Bearer ${((await registered.json()) as { token: string }).token}` };

  const quote = await request.post("/api/quotes", { headers: auth, data: { line: "auto", inputs: AUTO } });
  expect(quote.status(), await quote.text()).toBe(201);
  const nif = uniqueNif();
  const checkout = await request.post(`/api/quotes/${((await quote.json()) as { id: string }).id}/checkout`, {
    headers: auth,
    data: {
      plan: "terceros",
      optionalGuarantees: [],
      frequency: "anual",
      registration: "1234 BCD",
      policyholder: {
        name,
        nif,
        birthDate: "1985-06-15",
        phone: "+34 600 123 456",
        address: "Calle Mayor 12, 3.º B",
        postalCode: "28013",
        city: "Madrid",
      },
      payment: { method: "card", cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", holder: name },
      consents: { terms: true, privacy: true, ipid: true, marketing: false },
      idempotencyKey: crypto.randomUUID(),
    },
  });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const found = await request.get(`/api/admin/clients?q=${nif}`, { headers: { authorization: `Bearer ${superadminToken}` } });
  const { items } = (await found.json()) as { items: { id: number }[] };
  expect(items).toHaveLength(1);
  return { id: items[0]!.id, nif, name, email: visitor.email };
}

export type NewPolicy = { id: number; number: string; nif: string; holder: string; quoteId: string };

/**
 * A real policy, bought through the API like a visitor does: alquiler, monthly recibos, the first
 * one paid. By a new visitor, or by the one whose `token` is given (e.g. signInAsVisitor's). By
 * card unless `sepa` (a domiciliación: a mandate on a test IBAN); starting today unless `startDate`.
 */
export async function buyPolicy(
  request: APIRequestContext,
  holder: string,
  options: { token?: string; sepa?: boolean; startDate?: string } = {},
): Promise<NewPolicy> {
  let token = options.token;
  if (!token) {
    const tag = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
    const registered = await request.post("/api/auth/register", {
      data: { name: holder, email: `tomador-${tag}@cotiza.test`, password: "Cliente-Segura-2026" },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    token = ((await registered.json()) as { token: string }).token;
  }
  const headers = { authorization: `Bearer ${token}` };
  const quote = await request.post("/api/quotes", { headers, data: { line: "alquiler", inputs: ALQUILER } });
  expect(quote.status(), await quote.text()).toBe(201);
  const nif = uniqueNif();
  const quoteId = ((await quote.json()) as { id: string }).id;
  const bought = await request.post(`/api/quotes/${quoteId}/checkout`, {
    headers,
    data: {
      plan: "meses_12",
      optionalGuarantees: [],
      frequency: "mensual",
      ...(options.startDate ? { startDate: options.startDate } : {}),
      riskAddress: { street: "Carrer de Mallorca 100", door: "2.º 1.ª", postalCode: ALQUILER.postalCode, city: "Barcelona" },
      policyholder: {
        name: holder,
        nif,
        birthDate: "1985-06-15",
        phone: "+34 600 123 456",
        address: "Calle Mayor 12",
        postalCode: "28013",
        city: "Madrid",
      },
      payment: options.sepa
        ? { method: "sepa", iban: "ES91 2100 0418 4502 0005 1332", holder }
        : { method: "card", cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", holder },
      consents: { terms: true, privacy: true, ipid: true, marketing: false },
      idempotencyKey: crypto.randomUUID(),
    },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const policy = (await bought.json()) as { id: number; number: string };
  return { id: policy.id, number: policy.number, nif, holder, quoteId };
}

/**
 * A staff account made by `adminToken`'s admin, that has already replaced the temporary password
 * it was given with `password` (as its owner must at first sign-in): ready to sign in with it.
 */
export async function createStaffAccount(
  request: APIRequestContext,
  adminToken: string,
  account: { username: string; email: string; password: string; roleId: number },
): Promise<{ id: number }> {
  const temporary = `Temporal-${account.password}`;
  const created = await request.post("/api/admin/users", {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { ...account, password: temporary },
  });
  expect(created.status(), await created.text()).toBe(201);
  await replaceTemporaryPassword(request, account.email, temporary, account.password);
  return (await created.json()) as { id: number };
}

/** What a staff member does at first sign-in, through the API: replaces the temporary password with their own. */
export async function replaceTemporaryPassword(request: APIRequestContext, email: string, temporary: string, own: string) {
  const signIn = await request.post("/api/admin/auth/login", { data: { email, password: temporary } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const { token } = (await signIn.json()) as { token: string };
  const changed = await request.post("/api/admin/auth/change-password", {
    headers: { authorization: `Bearer ${token}` },
    data: { currentPassword: temporary, newPassword: own },
  });
  expect(changed.status(), await changed.text()).toBe(200);
}

/**
 * A form whose validator is fetched on first use (ADR 008): the page, opened by `open` and left
 * alone, asks for no script; focusing `field` fetches one; then a wrong value is flagged when the
 * person leaves the field, by the browser (no POST), and the right one clears the message.
 */
export async function expectValidatorOnFirstUse(
  page: Page,
  open: () => Promise<unknown>,
  field: Locator,
  { wrong, right, message }: { wrong: string; right: string; message: string },
) {
  // The validator is a build chunk fetched by import(): any script asked for after the page settled.
  let settled = false;
  const lateScripts: string[] = [];
  const posts: string[] = [];
  page.on("request", (request) => {
    if (settled && request.url().includes("/build/") && request.url().endsWith(".js")) lateScripts.push(request.url());
    if (request.method() === "POST") posts.push(request.url());
  });
  await open();
  await page.waitForLoadState("networkidle");
  settled = true;
  await page.waitForTimeout(300);
  expect(lateScripts, "la página cargada y sin tocar no pide el validador").toEqual([]);

  await field.focus();
  await expect.poll(() => lateScripts.length, { message: "el validador llega al enfocar el primer campo" }).toBeGreaterThan(0);
  // Its chunks arrive in their own time: the person writes and leaves the field until the check answers.
  await expect(async () => {
    await field.fill(wrong);
    await field.press("Tab");
    await expect(page.getByText(message)).toBeVisible({ timeout: 500 });
  }).toPass();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  expect(posts, "el aviso es del navegador, no del servidor").toEqual([]);

  await field.fill(right);
  await expect(page.getByText(message)).toHaveCount(0);
}

/**
 * Where focus lands after a step of a flow walked by keyboard: the new step's heading,
 * the result or the error summary, never <body>. With JavaScript the site moves it there; without,
 * each step is a full page load and focus starts at the top of the document as the browser puts
 * it: the walk still runs (the flow must work) and there is nothing to check.
 */
export async function expectFocusAfterStep(target: Locator, javaScriptEnabled: boolean) {
  await expect(target).toBeVisible();
  if (javaScriptEnabled) await expect(target).toBeFocused();
}
