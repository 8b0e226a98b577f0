import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";
import { expect, test } from "./fixtures";
import { replaceTemporaryPassword } from "./support";

// The visitor's and the staff's account flows, with JavaScript on and off (both projects).

const unique = (label: string) => `${label}-${test.info().project.name}-${Date.now()}`;

async function adminSignIn(page: Page, email: string, password: string, { expectSuccess = true } = {}) {
  await page.goto("/admin/login");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  if (expectSuccess) await expect(page).toHaveURL(/\/admin$/);
}

async function adminSignOut(page: Page) {
  await page
    .getByRole("button", { name: /cerrar sesión|salir/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

test("registro con contraseñas distintas, registro, salida y entrada del visitante", async ({ page }) => {
  const email = `${unique("visitante")}@cotiza.test`;
  const password = "Visitante-Segura-2026";
  await page.goto("/register");
  await page.getByLabel("Nombre").fill("Lucía Pérez");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByLabel("Repita la contraseña").fill("Otra-Distinta-2026");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByText("Las contraseñas no coinciden").first()).toBeVisible();
  // Every value but the passwords is kept.
  await expect(page.getByLabel("Nombre")).toHaveValue("Lucía Pérez");
  await expect(page.getByLabel("Correo electrónico")).toHaveValue(email);

  // No account was created: signing in with those details fails.
  await page.goto("/login");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByText("Correo electrónico o contraseña incorrectos").first()).toBeVisible();

  await page.goto("/register");
  await page.getByLabel("Nombre").fill("Lucía Pérez");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByLabel("Repita la contraseña").fill(password);
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByRole("banner")).toContainText("Lucía Pérez");

  // A copy of the signed-in session cookie (what a stolen cookie would be).
  const signedIn = (await page.context().cookies()).find((c) => c.name === "cotiza_session")!;
  await page.getByRole("banner").getByRole("button", { name: "Salir" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("banner")).not.toContainText("Lucía Pérez");

  // Logging out revoked the token: the old cookie no longer opens a signed-in page.
  await page.context().addCookies([signedIn]);
  await page.goto("/mis-cotizaciones");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("banner")).not.toContainText("Lucía Pérez");

  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("banner")).toContainText("Lucía Pérez");
});

test("el back office: entrar, cambiar la contraseña, salir y entrar con la nueva", async ({ page, request }) => {
  // A throwaway admin, so that changing its password does not disturb other tests.
  const login = await request.post("/api/admin/auth/login", { data: E2E_ADMIN });
  const { token } = await login.json();
  const roles = await (await request.get("/api/admin/roles", { headers: { authorization: `Bearer ${token}` } })).json();
  const gestor = roles.items.find((r: { name: string }) => r.name === "gestor");
  const username = unique("gestora").toLowerCase().slice(0, 40);
  const email = `${username}@cotiza.test`;
  const created = await request.post("/api/admin/users", {
    headers: { authorization: `Bearer ${token}` },
    data: { username, email, password: "Temporal-Gestora-2026", roleId: gestor.id },
  });
  expect(created.status()).toBe(201);

  await adminSignIn(page, email, "Contraseña-mal-escrita", { expectSuccess: false });
  await expect(page.getByText("Correo electrónico o contraseña incorrectos").first()).toBeVisible();
  await adminSignIn(page, email, "Temporal-Gestora-2026", { expectSuccess: false });
  // A password chosen by another admin is temporary: only the page that changes it opens.
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByText("Entraste con una contraseña temporal").first()).toBeVisible();
  await page.goto("/admin/policies");
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole("navigation", { name: "Back office" })).toBeVisible();
  await page.getByLabel("Contraseña actual").fill("No-Es-La-Actual-2026");
  await page.getByLabel("Contraseña nueva").fill("Definitiva-Gestora-2026");
  await page.getByLabel("Repite la nueva contraseña").fill("Definitiva-Gestora-2026");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page.getByText("La contraseña actual no es correcta").first()).toBeVisible();

  // Another session of the same account (another device): the change must end it.
  const elsewhere = await (await request.post("/api/admin/auth/login", { data: { email, password: "Temporal-Gestora-2026" } })).json();
  const meElsewhere = () => request.get("/api/admin/auth/me", { headers: { authorization: `Bearer ${elsewhere.token}` } });
  expect((await meElsewhere()).status()).toBe(200);

  await page.getByLabel("Contraseña actual").fill("Temporal-Gestora-2026");
  await page.getByLabel("Contraseña nueva").fill("Definitiva-Gestora-2026");
  await page.getByLabel("Repite la nueva contraseña").fill("Definitiva-Gestora-2026");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page.getByText("Contraseña cambiada").first()).toBeVisible();
  expect((await meElsewhere()).status()).toBe(401);
  // This session goes on (with the new token the change answered).
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("navigation", { name: "Back office" })).toBeVisible();

  await adminSignOut(page);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login/);
  await adminSignIn(page, email, "Definitiva-Gestora-2026");
  await expect(page).toHaveURL(/\/admin$/);
});

test("un rol sin audit:read: su usuario ve «Acceso Denegado» al abrir /admin/audit", async ({
  page,
  request,
  javaScriptEnabled,
  signInAsAdmin,
  sessions,
}) => {
  const roleName = unique("Ventas");
  const username = unique("vendedor").toLowerCase().slice(0, 40);
  const email = `${username}@cotiza.test`;
  const password = "Vendedor-Temporal-2026";

  await signInAsAdmin("superadmin");
  await page.goto("/admin/roles/new");
  await page.getByLabel("Nombre").fill(roleName);
  await page.getByLabel("Descripción").fill("Equipo comercial sin acceso a la auditoría");
  for (const permission of ["dashboard:read", "clients:read", "pipeline:read", "users:read"]) {
    await page.getByLabel(permission, { exact: true }).check();
  }
  await expect(page.getByLabel("audit:read", { exact: true })).not.toBeChecked();
  await page.getByRole("button", { name: "Crear rol" }).click();
  await expect(page.getByText(roleName).first()).toBeVisible();

  await page.goto("/admin/users/new");
  await page.getByLabel("Nombre de usuario").fill(username);
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña temporal").fill(password);
  await page.getByRole("region", { name: "Nuevo usuario" }).getByLabel("Rol").selectOption({ label: roleName });
  await page.getByRole("button", { name: "Crear usuario" }).click();
  await expect(page.getByText("Usuario creado").first()).toBeVisible();

  // Its owner replaces the temporary password (until then only /admin/settings opens); then the
  // new account's session replaces the superadmin's in this browser.
  await replaceTemporaryPassword(request, email, password, "Vendedor-Propia-2026");
  await sessions.adminWith(page.context(), { email, password: "Vendedor-Propia-2026" });
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin$/);
  // The sidebar offers only what this role may open.
  const nav = page.getByRole("navigation", { name: "Back office" });
  await expect(nav.getByRole("link", { name: "Auditoría" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Usuarios" })).toBeVisible();

  await page.goto("/admin/audit");
  await expect(page).toHaveURL(/\/admin$/);
  const denied = page.getByRole("alert").filter({ hasText: "Acceso Denegado" });
  await expect(denied).toBeVisible();
  await expect(denied).toContainText("No tienes permisos para realizar esta accion");
  // Also said in the page itself, where it stays while the toast goes.
  const notice = page.getByRole("main").getByText("Acceso Denegado.");
  await expect(notice).toBeVisible();
  if (javaScriptEnabled) {
    // Keyboard: the toast's close button is the second tab stop (after "Saltar al contenido");
    // Enter closes it, the notice stays. (How long it stays: tests/e2e/toasts.spec.ts.)
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(denied.getByRole("button", { name: "Cerrar notificación" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(denied).toBeHidden();
    await expect(notice).toBeVisible();
  }
  // Both are gone on the next page.
  await page.goto("/admin");
  await expect(page.getByText("Acceso Denegado")).toHaveCount(0);
});
