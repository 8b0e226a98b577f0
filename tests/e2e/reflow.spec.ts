import type { Page } from "@playwright/test";
import { ALQUILER } from "../support/quote-inputs";
import { adminPages, PUBLIC_PAGES, visitorPages } from "../support/site-paths";
import { expect, test } from "./fixtures";
import { buyPolicy } from "./support";

// Reflow (WCAG 1.4.10, issue 28): every page of the walk (tests/support/site-paths.ts, the same
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
        if (style.position !== "static" || style.transform !== "none" || style.filter !== "none" || /paint|layout|strict|content/.test(style.contain)) return a;
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
      const classes = element.getAttribute("class")?.trim().split(/\s+/).slice(0, 6).map((c) => `.${c}`).join("") ?? "";
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
      const quote = await page.request.post("/api/quotes", { headers: { authorization: `Bearer ${visitor.token}` }, data: { line: "alquiler", inputs: ALQUILER } });
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
