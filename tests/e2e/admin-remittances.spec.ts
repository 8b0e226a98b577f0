import { readFile } from "node:fs/promises";
import { addDays, addMonths, madridDate } from "../../api/domain/calendar";
import { isBusinessDay } from "../../api/domain/sepa";
import { formatIsoDate } from "../../api/contract/format";
import { expect, test } from "./fixtures";
import { buyPolicy, expectNoSeriousA11yViolations } from "./support";

// SEPA remittances as staff use them (ADR 029), with and without JavaScript: choose a collection
// date and the due recibos, see the preview, generate the remittance, open its detail and download
// its pain.008 file. Each project buys its own SEPA policy with a start date of its own, and the
// selection is narrowed to its recibo 2's due date, so the two projects never remit each other's.

test("generar una remesa SEPA, ver su detalle y descargar su fichero pain.008", async ({ page, signInAsAdmin, javaScriptEnabled }) => {
  test.setTimeout(240_000); // a checkout, four pages, two forms, a download and three accessibility checks
  const today = madridDate(new Date());
  const startDate = addDays(today, javaScriptEnabled ? 41 : 47);
  const due = addMonths(startDate, 1);
  let collection = due;
  while (!isBusinessDay(collection)) collection = addDays(collection, 1);
  const policy = await buyPolicy(page.request, "Rosa Remesa Domiciliada", { sepa: true, startDate });
  await signInAsAdmin("gestor");

  await page.goto("/admin/payments/remittances");
  await expect(page.getByRole("heading", { level: 1, name: "Remesas SEPA" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Nueva remesa" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Nueva remesa SEPA" })).toBeVisible();

  // A collection date in the past is refused on its field, in Spanish.
  await page.getByLabel(/^Fecha de cobro/).fill(formatIsoDate(addDays(today, -1)));
  await page.getByRole("button", { name: "Ver la remesa" }).click();
  await expect(page.getByText(/La fecha de cobro debe ser un día hábil posterior a hoy/).first()).toBeVisible();

  await page.getByLabel(/^Fecha de cobro/).fill(formatIsoDate(collection));
  await page.getByLabel(/^Vencimiento desde/).fill(formatIsoDate(due));
  await page.getByLabel(/^Vencimiento hasta/).fill(formatIsoDate(due));
  await page.getByRole("button", { name: "Ver la remesa" }).click();
  const preview = page.getByRole("region", { name: "Vista previa" });
  await expect(preview).toContainText(`Se va a generar una remesa de`);
  await expect(preview).toContainText(`con fecha de cobro ${formatIsoDate(collection)}`);
  await expectNoSeriousA11yViolations(page);
  await preview.getByRole("button", { name: "Generar la remesa" }).click();

  await expect(page.getByRole("heading", { level: 1, name: /^Remesa \d+$/ })).toBeVisible();
  await expect(page.getByText(/generada/).first()).toBeVisible();
  const adeudos = page.getByRole("region", { name: "Adeudos" });
  const row = adeudos.getByRole("row", { name: new RegExp(policy.number) });
  await expect(row).toContainText(`COT-${policy.number}-1`);
  await expect(row).toContainText("Remesado");
  await expect(row).not.toContainText("0418");
  await expectNoSeriousA11yViolations(page);

  const id = (await page.getByRole("heading", { level: 1 }).textContent())!.replace(/\D/g, "");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Descargar el fichero (pain.008)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`remesa-${id}.xml`);
  const xml = await readFile((await download.path())!, "utf8");
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02"/);
  expect(xml).toContain(`<MndtId>COT-${policy.number}-1</MndtId>`);
  expect(xml).toContain(`<ReqdColltnDt>${collection}</ReqdColltnDt>`);

  // The list shows it.
  await page.goto("/admin/payments/remittances");
  await expect(page.getByRole("link", { name: `Remesa ${id}`, exact: true })).toBeVisible();
});
