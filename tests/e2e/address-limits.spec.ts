import { expect, test } from "./fixtures";

// Too many failed sign-ins from one address (api/limits.ts): the login page shows the
// API's 429 message in the form and keeps the e-mail, with JavaScript on and off. Each project
// speaks from its own address (X-Forwarded-For through the trusted loopback proxy: TRUST_PROXY in
// playwright.config.ts), so the other tests, all from 127.0.0.1, are not limited.

test("el inicio de sesión muestra el límite por dirección y conserva el correo", async ({ page, request }) => {
  const address = test.info().project.name === "js-off" ? "203.0.113.78" : "203.0.113.77";
  const headers = { "x-forwarded-for": address };
  for (let i = 1; i <= 20; i++) {
    const answer = await request.post("/api/auth/login", { headers, data: { email: `rociada${i}@cotiza.test`, password: "Intento-malo-2026" } });
    expect([401, 429]).toContain(answer.status());
  }
  await page.setExtraHTTPHeaders(headers);
  await page.goto("/login");
  await page.getByLabel("Correo electrónico").fill("lucia.limite@cotiza.test");
  await page.getByLabel("Contraseña").fill("Intento-malo-2026");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(
    page.getByText(/Demasiados intentos de inicio de sesión desde su conexión\. Inténtelo de nuevo en \d+ segundos\./).first(),
  ).toBeVisible();
  await expect(page.getByLabel("Correo electrónico")).toHaveValue("lucia.limite@cotiza.test");
});
