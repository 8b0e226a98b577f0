import { mkdir, rmdir, stat } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "./fixtures";
import { readMailTo } from "./mail-server";
import { buyPolicy, expectNoSeriousA11yViolations } from "./support";

// /admin/email/plantillas as staff use it, with JavaScript on and off (ADR 040): a wrong placeholder
// in the policy confirmation is refused naming it, the fixed text is previewed with a real policy,
// sent to oneself as a test, saved, and the next policy's e-mail (read from the SMTP test server)
// says it; then back to the default text through its confirmation.

/** A write and the page it redirects to; on a two-core machine shared with other suites this can take longer than 5 s. */
const AFTER_WRITE = 15_000;
const TEMPLATE = "/admin/email/plantillas/confirmacion-poliza";

// The template is one for the whole site: the js-on and js-off runs take turns (a lock directory).
const LOCK = path.resolve(".cache/e2e-email-template.lock");
async function lock() {
  for (;;) {
    try {
      await mkdir(LOCK);
      return;
    } catch {
      const age = Date.now() - (await stat(LOCK).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age > 180_000) await rmdir(LOCK).catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

test("editar la confirmación de la póliza: variable errónea rechazada, vista previa, prueba y el correo de la póliza siguiente", async ({
  page,
  signInAsAdmin,
  sessions,
}, testInfo) => {
  test.setTimeout(480_000); // the js-on and js-off runs take turns on the one template
  const marker = `Texto de prueba ${testInfo.project.name} ${Date.now().toString(36)}.`;
  // A real policy for the preview (the database of the run may have none yet).
  const real = await buyPolicy(page.request, "Pablo Vista Previa");
  await lock();
  try {
    const staff = await signInAsAdmin("gestor");
    await page.goto("/admin");
    // One "Correo" in the sidebar; its templates are a link of the outbox's page.
    await page.getByRole("navigation").getByRole("link", { name: "Correo", exact: true }).click();
    await page.getByRole("main").getByRole("link", { name: "Plantillas de correo" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Plantillas de correo" })).toBeVisible({ timeout: AFTER_WRITE });
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "Confirmación de la póliza" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Confirmación de la póliza" })).toBeVisible({ timeout: AFTER_WRITE });

    const text = page.getByLabel("Texto", { exact: true });
    const original = await text.inputValue();
    const fixed = original.replace("Gracias por contratar", `${marker} Gracias por contratar`);
    await text.fill(`${fixed}\n\n{{numero_polisa}}`);
    await page.getByRole("button", { name: "Guardar", exact: true }).click();
    await expect(page.getByText("La variable {{numero_polisa}} no existe en esta plantilla.").first()).toBeVisible({ timeout: AFTER_WRITE });
    // Nothing typed is lost.
    await expect(text).toHaveValue(new RegExp(marker.replace(/[.]/g, "\\.")));

    await text.fill(fixed);
    await page.getByLabel("Póliza para la vista previa (opcional)").fill(real.number);
    await page.getByRole("button", { name: "Vista previa" }).click();
    const preview = page.getByRole("region", { name: "Vista previa" });
    await expect(preview).toContainText(marker, { timeout: AFTER_WRITE });
    await expect(preview).toContainText(`Con los datos de la póliza ${real.number}.`);
    await expect(preview).toContainText("Hola, Pablo Vista Previa:");
    if (testInfo.project.name === "js-off") await preview.getByRole("button", { name: "Mostrar el HTML" }).click();
    // The frame shows the saved HTML body (the text was edited, not the HTML) with the policy's data.
    await expect(page.frameLocator('iframe[name="vista-previa-html"]').getByText(`Número de póliza: ${real.number}`)).toBeVisible({
      timeout: AFTER_WRITE,
    });
    await expect(text).toHaveValue(new RegExp(marker.replace(/[.]/g, "\\.")));
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Guardar", exact: true }).click();
    await expect(page.getByRole("status").getByText(/^Versión \d+ guardada$/)).toBeVisible({ timeout: AFTER_WRITE });
    await expect(page.getByRole("table", { name: "Versiones guardadas" })).toContainText(staff.email);

    await page.getByRole("button", { name: "Enviarme una prueba" }).click();
    await expect(page.getByRole("status").getByText("Prueba en camino")).toBeVisible({ timeout: AFTER_WRITE });
    const trial = await readMailTo(staff.email, 60_000, /^\[Prueba\]/);
    expect(trial.subject).toMatch(/^\[Prueba\] Su póliza COT-/);
    expect(trial.text).toContain(marker);

    // The next policy's confirmation, as the customer receives it.
    const email = `plantilla-${testInfo.project.name}-${Date.now().toString(36)}@cotiza.test`;
    const registered = await page.request.post("/api/auth/register", { data: { name: "Irene Plantilla", email, password: "Cliente-Segura-2026" } });
    expect(registered.status(), await registered.text()).toBe(201);
    const policy = await buyPolicy(page.request, "Irene Plantilla", { token: ((await registered.json()) as { token: string }).token });
    const mail = await readMailTo(email, 60_000);
    expect(mail.subject).toMatch(new RegExp(`^Su póliza ${policy.number}: `));
    expect(mail.text).toContain(`${marker} Gracias por contratar`);

    await page.getByRole("button", { name: "Volver al texto por defecto" }).click();
    await page.getByRole("button", { name: "Sí, volver al texto por defecto" }).click();
    await expect(page.getByRole("status").getByText(/texto por defecto/)).toBeVisible({ timeout: AFTER_WRITE });
    await expect(page.getByLabel("Texto", { exact: true })).toHaveValue(original);
  } finally {
    // Whatever happened, the other specs get the default text back.
    const token = await sessions.superadminToken();
    await page.request.post(`/api/admin/email/templates/confirmacion-poliza/reset`, { headers: { authorization: `Bearer ${token}` } });
    await rmdir(LOCK).catch(() => {});
  }
});

test("sin email:write se lee la plantilla pero no se cambia", async ({ page, signInAsAdmin }) => {
  await signInAsAdmin("auditor");
  await page.goto(TEMPLATE);
  await expect(page.getByRole("heading", { level: 1, name: "Confirmación de la póliza" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Guardar" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Enviarme una prueba" })).toHaveCount(0);
  await expect(page.getByText("{{numero_poliza}}").first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
