// A customer who forgot the password gets a link by e-mail (through a real SMTP server,
// tests/e2e/mail-server.ts), chooses a new one and signs in with it; then keeps the account's
// data in Mi cuenta. Runs with JavaScript on and off.
import { expect, test } from "./fixtures";
import { readMailTo } from "./mail-server";
import { newVisitor, submitLoginForm } from "./support";

test("restablece la contraseña olvidada con el enlace del correo y entra con la nueva", async ({ page, request }) => {
  const account = newVisitor("Elena Ríos");
  expect((await request.post("/api/auth/register", { data: account })).status()).toBe(201);

  await page.goto("/login");
  await page.getByRole("link", { name: "¿Ha olvidado su contraseña?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Recuperar la contraseña" })).toBeVisible();
  await page.getByLabel("Correo electrónico").fill(account.email);
  await page.getByRole("button", { name: "Enviar el enlace" }).click();
  await expect(page.getByRole("status")).toContainText("recibirá en unos minutos un enlace");

  const mail = await readMailTo(account.email);
  expect(mail.subject).toContain("contraseña");
  const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
  expect(link.pathname).toBe("/restablecer-contrasena");
  await page.goto(link.pathname + link.search);
  await expect(page.getByText(account.email)).toBeVisible();

  // Repeated wrong, then right: the error stays on the form.
  await page.getByLabel("Contraseña nueva", { exact: true }).fill("Recuperada-Clave-2026");
  await page.getByLabel("Repita la contraseña nueva").fill("Otra-Cosa-2026");
  await page.getByRole("button", { name: "Guardar la contraseña" }).click();
  await expect(page.getByText("Las contraseñas no coinciden").first()).toBeVisible();
  await page.getByLabel("Contraseña nueva", { exact: true }).fill("Recuperada-Clave-2026");
  await page.getByLabel("Repita la contraseña nueva").fill("Recuperada-Clave-2026");
  await page.getByRole("button", { name: "Guardar la contraseña" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Contraseña cambiada").first()).toBeVisible();

  await submitLoginForm(page, { ...account, password: "Recuperada-Clave-2026" });

  // The link worked once.
  await page.goto(link.pathname + link.search);
  await expect(page.getByText("ya se ha usado o ha caducado")).toBeVisible();
  await expect(page.getByRole("link", { name: "Pedir un enlace nuevo" })).toBeVisible();
});

test("en Mi cuenta ve su correo y cambia su teléfono", async ({ page, sessions }) => {
  const account = await sessions.visitor(page.context(), { name: "Pablo Serra" });
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Mi cuenta" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Mi cuenta" })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();

  await page.getByLabel("Teléfono (opcional)").fill("12");
  await page.getByRole("button", { name: "Guardar los datos" }).click();
  await expect(page.getByText("Introduzca un teléfono válido").first()).toBeVisible();
  await page.getByLabel("Teléfono (opcional)").fill("611 22 33 44");
  await page.getByRole("button", { name: "Guardar los datos" }).click();
  await expect(page.getByText("Datos guardados").first()).toBeVisible();
  await expect(page.getByLabel("Teléfono (opcional)")).toHaveValue("611223344");
});
