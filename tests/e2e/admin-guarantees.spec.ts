import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations, fillAlquilerQuote, madridDay } from "./support";

// The guarantee catalogue as staff use it, with JavaScript on and off: create a guarantee (after a
// refused percentage), schedule a new price with a future effective date (today's price stays),
// deactivate another one behind the confirmation, and the quote's results no longer offer it.

type Guarantee = { id: number; name: string };
/** A write and the page it redirects to; on a two-core machine shared with other suites this can take longer than 5 s. */
const AFTER_WRITE = 15_000;

async function apiGuarantee(request: APIRequestContext, token: string, method: "post", path: string, data?: unknown): Promise<Guarantee> {
  const response = await request[method](`/api${path}`, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.ok(), `${method.toUpperCase()} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as Guarantee;
}

test("crear una garantía, programar su nuevo precio, desactivar otra y que la cotización ya no la ofrezca", async ({
  page,
  signInAsAdmin,
  sessions,
  javaScriptEnabled,
}, testInfo) => {
  // Three forms (one refused), a confirmation, a quote and two accessibility checks: 72 s alone at a load
  // average of 16 on the two cores, and over test.slow()'s 90 s with the other project beside it.
  test.setTimeout(150_000);
  const suffix = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const codeSuffix = suffix.replace(/[^a-z0-9]/g, "_");
  const token = await sessions.superadminToken();
  // The one to deactivate: offered today on the 12-month plan.
  const other = await apiGuarantee(page.request, token, "post", "/admin/guarantees", {
    line: "alquiler",
    code: `e2e_llaves_${codeSuffix}`,
    name: `Llaves de repuesto ${suffix}`,
    description: "Copia de las llaves si el inquilino no las devuelve al irse.",
    includedIn: [],
    optionalIn: ["meses_12"],
    priceType: "fixed",
    priceValue: 777,
  });
  const name = `Mudanza urgente ${suffix}`;
  await signInAsAdmin("superadmin");

  await page.goto("/admin");
  await page.getByRole("navigation").getByRole("link", { name: "Garantías" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Garantías" })).toBeVisible();
  await page.getByRole("link", { name: "Nueva garantía" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Nueva garantía" })).toBeVisible();

  await page.getByLabel("Ramo").selectOption({ label: "Alquiler" });
  await page.getByLabel("Código").fill(`e2e_mudanza_${codeSuffix}`);
  await page.getByLabel("Nombre").fill(name);
  await page.getByLabel("Descripción para el cliente").fill("Pagamos la mudanza si el inquilino deja la vivienda de un día para otro.");
  await page.getByLabel("Ayuda (opcional)").fill("Solo con el plan de 12 meses");
  await page.getByRole("checkbox", { name: "12 meses (Alquiler): opcional" }).check();
  // Once the line is chosen, only its plans are offered (JavaScript); without it every line's
  // plans stay, grouped by line, and a plan of another line is refused.
  const carPlans = page.getByRole("checkbox", { name: /\(Coche\): (incluida|opcional)$/ });
  if (javaScriptEnabled) {
    await expect(carPlans).toHaveCount(0);
    await expect(page.getByRole("checkbox", { name: /\(Hogar\): / })).toHaveCount(0);
  } else {
    await carPlans.first().check();
  }
  // A percentage over 100 is refused with its message, and nothing is created.
  await page.getByRole("radio", { name: "Porcentaje de la prima neta" }).check();
  await page.getByRole("textbox", { name: "Importe", exact: true }).fill("150");
  await page.getByRole("button", { name: "Crear garantía" }).click();
  await expect(page.getByText("Un porcentaje no puede ser mayor que 100").first()).toBeVisible({ timeout: AFTER_WRITE });
  await expect(page).toHaveTitle(/^Error: /);
  if (!javaScriptEnabled) {
    await expect(page.getByText("Elige solo planes del ramo de la garantía").first()).toBeVisible();
    await carPlans.first().uncheck();
  }

  await page.getByRole("radio", { name: "Importe fijo anual" }).check();
  await page.getByRole("textbox", { name: "Importe", exact: true }).fill("19,90");
  await page.getByRole("button", { name: "Crear garantía" }).click();
  await expect(page.getByRole("status").getByText("Garantía creada")).toBeVisible({ timeout: AFTER_WRITE });
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const prices = page.getByRole("region", { name: "Precios", exact: true });
  await expect(prices).toContainText("Precio como opcional hoy: 19,90 € al año");
  await expectNoSeriousA11yViolations(page);

  const data = page.getByRole("region", { name: "Datos", exact: true });
  await expect(data).toContainText("Sin carencia");

  // Edit: offered on the 18-month plan too, with a limit and a carencia (a year and a day is refused,
  // keeping what was typed); the line and code are not editable.
  await page.getByRole("link", { name: "Editar datos" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Editar garantía" })).toBeVisible();
  await expect(page.getByLabel("Código")).toHaveCount(0);
  await expect(page.getByLabel("Carencia (días)")).toHaveValue("0");
  await page.getByRole("checkbox", { name: "18 meses (Alquiler): opcional" }).check();
  await page.getByLabel("Límite (importe, opcional)").fill("1.500");
  await page.getByLabel("Carencia (días)").fill("366");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Indica la carencia en días: un número entero de 0 a 365 (0 si no tiene)").first()).toBeVisible({
    timeout: AFTER_WRITE,
  });
  await expect(page).toHaveTitle(/^Error: /);
  await expect(page.getByLabel("Límite (importe, opcional)")).toHaveValue("1.500");
  await page.getByLabel("Carencia (días)").fill("30");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByRole("status").getByText("Datos guardados")).toBeVisible({ timeout: AFTER_WRITE });
  await expect(data).toContainText("12 meses, 18 meses");
  await expect(data).toContainText("1.500,00 €");
  await expect(data).toContainText("30 días");
  await expect(page.getByRole("region", { name: "Historial de cambios", exact: true })).toContainText("carencia");

  // A new price from ten days on: scheduled, today's stays.
  const later = madridDay(10);
  await prices.getByRole("radio", { name: "Importe fijo anual" }).check();
  await prices.getByRole("textbox", { name: "Importe", exact: true }).fill("29,90");
  await prices.getByLabel("Fecha de efecto").fill(later.iso);
  await prices.getByRole("button", { name: "Programar precio" }).click();
  await expect(page.getByRole("status").getByText("Precio programado")).toBeVisible({ timeout: AFTER_WRITE });
  const history = page.getByRole("table", { name: "Historial de precios" });
  await expect(history.getByRole("row", { name: /^v2/ })).toContainText("29,90 € al año");
  await expect(history.getByRole("row", { name: /^v2/ })).toContainText(later.shown);
  await expect(history.getByRole("row", { name: /^v2/ })).toContainText("Programado");
  await expect(history.getByRole("row", { name: /^v1/ })).toContainText("En vigor");
  await expect(page.getByRole("region", { name: "Precios", exact: true })).toContainText(`Programado: 29,90 € al año desde el ${later.shown}`);
  await expect(page.getByRole("region", { name: "Historial de cambios", exact: true })).toContainText("Nuevo precio de garantía");

  // Deactivate the other one, after confirming (a dialog with JavaScript, a confirmation step without).
  await page.goto(`/admin/guarantees/${other.id}`);
  // From the keyboard: the trigger opens the dialog (JavaScript) or the confirmation step (without).
  await page.getByRole("button", { name: "Desactivar garantía" }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Sí, desactivar" }).click();
  await expect(page.getByRole("status").getByText("Garantía desactivada")).toBeVisible({ timeout: AFTER_WRITE });
  await expect(page.getByRole("button", { name: "Activar garantía" })).toBeVisible();

  // The list shows both, each in its state.
  await page.goto(`/admin/guarantees?line=alquiler&q=${encodeURIComponent(suffix)}`);
  await expect(page.getByText("Mostrando 1–2 de 2 garantías")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Activa");
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText(`29,90 € al año desde el ${later.shown}`);
  await expect(page.getByRole("row", { name: new RegExp(other.name) })).toContainText("Inactiva");
  await expectNoSeriousA11yViolations(page);

  // A quote made now offers the new guarantee at today's price and not the deactivated one.
  await page.goto("/cotizar?linea=alquiler");
  await fillAlquilerQuote(page);
  await page.getByRole("button", { name: "Calcular precio" }).click();
  // The whole suite shares two cores: the quote may take longer than an assertion's 5 s.
  await expect(page.getByRole("heading", { level: 1, name: "Sus precios" })).toBeVisible({ timeout: 20_000 });
  const twelveMonths = page.getByRole("article", { name: "12 meses" });
  await twelveMonths.getByText(/^Garantías opcionales \(/).click();
  await expect(twelveMonths.getByText(`${name} (+19,90 € al año)`)).toBeVisible();
  await expect(page.getByText(other.name)).toHaveCount(0);

  // The public catalogue shows the new guarantee with what it covers, and not the deactivated one.
  await page.goto("/garantias");
  const alquiler = page.getByRole("region", { name: /alquiler/i });
  await expect(alquiler.getByText(name).first()).toBeVisible();
  await expect(alquiler.getByText("Pagamos la mudanza si el inquilino deja la vivienda de un día para otro.").first()).toBeVisible();
  await expect(page.getByText(other.name)).toHaveCount(0);

  // Leave the shared catalogue as it was for the other specs.
  const created = await page.request.get(`/api/admin/guarantees?q=${encodeURIComponent(`e2e_mudanza_${codeSuffix}`)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [mine] = ((await created.json()) as { items: Guarantee[] }).items;
  await apiGuarantee(page.request, token, "post", `/admin/guarantees/${mine!.id}/deactivate`);
});
