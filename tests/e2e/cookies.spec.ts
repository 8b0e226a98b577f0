import { expect, test, type Page } from "@playwright/test";

const banner = (page: Page) => page.getByRole("region", { name: "Aviso de cookies" });

test("el aviso de cookies ofrece Aceptar, Rechazar y Configurar con el mismo peso", async ({ page }) => {
  await page.goto("/");
  const region = banner(page);
  await expect(region).toBeVisible();
  const accept = region.getByRole("button", { name: "Aceptar" });
  const reject = region.getByRole("button", { name: "Rechazar" });
  const configure = region.getByRole("link", { name: "Configurar" });
  const boxes = await Promise.all([accept, reject, configure].map((l) => l.boundingBox()));
  const classes = await Promise.all([accept, reject, configure].map((l) => l.getAttribute("class")));
  expect(new Set(classes).size, "los tres controles usan el mismo estilo").toBe(1);
  for (const box of boxes) expect(Math.abs(box!.height - boxes[0]!.height)).toBeLessThan(1);
});

test("en un móvil el aviso ocupa como mucho un cuarto de la primera pantalla, y no sale en el back office", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/", "/cotizar?linea=auto", "/login"]) {
    await page.goto(path);
    const box = (await banner(page).boundingBox())!;
    expect(box.height, `alto del aviso en ${path}`).toBeLessThanOrEqual(844 / 4);
    // Its three choices are on that first screen.
    await expect(banner(page).getByRole("button", { name: "Rechazar" })).toBeInViewport();
  }
  await page.goto("/admin/login");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

test("Rechazar guarda la elección en una cookie y el aviso no vuelve a salir", async ({ page, context }) => {
  await page.goto("/politica-de-privacidad");
  await banner(page).getByRole("button", { name: "Rechazar" }).click();
  await expect(banner(page).getByRole("button", { name: "Rechazar" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/politica-de-privacidad$/);
  // With JavaScript the banner hides as soon as the choice is sent; the cookie follows with the answer.
  await expect.poll(async () => (await context.cookies()).find((c) => c.name === "cookie_consent")?.httpOnly).toBe(true);
  await page.goto("/");
  await expect(banner(page)).toHaveCount(0);
});

test("Aceptar guarda la elección y Configurar permite cambiarla después", async ({ page }) => {
  await page.goto("/");
  await banner(page).getByRole("button", { name: "Aceptar" }).click();
  await expect(banner(page).getByRole("button", { name: "Aceptar" })).toHaveCount(0);
  // With JavaScript the banner hides as soon as the choice is sent; wait for the answer's cookie.
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === "cookie_consent")).toBe(true);
  await page.goto("/cookies");
  await expect(page.getByRole("checkbox", { name: /analítica/i })).toBeChecked();
  await page.getByRole("checkbox", { name: /analítica/i }).uncheck();
  await page.getByRole("button", { name: "Guardar preferencias" }).click();
  await expect(page).not.toHaveURL(/\/cookies/); // saved, back where the visitor came from
  await page.goto("/cookies");
  await expect(page.getByRole("checkbox", { name: /analítica/i })).not.toBeChecked();
});

test("antes de decidir no se carga nada de terceros", async ({ page }) => {
  const foreign: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith("http://localhost")) foreign.push(request.url());
  });
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  expect(foreign).toEqual([]);
});
