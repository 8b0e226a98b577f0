import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { buyPolicy, expectNoSeriousA11yViolations, madridDay } from "./support";

// /admin/reports as management reads it, with JavaScript on and off (ADR 034): a report's chart
// (an SVG image with its figures), the same figures in "Ver tabla" and in its CSV, another period
// typed by hand (a wrong date says why), and who may open it (the auditor yes, the comercial no).

/** The page after a sale or a new period; on a two-core machine shared with other suites this can take longer than 5 s. */
const SLOW = 15_000;
const TITLE = "Cobrado, pendiente y devuelto";

/** "Cobrado" in the table (es-ES, "1.234,56 €") and as the CSV writes it ("1234,56"). */
async function collected(page: Page): Promise<{ shown: string; csv: string }> {
  const section = page.getByRole("region", { name: TITLE });
  const details = section.locator("details");
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await section.getByText("Ver tabla", { exact: true }).click();
  const row = section.getByRole("table", { name: TITLE }).getByRole("row", { name: /^Cobrado/ });
  const shown = (await row.getByRole("cell").nth(1).innerText()).trim();
  const downloading = page.waitForEvent("download");
  await section.getByRole("link", { name: `Descargar CSV: ${TITLE}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^informe-cobros-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, "utf8");
  expect(text.split("\r\n")[0]).toBe("\uFEFFSituación;Recibos;Importe (€)");
  return {
    shown,
    csv: text
      .split("\r\n")
      .find((line) => line.startsWith("Cobrado;"))!
      .split(";")[2]!,
  };
}

test("un informe con su gráfica, su tabla y su CSV, que dicen la misma cifra", async ({ page, signInAsAdmin }) => {
  test.slow(); // a purchase, a report, a download and an accessibility check
  await buyPolicy(page.request, "Lola Prueba Informes");
  await signInAsAdmin("auditor");
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Informes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Informes" })).toBeVisible({ timeout: SLOW });
  await page.getByRole("navigation", { name: "Informes" }).getByRole("link", { name: "Recibos y cobros" }).click();
  await expect(page.getByRole("navigation", { name: "Informes" }).getByRole("link", { name: "Recibos y cobros" })).toHaveAttribute(
    "aria-current",
    "page",
    {
      timeout: SLOW,
    },
  );

  // The chart is an image named by its title whose description says the figures.
  const chart = page.getByRole("region", { name: TITLE }).getByRole("img", { name: TITLE });
  await expect(chart).toBeVisible();
  await expect(chart.locator("desc")).toContainText(/^Importe: Cobrado, \d/);
  // The sale's first recibo falls due on its start date, tomorrow: in this month's report except on
  // a month's last day (then it is next month's), so the report is asked for tomorrow alone. It
  // holds something collected, and the table and the CSV say the same (other suites sell
  // meanwhile, so both are read again until one moment sees them agree).
  const tomorrow = madridDay(1).shown;
  const form = page.getByRole("search", { name: "Periodo y ramo del informe" });
  await form.getByLabel("Periodo").selectOption({ label: "Otras fechas" });
  await form.getByLabel("Desde").fill(tomorrow);
  await form.getByLabel("Hasta").fill(tomorrow);
  await form.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByText(`Recibos y cobros: otras fechas, del ${tomorrow} al ${tomorrow}, todos los ramos.`)).toBeVisible({ timeout: SLOW });
  await expect
    .poll(
      async () => {
        await page.reload();
        const figure = await collected(page);
        expect(figure.shown).not.toBe("0,00\u00a0€");
        return figure.shown.replace(/\./g, "").replace(/\s?€$/, "") === figure.csv;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  await expectNoSeriousA11yViolations(page);
});

test("otro periodo escrito a mano: una fecha que no existe, un periodo al revés, y el informe impreso", async ({ page, signInAsAdmin }) => {
  test.slow(); // three periods, an accessibility check and the print view
  await signInAsAdmin("gestor");
  await page.goto("/admin/reports?informe=recibos");
  await expect(page.getByRole("heading", { level: 1, name: "Informes" })).toBeVisible({ timeout: SLOW });
  // A date that does not exist, then a range that ends before it starts.
  const form = page.getByRole("search", { name: "Periodo y ramo del informe" });
  await form.getByLabel("Periodo").selectOption({ label: "Otras fechas" });
  await form.getByLabel("Desde").fill("31/02/2025");
  await form.getByLabel("Hasta").fill("31/12/2025");
  await form.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByText("Escribe la fecha «desde» como dd/mm/aaaa").first()).toBeVisible({ timeout: SLOW });
  await expect(page).toHaveTitle(/^Error: /);
  await form.getByLabel("Desde").fill("01/03/2025");
  await form.getByLabel("Hasta").fill("01/01/2025");
  await form.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByText("La fecha «hasta» no puede ser anterior a la fecha «desde»").first()).toBeVisible({ timeout: SLOW });
  await form.getByLabel("Desde").fill("01/01/2025");
  await form.getByLabel("Hasta").fill("31/12/2025");
  await form.getByLabel("Ramo").selectOption({ label: "Hogar" });
  await form.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByText("Recibos y cobros: otras fechas, del 01/01/2025 al 31/12/2025, ramo Hogar.")).toBeVisible({ timeout: SLOW });
  await expect(page).toHaveURL(/informe=recibos/);
  await expect(page.getByRole("region", { name: "Tasa de devolución por mes" }).getByRole("img")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // In print: no sidebar, no form, no links to click; the charts, whole.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Back office" })).toBeHidden();
  await expect(page.getByRole("search", { name: "Periodo y ramo del informe" })).toBeHidden();
  await expect(page.getByRole("link", { name: /^Descargar CSV/ }).first()).toBeHidden();
  const printed = page.getByRole("region", { name: TITLE }).getByRole("img");
  await expect(printed).toBeVisible();
  expect(await printed.evaluate((svg) => getComputedStyle(svg).breakInside)).toBe("avoid");
});

test("un comercial no ve «Informes» y la página le responde Acceso Denegado", async ({ page, signInAsAdmin }) => {
  await signInAsAdmin("comercial");
  await page.goto("/admin");
  await expect(page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Informes" })).toHaveCount(0);
  await page.goto("/admin/reports");
  await expect(page.getByText("Acceso Denegado").first()).toBeVisible();
  const csv = await page.request.get("/admin/reports.csv?informe=recibos&tabla=cobros&from=2025-01-01&to=2025-12-31", { maxRedirects: 0 });
  expect(csv.status()).not.toBe(200);
});

test("siniestros: por mes, estado y ramo, con la frecuencia y la siniestralidad; «—» cuando no hay base", async ({ page, signInAsAdmin }) => {
  test.slow(); // two periods and an accessibility check
  await signInAsAdmin("gestor");
  await page.goto("/admin/reports");
  await page.getByRole("navigation", { name: "Informes" }).getByRole("link", { name: "Siniestros" }).click();
  await expect(page.getByRole("navigation", { name: "Informes" }).getByRole("link", { name: "Siniestros" })).toHaveAttribute("aria-current", "page", {
    timeout: SLOW,
  });
  for (const title of [
    "Siniestros declarados por mes",
    "Siniestros declarados por estado",
    "Siniestros y frecuencia por ramo",
    "Siniestralidad por ramo",
  ])
    await expect(page.getByRole("region", { name: title }).getByRole("img", { name: title })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A year without policies: no denominator, so each ratio reads «—» in the chart, the table and the CSV.
  const form = page.getByRole("search", { name: "Periodo y ramo del informe" });
  await form.getByLabel("Periodo").selectOption({ label: "Otras fechas" });
  await form.getByLabel("Desde").fill("01/01/2020");
  await form.getByLabel("Hasta").fill("31/12/2020");
  await form.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByText("Siniestros: otras fechas, del 01/01/2020 al 31/12/2020, todos los ramos.")).toBeVisible({ timeout: SLOW });
  await expect(page).toHaveURL(/informe=siniestros/);
  const section = page.getByRole("region", { name: "Siniestralidad por ramo" });
  await expect(section.getByRole("img").locator("desc")).toHaveText("Siniestralidad: Coche, —; Hogar, —; Alquiler, —; Total, —.");
  await section.getByText("Ver tabla", { exact: true }).click();
  const total = section.getByRole("table", { name: "Siniestralidad por ramo" }).getByRole("row", { name: /^Total/ });
  await expect(total.getByRole("cell")).toHaveText(["0,00\u00a0€", "0,00\u00a0€", "—"]);
  const downloading = page.waitForEvent("download");
  await section.getByRole("link", { name: "Descargar CSV: Siniestralidad por ramo" }).click();
  const text = await readFile((await (await downloading).path())!, "utf8");
  expect(text.split("\r\n")).toContain("Total;0,00;0,00;");
});
