import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support";

const PAGES = [
  { path: "/", heading: /seguro/i },
  { path: "/politica-de-privacidad", heading: /privacidad/i },
  { path: "/terminos-y-condiciones", heading: /términos/i },
  { path: "/cookies", heading: /cookies/i },
];

for (const { path, heading } of PAGES) {
  test(`${path} se muestra en español, sin errores de accesibilidad graves`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("DGSFP");
    await expect(page.getByRole("contentinfo")).toContainText(/J-\d+/);
    await expectNoSeriousA11yViolations(page);
  });
}

test("la portada presenta los tres ramos y lleva a /cotizar", async ({ page }) => {
  await page.goto("/");
  const main = page.getByRole("main");
  for (const line of ["coche", "hogar", "alquiler"]) {
    await expect(main.getByRole("heading", { name: new RegExp(line, "i") }).first()).toBeVisible();
  }
  await expect(main.getByRole("link", { name: "Calcular precio" }).first()).toHaveAttribute("href", "/cotizar");
  // The logo: no stray space before the comma ("Cotiza , inicio" when its two spans were the name).
  await expect(page.getByRole("banner").getByRole("link").first()).toHaveAccessibleName("Cotiza, inicio");
  const nav = page.getByRole("navigation", { name: "Principal" });
  await expect(nav.getByRole("link", { name: "Cotizar" })).toHaveAttribute("href", "/cotizar");
  await expect(nav.getByRole("link", { name: "Mis cotizaciones" })).toHaveAttribute("href", "/mis-cotizaciones");
  await expect(nav.getByRole("link", { name: "Mi póliza" })).toHaveAttribute("href", "/mi-poliza");
  await expect(nav.getByRole("link", { name: "Entrar" })).toHaveAttribute("href", "/login");
  await expect(nav.getByRole("link", { name: "Registrarse" })).toHaveAttribute("href", "/register");
});

test("la política de privacidad identifica al responsable y explica derechos y AEPD", async ({ page }) => {
  await page.goto("/politica-de-privacidad");
  const main = page.getByRole("main");
  await expect(main).toContainText("Cotiza Correduría de Seguros");
  for (const heading of [
    "Responsable del tratamiento",
    "Para qué los tratamos y con qué base legal",
    "Cuánto tiempo conservamos sus datos",
    "Sus derechos",
    "Cómo ejercer sus derechos",
    "Reclamación ante la AEPD",
  ]) {
    await expect(main.getByRole("heading", { name: new RegExp(`(^|\\. )${heading}$`) })).toBeVisible();
  }
});

test("una URL desconocida responde 404 con «Page Not Found»", async ({ page }) => {
  const response = await page.goto("/no-existe");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Página no encontrada | Cotiza");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
  await expect(page.getByRole("main")).toContainText("La página que busca no existe o ha cambiado de dirección.");
  await expect(page.getByRole("main").getByRole("link", { name: "Volver al inicio" })).toHaveAttribute("href", "/");
  const waysOn = page.getByRole("navigation", { name: "Otras páginas" });
  await expect(waysOn.getByRole("link", { name: "Calcular el precio de un seguro" })).toHaveAttribute("href", "/cotizar");
  await expect(waysOn.getByRole("link", { name: "Mi póliza" })).toHaveAttribute("href", "/mi-poliza");
  await expectNoSeriousA11yViolations(page);
});

test("cada respuesta HTML lleva CSP con nonce y cabeceras de seguridad", async ({ page }) => {
  for (const path of ["/", "/politica-de-privacidad", "/no-existe"]) {
    const response = await page.goto(path);
    const headers = response!.headers();
    expect(headers["content-type"]).toContain("text/html");
    expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=_-]+'/);
    expect(headers["content-security-policy"]).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBeTruthy();
    expect(headers["x-frame-options"]).toBe("DENY");
  }
});

test("a 360 px la página no se desborda en horizontal", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ["/", "/politica-de-privacidad", "/terminos-y-condiciones"]) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} se desborda`).toBeLessThanOrEqual(0);
  }
});

test("los enlaces dentro de un texto van subrayados, no solo en otro color", async ({ page }) => {
  for (const path of ["/politica-de-privacidad", "/terminos-y-condiciones", "/login", "/garantias"]) {
    await page.goto(path);
    const decorations = await page
      .locator("main p a, main li > a, footer p a")
      .evaluateAll((links) => links.map((a) => [a.textContent?.trim(), getComputedStyle(a).textDecorationLine]));
    expect(decorations.length, path).toBeGreaterThan(0);
    for (const [text, decoration] of decorations) expect(decoration, `${path}: «${text}»`).toContain("underline");
  }
});
