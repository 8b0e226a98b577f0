import type { APIRequestContext } from "@playwright/test";
import { EMAIL_PREVIEW_CSP } from "../../api/contract/emails";
import { expect, test } from "./fixtures";
import { DEFERRED_DOMAIN } from "./mail-server";
import { buyPolicy, expectNoSeriousA11yViolations } from "./support";

// /admin/email as staff use it, with JavaScript on and off (ADR 039): filter the outbox, open a
// message and see its HTML preview and text, cancel a pending one through its confirmation, resend
// a sent one; and a comercial (no email:read) is offered none of it.

/** A write and the page it redirects to; on a two-core machine shared with other suites this can take longer than 5 s. */
const AFTER_WRITE = 15_000;

/** A policy whose holder's mail server refuses for now (tests/e2e/mail-server.ts): its confirmation stays pendiente. */
async function policyWithDeferredMail(request: APIRequestContext, holder: string) {
  const email = `espera-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@${DEFERRED_DOMAIN}`;
  const registered = await request.post("/api/auth/register", { data: { name: holder, email, password: "Cliente-Segura-2026" } });
  expect(registered.status(), await registered.text()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  return { ...(await buyPolicy(request, holder, { token })), email };
}

test("filtrar la bandeja, abrir un correo con su vista previa y cancelar uno pendiente", async ({ page, signInAsAdmin }) => {
  test.slow(); // a purchase, a filter, two pages checked for accessibility and a confirmation
  const policy = await policyWithDeferredMail(page.request, "Elena Prueba Correo");
  await signInAsAdmin("gestor");
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Correo", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Correo" })).toBeVisible({ timeout: AFTER_WRITE });
  await expect(page.getByRole("link", { name: "Plantillas de correo" })).toHaveAttribute("href", "/admin/email/plantillas");

  const filters = page.getByRole("search", { name: "Filtrar correos" });
  await filters.getByLabel("Póliza").fill(policy.number);
  await filters.getByLabel("Estado").selectOption({ label: "Pendiente" });
  await filters.getByRole("button", { name: "Filtrar" }).click();
  const table = page.getByRole("table", { name: "Correos" });
  const subject = `Su póliza ${policy.number}`;
  const row = table.getByRole("row").filter({ hasText: subject });
  await expect(row).toHaveCount(1, { timeout: AFTER_WRITE });
  await expect(row).toContainText(policy.email);
  await expect(row).toContainText("Pendiente");
  await expect(row.getByRole("link", { name: policy.number, exact: true })).toHaveAttribute("href", `/admin/policies/${policy.id}`);
  await expectNoSeriousA11yViolations(page);

  // The message: its facts, the HTML part in its sandboxed frame, the text part, the attachments.
  await row.getByRole("link", { name: new RegExp(subject) }).click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(subject) })).toBeVisible({ timeout: AFTER_WRITE });
  const delivery = page.getByRole("region", { name: "Envío" });
  await expect(delivery).toContainText(policy.email);
  await expect(delivery).toContainText("Confirmación de la póliza");
  // The frame's source answers under its own strict policy, not the site's (ADR 039).
  const preview = await page.request.get(`${new URL(page.url()).pathname}/html`);
  expect(preview.status()).toBe(200);
  expect(preview.headers()["content-security-policy"]).toBe(EMAIL_PREVIEW_CSP);
  expect(preview.headers()["x-frame-options"]).toBe("SAMEORIGIN");
  const frame = page.frameLocator("iframe[sandbox]");
  await expect(frame.locator("body")).toContainText(policy.number, { timeout: AFTER_WRITE });
  await expect(page.getByRole("region", { name: "Texto" }).locator("pre")).toContainText(policy.number);
  await expect(page.getByRole("region", { name: "Adjuntos" })).toContainText(".pdf");
  await expectNoSeriousA11yViolations(page);

  // At 390 px the message page (its text part, its frame) fits without scrolling sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Cancel: asked first (a dialog with JavaScript, a confirmation step without), then done.
  await page.getByRole("button", { name: "Cancelar envío" }).click();
  await page.getByRole("button", { name: "Sí, cancelar el envío" }).click();
  await expect(page.getByText("Envío cancelado").first()).toBeVisible({ timeout: AFTER_WRITE });
  await expect(delivery.getByText("Cancelado", { exact: false }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancelar envío" })).toHaveCount(0);
  // A cancelled message may be sent again, as a new one.
  await expect(page.getByRole("button", { name: "Reenviar" })).toBeVisible();
});

test("reenviar un correo enviado: una copia nueva enlazada al original", async ({ page, signInAsAdmin, sessions }) => {
  test.slow();
  const policy = await buyPolicy(page.request, "Jorge Prueba Reenvío");
  const headers = { authorization: `Bearer ${await sessions.superadminToken()}` };
  // The confirmation goes out at once (the worker and the e2e mail server): wait for "enviado".
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/api/admin/emails?policy=${policy.number}&status=enviado`, { headers });
        return ((await answer.json()) as { total: number }).total;
      },
      { timeout: 30_000 },
    )
    .toBe(1);

  await signInAsAdmin("gestor");
  await page.goto(`/admin/email?policy=${policy.number}&status=enviado`);
  const subject = `Su póliza ${policy.number}`;
  await page
    .getByRole("table", { name: "Correos" })
    .getByRole("link", { name: new RegExp(subject) })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(subject) })).toBeVisible({ timeout: AFTER_WRITE });
  const originalUrl = page.url();
  await expect(page.getByRole("button", { name: "Cancelar envío" })).toHaveCount(0);

  await page.getByRole("button", { name: "Reenviar" }).click();
  await page.getByRole("button", { name: "Sí, reenviar" }).click();
  await expect(page.getByText("Correo reenviado").first()).toBeVisible({ timeout: AFTER_WRITE });
  await expect(page).not.toHaveURL(originalUrl);
  const delivery = page.getByRole("region", { name: "Envío" });
  await expect(delivery.getByRole("link", { name: /^el correo \d+$/ })).toHaveAttribute("href", new URL(originalUrl).pathname);
  // Both are in the list now.
  await page.goto(`/admin/email?policy=${policy.number}`);
  await expect(page.getByRole("table", { name: "Correos" }).getByRole("row").filter({ hasText: subject })).toHaveCount(2, { timeout: AFTER_WRITE });
});

test("un comercial no ve «Correo»", async ({ page, signInAsAdmin }) => {
  await signInAsAdmin("comercial");
  await page.goto("/admin");
  await expect(page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Correo", exact: true })).toHaveCount(0);
  await page.goto("/admin/email");
  await expect(page.getByText("Acceso Denegado").first()).toBeVisible();
});
