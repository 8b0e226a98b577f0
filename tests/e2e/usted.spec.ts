import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { adminPages, PUBLIC_PAGES } from "../support/site-paths";
import { buyPolicy, fillAlquilerQuote, quoteAlquiler } from "./support";

// The public site speaks "usted" (HOUSE-STYLE; "tú" stays in the back office). This lists every
// public page's text — closed <details> and labels included — and fails on the informal forms
// below. Only forms that cannot be "usted" are listed: "elige" or "revisa" are also the third
// person ("el cliente elige") and are left out.
const INFORMAL_WORDS = [
  "tú",
  "tu",
  "tus",
  "te",
  "ti",
  "contigo",
  "tuyo",
  "tuya",
  "tuyos",
  "tuyas",
  "puedes",
  "quieres",
  "tienes",
  "eres",
  "estás",
  "necesitas",
  "sabes",
  "debes",
  "haces",
  "vas",
  "recuperas",
  "contratas",
  "pagas",
  "eliges",
  "puedas",
  "quieras",
  "tengas",
  "introduce",
  "escribe",
  "pulsa",
  "haz",
  "ven",
  "mira",
];
// Infinitives and gerunds with "te" attached: defenderte, ayudarte, protegiéndote.
const INFORMAL_ENCLITIC = /\b\p{L}{3,}(?:arte|erte|irte|ándote|iéndote)\b/iu;
const NOT_ENCLITIC = new Set(["contraparte", "baluarte", "estandarte"]);

function informalIn(text: string): string[] {
  const found = new Set<string>();
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    if (INFORMAL_WORDS.includes(word)) found.add(word);
    else if (INFORMAL_ENCLITIC.test(word) && !NOT_ENCLITIC.has(word)) found.add(word);
  }
  return [...found];
}

/** Every piece of text a person can read or hear on the page: text nodes and the attributes read aloud or shown. */
async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, template, noscript")) continue;
      const text = node.textContent?.trim();
      if (text) texts.push(text);
    }
    for (const el of document.querySelectorAll("[placeholder], [aria-label], [title], [alt]")) {
      for (const name of ["placeholder", "aria-label", "title", "alt"]) {
        const value = el.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    texts.push(document.title);
    return texts;
  });
}

async function expectUsted(page: Page, where: string) {
  const offending = (await pageTexts(page)).flatMap((text) => informalIn(text).map((word) => `«${word}» en «${text.slice(0, 120)}»`));
  expect(offending, `${where}: formas de «tú»`).toEqual([]);
}

test.describe("la web pública trata de usted", () => {
  // The same text with and without JavaScript: one project is enough.
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "el texto no depende de JavaScript");

  test("las páginas públicas, sus formularios con errores y su 404", async ({ page }) => {
    // The public pages of every walk (the staff sign-in speaks tú: below), and the 404.
    for (const path of [...PUBLIC_PAGES.filter((p) => !p.startsWith("/admin")), "/no-existe"]) {
      await page.goto(path);
      await expectUsted(page, path);
    }
    // The messages of an empty submit.
    for (const [path, button] of [
      ["/cotizar?linea=auto", "Calcular precio"],
      ["/register", "Crear cuenta"],
      ["/login", "Entrar"],
    ] as const) {
      await page.goto(path);
      await page.getByRole("main").getByRole("button", { name: button }).click();
      await expect(page.getByText("Hay un problema").first()).toBeVisible();
      await expectUsted(page, `${path} con errores`);
    }
  });

  test("el área privada, los precios y el checkout", async ({ page, signInAsVisitor }) => {
    await signInAsVisitor();
    const { checkoutHref } = await quoteAlquiler(page);
    await expectUsted(page, "/results (alquiler)");
    await page.goto(checkoutHref);
    await expectUsted(page, "/checkout");
    await page.getByRole("button", { name: /^Contratar y pagar / }).click();
    await expect(page.getByText("Hay un problema").first()).toBeVisible();
    await expectUsted(page, "/checkout con errores");
    for (const path of ["/mis-cotizaciones", "/mi-poliza", "/mi-cuenta", "/garantias"]) {
      await page.goto(path);
      await expectUsted(page, path);
    }
  });
});

// The back office speaks "tú" on every screen, also in the shared forms and messages it borrows
// from the public site and the API. Only forms that cannot be "tú" nor a third person
// speaking of the customer are listed: the "usted" imperatives and "usted" itself. "Su", "puede"
// or "debe" stay out: in the back office they are mostly the customer's ("su póliza", "el cliente
// puede"); the few "su" that are the reader's ("su conexión") are turned by inVoice and checked in
// voice.test.ts.
const FORMAL_WORDS = [
  "usted",
  "ustedes",
  "elija",
  "introduzca",
  "indique",
  "escriba",
  "marque",
  "márquela",
  "vuelva",
  "recargue",
  "inténtelo",
  "revise",
  "pruebe",
  "espere",
  "consulte",
  "acepte",
  "confirme",
  "seleccione",
  "pulse",
  "descárguelos",
  "envíeselos",
  "envíe",
  "compruebe",
  "escríbanos",
  "pida",
  "inicie",
];
// What the customer reads, quoted for the staff who write it («La franquicia es la parte de cada
// siniestro que paga usted»), keeps the public site's "usted".
const QUOTED = /«[^»]*»/gu;

async function expectTu(page: Page, where: string) {
  const offending = (await pageTexts(page)).flatMap((text) =>
    (
      text
        .replace(QUOTED, "«…»")
        .toLowerCase()
        .match(/\p{L}+/gu) ?? []
    )
      .filter((word) => FORMAL_WORDS.includes(word))
      .map((word) => `«${word}» en «${text.slice(0, 120)}»`),
  );
  expect(offending, `${where}: formas de «usted»`).toEqual([]);
}

test.describe("la venta por teléfono trata de tú", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "el texto no depende de JavaScript");

  test("las preguntas de cada seguro, el plan y los datos de pago, también con errores", async ({ page, signInAsAdmin }) => {
    test.slow();
    await signInAsAdmin("gestor");
    for (const line of ["auto", "hogar", "alquiler"]) {
      await page.goto(`/admin/policies/new?linea=${line}`);
      await expectTu(page, `paso 1 (${line})`);
      await page.getByRole("button", { name: "Calcular precio" }).click();
      await expect(page.getByText("Hay un problema").first()).toBeVisible();
      await expectTu(page, `paso 1 (${line}) con errores`);
    }
    await page.goto("/admin/policies/new?q=nadie-se-llama-asi");
    await expectTu(page, "búsqueda sin resultados");

    await page.goto("/admin/policies/new?linea=alquiler");
    await fillAlquilerQuote(page);
    await page.getByRole("button", { name: "Calcular precio" }).click();
    await expect(page.getByRole("heading", { name: "2. Plan y forma de pago" })).toBeVisible();
    await expectTu(page, "paso 2");
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page.getByRole("heading", { name: "3. Datos, pago y consentimientos" })).toBeVisible();
    await expectTu(page, "paso 3");
    await page.getByRole("button", { name: /^Emitir la póliza y cobrar/ }).click();
    await expect(page.getByText("Hay un problema").first()).toBeVisible();
    await expectTu(page, "paso 3 con errores");
  });
});

test.describe("el back office trata de tú", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "el texto no depende de JavaScript");

  test("cada página del back office, sus formularios con errores y el acceso", async ({ page, signInAsAdmin }) => {
    test.slow();
    // The sign-in, outside the layout, empty: its messages come from the shared schema.
    await page.goto("/admin/login");
    await page.getByRole("main").getByRole("button", { name: "Entrar" }).click();
    await expect(page.getByText("Hay un problema").first()).toBeVisible();
    await expectTu(page, "/admin/login con errores");

    const { token, admin } = await signInAsAdmin("superadmin");
    const policy = await buyPolicy(page.request, "Irene Prueba Tuteo");
    const auth = { authorization: `Bearer ${token}` };
    const detail = (await (await page.request.get(`/api/admin/policies/${policy.id}`, { headers: auth })).json()) as { clientId: number };
    const firstId = async (path: string) =>
      ((await (await page.request.get(path, { headers: auth })).json()) as { items: { id: number }[] }).items[0]!.id;
    const pages = adminPages({
      policyId: policy.id,
      clientId: detail.clientId,
      guaranteeId: await firstId("/api/admin/guarantees"),
      adminId: admin.id,
      roleId: await firstId("/api/admin/roles"),
    });
    for (const path of [...pages, "/admin/no-existe"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectTu(page, path);
    }

    // A date that does not exist in a list's filter.
    await page.goto("/admin/policies?startFrom=31%2F02%2F2026");
    await expect(page.getByText("Hay un problema").first()).toBeVisible();
    await expectTu(page, "filtro de fecha no válida");

    // An empty suspension reason: the API's message, shown on the policy.
    await page.goto(`/admin/policies/${policy.id}`);
    const actions = page.getByRole("region", { name: "Acciones", exact: true });
    await actions.getByText("Suspender la cobertura…").click();
    await actions.getByRole("button", { name: "Suspender", exact: true }).click();
    await expect(actions.getByText("Indica el motivo de la suspensión").first()).toBeVisible();
    await expectTu(page, "suspensión sin motivo");

    // A required field emptied in the client's form, and the new guarantee sent empty.
    await page.goto(`/admin/clients/${detail.clientId}/edit`);
    await page.getByLabel("Nombre y apellidos").fill("");
    await page.getByLabel("Fecha de nacimiento").fill("31/02/1985");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText("Hay un problema").first()).toBeVisible();
    await expectTu(page, "ficha del cliente con errores");

    await page.goto("/admin/guarantees/new");
    await page.getByRole("button", { name: "Crear garantía" }).click();
    await expect(page.getByText("Hay un problema").first()).toBeVisible();
    await expectTu(page, "garantía nueva con errores");
  });
});
