import { expect, test, type Locator, type Page } from "@playwright/test";
import { quoteAlquiler, register } from "./support";

// Issue 28: after a full page load the server's HTML has React's <!-- --> marker between adjacent
// text nodes, so `{label} <a>` arrives as "Acepto las", <!-- -->, " ", <a>; Chromium's
// accessibility tree drops such a whitespace-only text node next to a marker, and screen readers
// said "Acepto lascondiciones…" and "Contratar y pagar261,72 €". Playwright's own name computation
// (getByRole, toHaveAccessibleName, ariaSnapshot) keeps the space, so these tests read the names
// Chromium gives assistive technology (its accessibility tree, through the DevTools protocol).

/** Chromium's accessible names of the page's controls of `role`, in document order. */
async function chromiumNames(page: Page, role: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send("Accessibility.getFullAXTree");
    return nodes.filter((n) => n.role?.value === role && !n.ignored).map((n) => String(n.name?.value ?? ""));
  } finally {
    await cdp.detach();
  }
}

/**
 * The text Chromium exposes inside `locator`'s element: its accessibility tree's static text,
 * in order (what a screen reader reads out for a paragraph).
 */
async function chromiumText(page: Page, locator: Locator): Promise<string> {
  await locator.evaluate((e) => e.setAttribute("data-ax-probe", ""));
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "[data-ax-probe]" });
    const { node } = await cdp.send("DOM.describeNode", { nodeId });
    const { nodes } = await cdp.send("Accessibility.getFullAXTree");
    const byId = new Map(nodes.map((n) => [n.nodeId, n]));
    const text = (n: (typeof nodes)[number]): string =>
      n.role?.value === "StaticText" ? (n.ignored ? "" : String(n.name?.value ?? "")) : (n.childIds ?? []).map((id) => text(byId.get(id)!)).join("");
    const element = nodes.find((n) => n.backendDOMNodeId === node.backendNodeId);
    if (!element) throw new Error(`${String(locator)} no está en el árbol de accesibilidad`);
    return text(element).replace(/\u00a0/g, " ");
  } finally {
    await cdp.detach();
    await locator.evaluate((e) => e.removeAttribute("data-ax-probe"));
  }
}

test.describe("los nombres accesibles conservan sus espacios tras una carga completa", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "con JavaScript: la página servida e hidratada");

  test("la contratación: los consentimientos, el botón de pagar y el pie", async ({ page }) => {
    await register(page);
    const { checkoutHref } = await quoteAlquiler(page);
    // A full load of the checkout, not a client-side navigation.
    await page.goto(checkoutHref);
    await expect(page.getByRole("heading", { level: 1, name: "Contratar su seguro" })).toBeVisible();
    const pay = page.getByRole("button", { name: /^Contratar y pagar/ });
    const amount = (await pay.textContent())!.replace(/^Contratar y pagar\s*/, "").replace(/\s/g, " ");
    expect(amount).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} €$/);

    expect(await chromiumNames(page, "checkbox")).toEqual([
      "Acepto las condiciones de contratación",
      "Acepto la política de privacidad",
      "He leído el documento de información del producto (IPID)",
      "Deseo recibir comunicaciones comerciales de Cotiza (opcional)",
    ]);
    // The footer of every page: a registration number and an e-mail address inside its sentences.
    expect(await chromiumText(page, page.getByRole("contentinfo").locator("p", { hasText: "con el número" }))).toMatch(/\(DGSFP\) con el número \S/);
    expect(await chromiumText(page, page.getByRole("contentinfo").locator("p", { hasText: "Escriba a nuestro Servicio" }))).toMatch(
      /^Escriba a nuestro Servicio de Atención al Cliente en \S+@\S+\. Si no/,
    );
    // formatMoney writes a no-break space before the euro sign.
    expect((await chromiumNames(page, "button")).map((n) => n.replace(/\u00a0/g, " "))).toContain(`Contratar y pagar ${amount}`);
  });
});
