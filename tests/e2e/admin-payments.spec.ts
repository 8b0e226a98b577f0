import { expect, test } from "./fixtures";
import { buyPolicy, expectNoSeriousA11yViolations } from "./support";

// /admin/payments as staff use it, with JavaScript on and off (ADR 028): filter the portfolio's
// recibos, open one and read its history, retry a returned card recibo through the confirmation
// that states the count and the total; and a comercial (no payments:read) is offered none of it.

/** A write and the page it redirects to; on a two-core machine shared with other suites this can take longer than 5 s. */
const AFTER_WRITE = 15_000;

test("filtrar los recibos, abrir uno con su historial y reintentar su cobro con tarjeta", async ({ page, signInAsAdmin, sessions }) => {
  test.slow(); // a purchase, a return, two filters, a confirmation and an accessibility check
  const policy = await buyPolicy(page.request, "Rosa Prueba Pagos");
  const token = await sessions.superadminToken();
  const headers = { authorization: `Bearer ${token}` };
  // Recibo 1, paid at the purchase, comes back from the bank: returned, due today, to be charged again.
  const read = await page.request.get(`/api/admin/policies/${policy.id}/payments`, { headers });
  const recibo1 = ((await read.json()) as { recibos: { id: number; sequence: number }[] }).recibos.find((r) => r.sequence === 1)!;
  const returned = await page.request.post(`/api/admin/policies/${policy.id}/recibos/${recibo1.id}/return`, {
    headers,
    data: { reason: "Devuelto por el banco (prueba)" },
  });
  expect(returned.status(), await returned.text()).toBe(200);

  await signInAsAdmin("gestor");
  await page.goto("/admin");
  await page.getByRole("navigation").getByRole("link", { name: "Pagos", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pagos" })).toBeVisible({ timeout: AFTER_WRITE });

  const filters = page.getByRole("search", { name: "Filtrar recibos" });
  await filters.getByLabel("Póliza").fill(policy.number);
  await filters.getByLabel("Estado").selectOption({ label: "Devuelto" });
  await filters.getByRole("button", { name: "Filtrar" }).click();
  const table = page.getByRole("table", { name: "Recibos" });
  const row = table.getByRole("row").filter({ hasText: `${policy.number} / 1` });
  await expect(row).toHaveCount(1, { timeout: AFTER_WRITE });
  await expect(row).toContainText("Devuelto por el banco (prueba)");
  await expect(row).toContainText("Tarjeta");
  await expect(table.getByRole("row")).toHaveCount(2); // the header and the one recibo
  await expectNoSeriousA11yViolations(page);

  // The recibo's page: its data and its history, with who and when.
  await row.getByRole("link", { name: `${policy.number} / 1` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Recibo ${policy.number} / 1` })).toBeVisible({ timeout: AFTER_WRITE });
  const history = page.getByRole("region", { name: "Historial", exact: true });
  await expect(history).toContainText("Recibo devuelto");
  await expect(history).toContainText("Devuelto por el banco (prueba)");
  await page.goBack();

  // The retry of the filtered selection: the API's count and total first, then the charge.
  await page.getByRole("link", { name: "Reintentar cobro con tarjeta" }).click();
  await expect(page.getByRole("heading", { level: 2, name: /^Se va a cobrar 1 recibo por un total de \d+,\d{2}\s€$/ })).toBeVisible({
    timeout: AFTER_WRITE,
  });
  await page.getByRole("button", { name: "Sí, cobrar el recibo" }).click();
  await expect(page.getByText("Recibos cobrados: 1 de 1", { exact: true })).toBeVisible({ timeout: AFTER_WRITE });
  // Back on the same selection: nothing returned any more.
  await expect(page.getByText("Ningún resultado con estos filtros")).toBeVisible();

  await filters.getByLabel("Estado").selectOption({ label: "Cobrado" });
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(table.getByRole("row").filter({ hasText: `${policy.number} / 1` })).toContainText("Cobrado", { timeout: AFTER_WRITE });

  // The same confirmation again (a second tab, a double submit): nothing to charge, and said so.
  await page.goto(`/admin/payments/reintentar?q=${policy.number}&status=devuelto`);
  await expect(page.getByText("Ningún recibo de esta selección se puede cobrar ahora con tarjeta")).toBeVisible({ timeout: AFTER_WRITE });
});

test("un comercial no ve «Pagos» ni los recibos de una póliza", async ({ page, signInAsAdmin }) => {
  const policy = await buyPolicy(page.request, "Sara Prueba Comercial");
  await signInAsAdmin("comercial");
  await page.goto(`/admin/policies/${policy.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Póliza ${policy.number}` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Pagos" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Recibos y cobros|Ver los recibos y cobros/ })).toHaveCount(0);
  await page.goto(`/admin/policies/${policy.id}/payments`);
  await expect(page.getByText("Acceso Denegado").first()).toBeVisible();
  await page.goto("/admin/payments");
  await expect(page.getByText("Acceso Denegado").first()).toBeVisible();
});
