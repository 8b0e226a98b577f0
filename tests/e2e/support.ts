import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

/**
 * Fails on any serious or critical WCAG 2.1 A/AA violation on the current page.
 *
 * axe runs as a script in the page, which a JavaScript-off context cannot do. There the same URL
 * is opened in a JavaScript-on context whose /build/ scripts are answered empty: the page stays
 * exactly as the server rendered it (no hydration), which is what a JavaScript-off visitor gets.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  const jsOff = test.info().project.use.javaScriptEnabled === false;
  let target = page;
  const browser = page.context().browser();
  const context = jsOff && browser ? await browser.newContext({ javaScriptEnabled: true, storageState: await page.context().storageState() }) : null;
  try {
    if (context) {
      await context.route("**/build/**/*.js", (route) =>
        route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
      );
      target = await context.newPage();
      await target.setViewportSize(page.viewportSize() ?? { width: 1280, height: 720 });
      await target.goto(page.url());
    }
    const results = await new AxeBuilder({ page: target })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(
      serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
      "violaciones de accesibilidad graves o críticas",
    ).toEqual([]);
  } finally {
    await context?.close();
  }
}
