import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { buyPolicy, expectNoSeriousA11yViolations } from "./support";

// Issue 22, returns (ADR 030): staff import the bank's return file from /admin/payments/returns, a
// multipart form that works with JavaScript off; a refused file says why, line by line, in Spanish,
// and changes nothing. And a collected recibo can be marked returned (banks return collected
// recibos up to 8 weeks later), which reopens it.

const upload = async (page: Page, name: string, content: string, mimeType: string) => {
  await page.getByLabel("Fichero de devoluciones").setInputFiles({ name, mimeType, buffer: Buffer.from(content) });
  await page.getByRole("button", { name: "Importar devoluciones" }).click();
};

test("importar un fichero de devoluciones: uno con una referencia desconocida o mal formado se rechaza línea a línea y no cambia nada", async ({
  page,
  signInAsAdmin,
}) => {
  // Three uploads and two accessibility checks on a shared machine.
  test.slow();
  await signInAsAdmin("gestor");
  await page.goto("/admin");
  await page.getByRole("navigation").getByRole("link", { name: "Devoluciones", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Devoluciones del banco" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A CSV whose second line names no debit of ours: the whole file is refused, that line reported.
  await upload(page, "devoluciones.csv", "referencia_adeudo;codigo_devolucion\r\nNO-ES-NUESTRO-1;AM04\r\n", "text/csv");
  await expect(page.getByText("El fichero tiene un error: no se ha aplicado ninguna devolución.", { exact: false }).first()).toBeVisible();
  const errors = page.getByRole("table", { name: "Errores del fichero, línea a línea" });
  await expect(errors.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "2", exact: true }) })).toContainText(
    "La referencia NO-ES-NUESTRO-1 no corresponde a ningún adeudo de nuestras remesas",
  );
  await expect(page).toHaveTitle(/^Error: /);
  await expectNoSeriousA11yViolations(page);

  // An XML with a DOCTYPE is refused before it is read; a CSV with an unknown code, on its line.
  await upload(page, "pain002.xml", '<?xml version="1.0"?>\n<!DOCTYPE d [<!ENTITY x "y">]>\n<Document/>', "application/xml");
  await expect(errors.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "2", exact: true }) })).toContainText(
    "El XML contiene una declaración DOCTYPE o ENTITY, que no se admite",
  );
  await upload(page, "codigos.csv", "referencia_adeudo,codigo_devolucion\nCOT-1,ZZ99\n", "text/csv");
  await expect(errors).toContainText("Código de devolución desconocido: ZZ99");

  // Nothing was imported.
  await page.goto("/admin/payments/returns");
  await expect(page.getByRole("table", { name: /Ficheros de devoluciones importados/ })).toHaveCount(0);
});

test("un recibo cobrado se puede marcar devuelto (el banco lo devolvió después) y vuelve a estar pendiente de pago", async ({
  page,
  signInAsAdmin,
}) => {
  // A purchase through the API first, on a shared machine.
  test.slow();
  await signInAsAdmin("gestor");
  const policy = await buyPolicy(page.request, "Rosa Prueba Devolución");
  await page.goto(`/admin/policies/${policy.id}/payments`);
  const row1 = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "1", exact: true }) });
  await expect(row1).toContainText("Cobrado");
  await row1.getByText("Marcar devuelto…").click();
  await row1.getByLabel("Motivo de la devolución").fill("AM04 Fondos insuficientes");
  await row1.getByRole("button", { name: "Marcar devuelto el recibo 1" }).click();
  await page.getByRole("button", { name: "Sí, marcar devuelto" }).click();
  await expect(page.getByText("Recibo marcado como devuelto").first()).toBeVisible({ timeout: 20_000 });
  await expect(row1).toContainText("Devuelto");
  await expect(row1).toContainText("AM04 Fondos insuficientes");
});
