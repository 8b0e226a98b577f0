import { expect, test } from "./fixtures";
import { register } from "./support";

// Error pages keep who is signed in: a customer keeps the header with their session, staff the back office.

test("un cliente con sesión ve la página 404 con su cabecera", async ({ page }) => {
  const account = await register(page);
  for (const path of ["/no-existe", "/mi-poliza/999999999", "/results?cotizacion=00000000-0000-4000-8000-000000000000"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await expect(page, path).toHaveTitle("Página no encontrada | Cotiza");
    await expect(page.getByRole("main").getByRole("link", { name: "Mi póliza" })).toHaveAttribute("href", "/mi-poliza");
    const nav = page.getByRole("navigation", { name: "Principal" });
    await expect(nav.getByText(`Hola, ${account.name.split(" ")[0]}`)).toBeVisible();
    await expect(nav.getByRole("link", { name: "Mi cuenta" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Entrar" })).toHaveCount(0);
  }
});

test("el personal ve la página 404 dentro del back office", async ({ page, signInAsAdmin }) => {
  await signInAsAdmin("gestor");
  for (const path of ["/admin/no-existe", "/admin/policies/999999999"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await expect(page, path).toHaveTitle("Página no encontrada | Back office Cotiza");
    await expect(page.getByRole("main").getByText("La página que buscas no existe")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Volver al panel" })).toHaveAttribute("href", "/admin");
    await expect(page.getByRole("navigation", { name: "Back office" }).first()).toBeAttached();
    await expect(page.getByRole("link", { name: /Back office/ }).first()).toBeVisible();
  }
});
