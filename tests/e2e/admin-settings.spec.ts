import type { APIRequestContext, Page } from "@playwright/test";
import { formatIsoDate } from "../../api/contract/format";
import { addDays, madridDate } from "../../api/domain/calendar";
import { MEMORY_DB_ADMIN } from "../support/memory-db";
import { HOGAR } from "../support/quote-inputs";
import { expect, moveTo, staff, test } from "./clock-server";
import { expectNoSeriousA11yViolations } from "./support";

// The business settings in the browser, with JavaScript on and off (ADR 038), on a server whose
// clock the test moves (tests/e2e/clock-server.ts): a value that would break the product is refused
// with its message; the mensual fractionation surcharge changed from a future date shows as
// «Programado»; a quote today keeps the old surcharge and one made on that day gets the new one.

const POSTED = { timeout: 30_000 };

async function asStaff(page: Page, path: string) {
  await page.context().clearCookies();
  await page.goto(path);
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
  await page.getByLabel("Correo electrónico").fill(MEMORY_DB_ADMIN.email);
  await page.getByLabel("Contraseña").fill(MEMORY_DB_ADMIN.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(path, POSTED);
}

/** The mensual fractionation surcharge of a new hogar quote, in cents (its first plan). */
async function mensualSurcharge(request: APIRequestContext): Promise<number> {
  const answer = await request.post("/api/quotes", { data: { line: "hogar", inputs: HOGAR } });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { plans: { prices: Record<string, { fractionation: number }> }[] }).plans[0]!.prices.mensual!.fractionation;
}

test("cambiar el recargo mensual con fecha futura: programado, rechazo de un valor no válido y los dos precios", async ({ page, clock }) => {
  test.slow(); // its own server, two forms, a moved clock and an accessibility check
  const today = madridDate(new Date());
  const effective = addDays(today, 10);
  const before = await mensualSurcharge(page.request);

  await asStaff(page, "/admin/settings/recargos");
  await expect(page.getByRole("heading", { level: 1, name: "Recargos e impuestos" })).toBeVisible();
  const section = page.getByRole("region", { name: "Recargo por fraccionamiento" });
  await expect(section.getByRole("term").filter({ hasText: /^Pago mensual$/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A negative rate is refused with its message, in the page and by the server alike.
  await section.getByLabel("Pago trimestral").fill("-5");
  await section.getByLabel("Pago mensual").fill("14");
  await section.getByLabel("Fecha de efecto").fill(formatIsoDate(effective));
  await section.getByRole("button", { name: "Programar cambio" }).click();
  await expect(section.getByText("Indica un porcentaje de 0 o más (por ejemplo, 7 o 0,15)").first()).toBeVisible(POSTED);
  // What was typed is still there.
  await expect(section.getByLabel("Pago mensual")).toHaveValue("14");

  await section.getByLabel("Pago trimestral").fill("5");
  await section.getByRole("button", { name: "Programar cambio" }).click();
  await expect(page.getByText("Cambio programado", { exact: true })).toBeVisible(POSTED);
  const scheduled = page.getByRole("region", { name: "Recargo por fraccionamiento" });
  await expect(scheduled.getByRole("heading", { level: 3, name: `Programado desde el ${formatIsoDate(effective)}` })).toBeVisible();
  await expect(scheduled.getByRole("table", { name: /Historial de Recargo por fraccionamiento/ })).toContainText("Pago mensual: 7 % → 14 %");
  await expectNoSeriousA11yViolations(page);

  // The overview says it too.
  await page.goto("/admin/settings");
  await expect(page.getByText(`Recargo por fraccionamiento, desde el ${formatIsoDate(effective)}`)).toBeVisible();

  // Today's quote: the old surcharge. On the effective day: twice as much (14 % instead of 7 %).
  expect(await mensualSurcharge(page.request)).toBe(before);
  moveTo(clock, effective);
  const after = await mensualSurcharge(page.request);
  expect(Math.abs(after - before * 2)).toBeLessThanOrEqual(1);
  await asStaff(page, "/admin/settings/recargos");
  await expect(
    page
      .getByRole("region", { name: "Recargo por fraccionamiento" })
      .getByRole("heading", { level: 3, name: `En vigor desde el ${formatIsoDate(effective)}` }),
  ).toBeVisible();

  // Back to today: the change is withdrawn again, so that other specs on this server price as before.
  clock.ahead = 0;
  const headers = await staff(page);
  const detail = (await (await page.request.get("/api/admin/settings/fractionation_surcharges_bp", { headers })).json()) as {
    scheduled: { id: number }[];
  };
  for (const v of detail.scheduled)
    expect((await page.request.delete(`/api/admin/settings/fractionation_surcharges_bp/versions/${v.id}`, { headers })).status()).toBe(200);
});
