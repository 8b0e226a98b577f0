import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createStaffAccount, expectNoSeriousA11yViolations } from "./support";

// The back-office home (ADR 035), with JavaScript on and off: today's figures, each opening the
// list it summarises with the same number; each role sees only the figures of the lists it may
// read; a role with only dashboard:read gets a useful empty state; at 390 px nothing scrolls sideways.

const figure = (page: Page, title: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3, name: title, exact: true }) });

/** The number a list's count sentence states ("Mostrando 1–20 de 134 pólizas"), or 0 when it says it found none. */
async function listTotal(page: Page): Promise<string> {
  const none = page.getByText("Ningún resultado con estos filtros");
  if (await none.isVisible()) return "0";
  const sentence = await page
    .getByText(/^Mostrando /)
    .first()
    .textContent();
  return /de (?:más de )?([\d.]+)/.exec(sentence ?? "")?.[1] ?? `sin total: ${sentence}`;
}

test("el panel de un gestor: cada cifra lleva a su lista con el mismo número", async ({ page, signInAsAdmin }) => {
  test.slow(); // five lists opened one after the other
  await signInAsAdmin("gestor");
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 2, name: "El negocio de hoy" })).toBeVisible();
  for (const title of [
    "Nueva contratación y renovaciones este mes",
    "Pólizas en vigor",
    "Renovaciones en 30 días",
    "Recibos pendientes",
    "Recibos devueltos",
  ]) {
    await expect(figure(page, title)).toBeVisible();
  }
  await expect(figure(page, "Nueva contratación y renovaciones este mes")).toContainText(/€/);
  await expectNoSeriousA11yViolations(page);

  const checks = [
    { title: "Pólizas en vigor", link: "Ver las pólizas en vigor", heading: "Pólizas" },
    { title: "Renovaciones en 30 días", link: "Ver las renovaciones", heading: "Pólizas" },
    { title: "Recibos pendientes", link: "Ver los recibos pendientes", heading: "Pagos" },
    { title: "Recibos devueltos", link: "Ver los recibos devueltos", heading: "Pagos" },
  ];
  for (const check of checks) {
    await page.goto("/admin");
    const card = figure(page, check.title);
    const shown = (await card.locator("[data-figure]").textContent())!.trim();
    await card.getByRole("link", { name: check.link }).click();
    await expect(page.getByRole("heading", { level: 1, name: check.heading })).toBeVisible();
    expect(await listTotal(page), `${check.title}: el panel dice ${shown}`).toBe(shown);
  }

  // The month's premiums open the policies whose term starts this month: as many as the figure says.
  await page.goto("/admin");
  const premiums = figure(page, "Nueva contratación y renovaciones este mes");
  const policies = /^([\d.]+) pólizas con efecto/.exec((await premiums.getByText(/pólizas con efecto/).textContent()) ?? "")?.[1];
  await premiums.getByRole("link", { name: "Ver las pólizas de este mes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pólizas" })).toBeVisible();
  expect(await listTotal(page)).toBe(policies);
});

test("un comercial ve las cifras de pólizas y cotizaciones, no las de pagos", async ({ page, signInAsAdmin }) => {
  test.slow(); // a list opened and an accessibility check
  await signInAsAdmin("comercial");
  await page.goto("/admin");
  await expect(figure(page, "Pólizas en vigor")).toBeVisible();
  await expect(figure(page, "Cotizaciones que esperan una llamada")).toBeVisible();
  await expect(figure(page, "Nueva contratación y renovaciones este mes")).toHaveCount(0);
  await expect(figure(page, "Recibos pendientes")).toHaveCount(0);

  const waiting = figure(page, "Cotizaciones que esperan una llamada");
  const shown = (await waiting.locator("[data-figure]").textContent())!.trim();
  await waiting.getByRole("link", { name: "Ver las cotizaciones por llamar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cotizaciones" })).toBeVisible();
  expect(await listTotal(page)).toBe(shown.replace(/^Más de /, ""));
  await expect(page.getByRole("search", { name: "Filtrar cotizaciones" }).getByLabel("Para llamar")).toHaveValue("true");
  await expectNoSeriousA11yViolations(page);
});

test("un rol con solo el panel ve un estado vacío que explica qué pedir", async ({ page, sessions, request }, testInfo) => {
  const token = await sessions.superadminToken();
  const headers = { authorization: `Bearer ${token}` };
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`.toLowerCase();
  const role = await request.post("/api/admin/roles", {
    headers,
    data: { name: `Solo panel ${tag}`.slice(0, 50), permissions: { "dashboard:read": true } },
  });
  expect(role.status(), await role.text()).toBe(201);
  const credentials = { username: `panel-${tag}`.slice(0, 40), email: `panel-${tag}@cotiza.test`, password: "Solo-Panel-Segura-2026" };
  await createStaffAccount(request, token, { ...credentials, roleId: ((await role.json()) as { id: number }).id });
  await sessions.adminWith(page.context(), credentials);

  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 2, name: "Sin cifras del negocio" })).toBeVisible();
  await expect(page.getByText("pide a un administrador que añada esos permisos")).toBeVisible();
  await expect(page.locator("[data-figure]")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test.describe("a 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("el panel no se desplaza en horizontal", async ({ page, signInAsAdmin }) => {
    await signInAsAdmin("gestor");
    await page.goto("/admin");
    await expect(figure(page, "Recibos devueltos")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
