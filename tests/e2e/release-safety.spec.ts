import { expect, test } from "@playwright/test";

// Both behaviours are JavaScript's own: without it there are no chunks and no checks.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "solo con JavaScript");

test("si un fragmento de JavaScript no carga tras un despliegue, la página se recarga una sola vez", async ({ page }) => {
  let documentLoads = 0;
  page.on("request", (request) => {
    if (request.resourceType() === "document" && new URL(request.url()).pathname === "/terminos-y-condiciones") {
      documentLoads++;
    }
  });
  // The route's chunk is gone (an old page after a deploy): every request for it fails.
  await page.route(/\/build\/routes\/terminos-y-condiciones-[^/]+\.js$/, (route) => route.abort());
  await page.goto("/terminos-y-condiciones");
  await expect.poll(() => documentLoads, { timeout: 5_000 }).toBe(2);
  // It keeps failing, but the guard does not reload again within its 10 s window.
  await page.waitForTimeout(2_000);
  expect(documentLoads).toBe(2);
});

test("ofrece «Hay una nueva versión disponible» cuando cambia la compilación y recarga", async ({ page }) => {
  await page.clock.install();
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  await expect(page.getByText("Hay una nueva versión disponible")).toHaveCount(0);
  await page.route("**/version.json", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ version: "otra-version" }) }),
  );
  await page.clock.fastForward("05:01");
  const notice = page.getByRole("status").filter({ hasText: "Hay una nueva versión disponible" });
  await expect(notice).toBeVisible();
  const reload = page.waitForEvent("load");
  await notice.getByRole("button", { name: "Recargar" }).click();
  await reload;
});
