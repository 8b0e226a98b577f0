import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { buyPolicy, madridDay } from "./support";

// Who sees the staff's claim pages (issue 26): the auditor (claims:read) reads a claim without any
// form; a commercial (no claims permission) is refused with «Acceso Denegado» and has no «Siniestros»
// in the sidebar. The page reads at 390 px without overflowing sideways.

/** A claim declared today on a policy bought today (it starts tomorrow: the rules refuse it, which is fine to read). */
async function declaredClaim(request: APIRequestContext) {
  const tag = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
  const registered = await request.post("/api/auth/register", {
    data: { name: "Rosa Lectora Gil", email: `lectura-${tag}@cotiza.test`, password: "Cliente-Segura-2026" },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const token = ((await registered.json()) as { token: string }).token;
  const policy = await buyPolicy(request, "Rosa Lectora Gil", { token });
  const declared = await request.post(`/api/me/policies/${policy.id}/claims`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      eventType: "alquiler_impago",
      occurredAt: `${madridDay(0).shown} 00:00`,
      place: "Carrer de Mallorca 100, Barcelona",
      description: "El inquilino no ha pagado la renta de este mes ni contesta a las llamadas.",
      rentMonthsUnpaid: "1",
      contactPhone: "600 123 456",
    },
  });
  expect(declared.status(), await declared.text()).toBe(201);
  return ((await declared.json()) as { claim: { id: number; number: string } }).claim;
}

test.describe("siniestros: quién los ve", () => {
  test("el auditor lee sin formularios; un comercial sin permisos de siniestros, Acceso Denegado; a 390 px se lee sin desbordar", async ({
    browser,
    page,
    request,
    sessions,
  }) => {
    test.setTimeout(120_000);
    const claim = await declaredClaim(request);
    await sessions.admin(page.context(), "auditor");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/admin/claims/${claim.id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Siniestro ${claim.number}` })).toBeVisible();
    await expect(page.getByRole("region", { name: "Cobertura" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Acciones" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Enviar el mensaje" })).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    const context = await browser.newContext();
    const commercial = await context.newPage();
    await sessions.admin(context, "comercial");
    await commercial.goto("/admin/claims");
    await expect(commercial).toHaveURL(/\/admin$/);
    await expect(commercial.getByText("Acceso Denegado").first()).toBeVisible();
    await expect(commercial.getByRole("navigation").getByRole("link", { name: "Siniestros" })).toHaveCount(0);
    await context.close();
  });
});
