import type { Locator, Page } from "@playwright/test";
import { ALQUILER } from "../support/quote-inputs";
import { adminPages, PUBLIC_PAGES, visitorPages } from "../support/site-paths";
import { expect, test } from "./fixtures";
import { buyPolicy, quoteAlquiler } from "./support";

// Reflow (WCAG 1.4.10): every page of the walk (tests/support/site-paths.ts, the same
// pages the HTML tests read) fits a 320 px wide screen and a 1280 px window at 200 % zoom without
// scrolling sideways. The zoom is a 640×400 CSS-px viewport at deviceScaleFactor 2: what Chromium
// lays out for a 1280×800 window zoomed to 200 %. A table wider than the screen may scroll inside
// its own region (the shared ScrollRegion); the page itself may not be wider than the viewport.
// A failure names each page and the element that reaches furthest right outside any scroll region.

const SCREENS = [
  { name: "320 px", viewport: { width: 320, height: 640 }, deviceScaleFactor: 1 },
  { name: "200 % (1280 px a 200 %)", viewport: { width: 640, height: 400 }, deviceScaleFactor: 2 },
];

/** What makes the page wider than the viewport, or null: the page's width and the furthest-reaching element that no scroll region holds. */
function overflowOf(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const viewport = window.innerWidth;
    const width = document.documentElement.scrollWidth;
    if (width <= viewport) return null;

    // The ancestor whose box an element is laid out in (its containing block, for clipping):
    // an absolutely positioned one escapes every overflow box up to its nearest positioned ancestor.
    const containerOf = (element: Element): Element | null => {
      const position = getComputedStyle(element).position;
      if (position !== "absolute") return element.parentElement;
      for (let a = element.parentElement; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.position !== "static" || style.transform !== "none" || style.filter !== "none" || /paint|layout|strict|content/.test(style.contain))
          return a;
      }
      return null;
    };
    const heldByScrollRegion = (element: Element): boolean => {
      if (getComputedStyle(element).position === "fixed") return true; // a fixed box never widens the page
      for (let a = containerOf(element); a && a !== document.body && a !== document.documentElement; a = containerOf(a)) {
        if (getComputedStyle(a).overflowX !== "visible") return true;
      }
      return false;
    };
    const describe = (element: Element, right: number) => {
      const id = element.id ? `#${element.id}` : "";
      const classes =
        element
          .getAttribute("class")
          ?.trim()
          .split(/\s+/)
          .slice(0, 6)
          .map((c) => `.${c}`)
          .join("") ?? "";
      const text = (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 50);
      return `<${element.tagName.toLowerCase()}${id}${classes}> «${text}» hasta ${Math.round(right)} px`;
    };

    let furthest: { element: Element; right: number } | null = null;
    for (const element of document.body.querySelectorAll("*")) {
      if (element.getClientRects().length === 0) continue; // not rendered
      const right = element.getBoundingClientRect().right + window.scrollX;
      if (right <= viewport + 0.5 || (furthest && right <= furthest.right) || heldByScrollRegion(element)) continue;
      furthest = { element, right };
    }
    return `${width} px de ancho en ${viewport} px; ${furthest ? describe(furthest.element, furthest.right) : "ningún elemento fuera de una región de desplazamiento (¿márgenes?)"}`;
  });
}

/** Opens each page and answers the ones wider than the viewport, each with what widens it. */
async function widePages(page: Page, paths: readonly string[]): Promise<string[]> {
  const wide: string[] = [];
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), `${path} se abre`).toBeLessThan(400);
    const overflow = await overflowOf(page);
    if (overflow) wide.push(`${path}: ${overflow}`);
  }
  return wide;
}

for (const screen of SCREENS) {
  test.describe(`sin desplazamiento horizontal a ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, deviceScaleFactor: screen.deviceScaleFactor });

    test("las páginas públicas", async ({ page }) => {
      test.slow();
      expect(await widePages(page, PUBLIC_PAGES)).toEqual([]);
    });

    test("las páginas de un cliente con una póliza y una cotización abierta", async ({ page, signInAsVisitor }) => {
      test.slow();
      const visitor = await signInAsVisitor({ name: "Ana Prueba Reflujo" });
      // Alquiler paid monthly: the longest recibo table a customer has.
      const policy = await buyPolicy(page.request, visitor.name, { token: visitor.token });
      const quote = await page.request.post("/api/quotes", {
        headers: { authorization: `Bearer ${visitor.token}` },
        data: { line: "alquiler", inputs: ALQUILER },
      });
      expect(quote.status(), await quote.text()).toBe(201);
      const open = (await quote.json()) as { id: string; plans: { code: string }[] };
      const paths = visitorPages({ policyId: policy.id, boughtQuoteId: policy.quoteId, openQuoteId: open.id, openPlan: open.plans[0]!.code });
      expect(await widePages(page, paths)).toEqual([]);
    });

    test("el back office, como superadministrador", async ({ page, signInAsAdmin }) => {
      test.slow();
      const signedIn = await signInAsAdmin("superadmin");
      const policy = await buyPolicy(page.request, "Rafael Prueba Reflujo Backoffice");
      const headers = { authorization: `Bearer ${signedIn.token}` };
      const answer = async (path: string) => {
        const response = await page.request.get(`/api/admin${path}`, { headers });
        expect(response.status(), await response.text()).toBe(200);
        return response.json();
      };
      const { clientId } = (await answer(`/policies/${policy.id}`)) as { clientId: number };
      const roleId = ((await answer("/roles")) as { items: { id: number }[] }).items[0]!.id;
      const guaranteeId = ((await answer("/guarantees")) as { items: { id: number }[] }).items[0]!.id;
      const paths = adminPages({ policyId: policy.id, clientId, guaranteeId, roleId, adminId: signedIn.admin.id });
      expect(await widePages(page, paths)).toEqual([]);
    });
  });
}

test.describe("las páginas de cobros a 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });

  test("la lista de pagos, un recibo, remesas, devoluciones, conciliación y extornos caben sin desplazamiento horizontal", async ({
    page,
    signInAsAdmin,
  }, testInfo) => {
    test.slow();
    const signedIn = await signInAsAdmin("superadmin");
    const policy = await buyPolicy(page.request, "Marta Prueba Reflujo Cobros");
    const recibos = await page.request.get(`/api/admin/payments/recibos?${new URLSearchParams({ q: policy.number })}`, {
      headers: { authorization: `Bearer ${signedIn.token}` },
    });
    expect(recibos.status(), await recibos.text()).toBe(200);
    const reciboId = ((await recibos.json()) as { items: { id: number }[] }).items[0]!.id;
    const paths = [
      "/admin/payments",
      `/admin/payments?${new URLSearchParams({ q: policy.number })}`,
      `/admin/payments/${reciboId}`,
      "/admin/payments/remittances",
      "/admin/payments/remittances/new",
      "/admin/payments/returns",
      "/admin/payments/reconciliation",
      "/admin/payments/refunds",
      "/admin/settings/recargos",
      "/admin/settings/aseguradoras",
      "/admin/settings/cobros",
    ];
    expect(await widePages(page, paths)).toEqual([]);
    // The screenshot of the whole page is as wide as the page: 390 px when nothing sticks out.
    for (const path of ["/admin/payments", `/admin/payments/${reciboId}`]) {
      await page.goto(path);
      const shot = await page.screenshot({ fullPage: true });
      await testInfo.attach(`${path} a 390 px`, { body: shot, contentType: "image/png" });
      expect(shot.readUInt32BE(16), `ancho de la captura de ${path}`).toBe(390);
    }
  });
});

test.describe("maquetación", () => {
  test("a 1366 px las tarjetas de los planes de /results se alinean con la cabecera", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await quoteAlquiler(page);
    const banner = page.getByRole("banner");
    const logo = await banner.getByRole("link", { name: /, inicio$/ }).boundingBox();
    const menu = await banner.getByRole("navigation", { name: "Principal" }).boundingBox();
    const cards = await page
      .getByRole("listitem")
      .filter({ has: page.getByRole("button", { name: "Contratar este plan: 12 meses" }) })
      .locator("xpath=ancestor::ul[1]")
      .boundingBox();
    // The header's container: the logo at its left edge, the menu at its right.
    expect(Math.round(cards!.x), "borde izquierdo de las tarjetas = el del logotipo").toBe(Math.round(logo!.x));
    expect(Math.round(cards!.x + cards!.width), "borde derecho de las tarjetas = el del menú").toBe(Math.round(menu!.x + menu!.width));
  });

  test("a 390 y a 320 px el número de póliza no se parte, allí donde se muestra", async ({ page, signInAsVisitor, signInAsAdmin }) => {
    test.slow();
    const visitor = await signInAsVisitor({ name: "Nuria Prueba Número" });
    const policy = await buyPolicy(page.request, visitor.name, { token: visitor.token });
    await signInAsAdmin("gestor");
    const number = (scope: Locator) => scope.getByText(policy.number, { exact: true }).first();
    const main = page.getByRole("main");
    const title = page.getByRole("heading", { level: 1 });
    const places: Array<[string, string, Locator]> = [
      ["la lista de Mi póliza", "/mi-poliza", page.getByRole("article", { name: /plan 12 meses/ })],
      ["Mi póliza", `/mi-poliza/${policy.id}`, main],
      ["la confirmación de la compra", `/cotizacion-confirmada?poliza=${policy.id}`, main],
      ["la lista de pólizas del back office", `/admin/policies?${new URLSearchParams({ q: policy.nif })}`, page.getByRole("table")],
      ["la cabecera de la póliza en el back office", `/admin/policies/${policy.id}`, title],
      ["la cabecera de sus recibos en el back office", `/admin/policies/${policy.id}/payments`, title],
      ["el título de modificar la póliza", `/admin/policies/${policy.id}/edit`, title],
    ];
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      for (const [where, path, scope] of places) {
        await page.goto(path);
        await expectOneLine(number(scope), `${where} a ${width} px`);
      }
    }
  });
});

test.describe("tablas de recibos en pantallas estrechas", () => {
  test("a 320 px Mi póliza muestra el estado de cada recibo, y el resto de la tabla se alcanza con el teclado", async ({ page, signInAsVisitor }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    const visitor = await signInAsVisitor({ name: "Irene Prueba Recibos" });
    const policy = await buyPolicy(page.request, visitor.name, { token: visitor.token });
    await page.goto(`/mi-poliza/${policy.id}`);
    const table = page.getByRole("table", { name: `Recibos de la póliza ${policy.number}` });
    await expect(table.getByRole("columnheader")).toHaveText(["Recibo", "Periodo que cubre", "Importe", "Estado", "Vencimiento", "Acciones"]);
    // What matters is on the screen: the first recibo's status (its charge date may need scrolling).
    await expectWithinScreen(table.getByRole("row").nth(1).getByText("Cobrado", { exact: true }), 320);
    // The region that scrolls sideways is a named stop of the tab order (then the arrow keys scroll it).
    const region = page.getByRole("region", { name: `Recibos de la póliza ${policy.number}` });
    await expect(region).toHaveAttribute("tabindex", "0");
    await expect(region.getByRole("table")).toBeVisible();
    await region.focus();
    await expect(region).toBeFocused();
  });

  test("a 390 px el back office muestra primero número, periodo, importe y estado de cada recibo", async ({ page, signInAsAdmin }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsAdmin("gestor");
    const policy = await buyPolicy(page.request, "Óscar Prueba Recibos Estrechos");
    for (const path of [`/admin/policies/${policy.id}`, `/admin/policies/${policy.id}/payments`]) {
      await page.goto(path);
      const table = page.getByRole("table", { name: `Recibos de la póliza ${policy.number}` });
      const headers = table.getByRole("columnheader");
      await expect(headers.nth(0)).toHaveText("Recibo");
      await expect(headers.nth(1)).toHaveText(/^Periodo/);
      await expect(headers.nth(2)).toHaveText("Importe");
      await expect(headers.nth(3)).toHaveText("Estado");
      await expectWithinScreen(table.getByRole("row").nth(1).getByText("Cobrado", { exact: true }), 390);
    }
  });
});

/** The element is wholly on a screen `width` px wide, with its region unscrolled. */
async function expectWithinScreen(element: Locator, width: number) {
  const box = (await element.boundingBox())!;
  expect(box.x + box.width, `${await element.textContent()} cabe en ${width} px`).toBeLessThanOrEqual(width);
}

/** The element's text sits on one line: one box, no taller than its line. */
async function expectOneLine(element: Locator, where: string) {
  await expect(element).toBeVisible();
  const { boxes, height, lineHeight } = await element.evaluate((e) => {
    const style = getComputedStyle(e);
    const lineHeight = style.lineHeight === "normal" ? parseFloat(style.fontSize) * 1.2 : parseFloat(style.lineHeight);
    return { boxes: e.getClientRects().length, height: e.getBoundingClientRect().height, lineHeight };
  });
  expect(boxes, `el número de póliza en ${where}: una sola línea`).toBe(1);
  expect(height, `el número de póliza en ${where}: la altura de una línea`).toBeLessThanOrEqual(lineHeight);
}
