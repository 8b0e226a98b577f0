import { expect, test } from "./fixtures";
import { acceptRequiredConsents, fillAlquilerQuote, fillInsuredObject, fillPolicyholder } from "./support";

// A sale with domiciliación (ADR 033), with and without JavaScript: nothing is charged at the sale,
// and the checkout, the confirmation page and Mi póliza say when and to which account the first
// recibo will be debited, never that it was charged.
test("contratar con domiciliación: no se cobra nada ahora y las páginas dicen cuándo se cargará el primer recibo", async ({
  page,
  signInAsVisitor,
}) => {
  test.slow();
  await signInAsVisitor();
  await page.goto("/cotizar?linea=alquiler");
  await fillAlquilerQuote(page);
  await page.getByRole("button", { name: "Calcular precio" }).click();
  await page.getByRole("button", { name: "Contratar este plan: 12 meses" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contratar su seguro" })).toBeVisible();

  await fillPolicyholder(page);
  await fillInsuredObject(page, "alquiler");
  await page.getByRole("radio", { name: "Domiciliación SEPA" }).check();
  const sepa = page.getByRole("group", { name: "Domiciliación SEPA" });
  await expect(sepa).toContainText("No se cobra nada ahora: el primer recibo");
  await page.getByLabel("IBAN", { exact: true }).fill("ES91 2100 0418 4502 0005 1332");
  await page.getByLabel("Titular de la cuenta").fill("Marta Gómez");
  await acceptRequiredConsents(page);
  await page.getByRole("button", { name: /^Contratar y pagar / }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Su seguro está contratado" })).toBeVisible({ timeout: 30_000 });
  const first = page.getByText(
    /^Se cargará por domiciliación bancaria en su cuenta ES91 .*1332 a partir del \d\d\/\d\d\/\d{4}\. Todavía no se le ha cobrado nada\.$/,
  );
  await expect(first).toBeVisible();
  await expect(page.getByText("(pendiente)").first()).toBeVisible();

  const id = new URL(page.url()).searchParams.get("poliza");
  await page.goto(`/mi-poliza/${id}`);
  await expect(page.getByText(/^Sus recibos se cargan por domiciliación bancaria en su cuenta ES91 .*1332/)).toBeVisible();
  await expect(first).toBeVisible();
});
