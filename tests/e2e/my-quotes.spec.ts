import { expect, test } from "./fixtures";
import { centsOf, definitionOf, expectNoSeriousA11yViolations, expectPdf, quoteAlquiler } from "./support";

// /mis-cotizaciones and /cotizacion/{id}: the visitor's own quotes, and nobody else's.

test("Mis cotizaciones: vacía al principio, luego la cotización con su mejor precio, su detalle y su PDF; otra cuenta recibe 404", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
  signInAsVisitor,
  sessions,
}) => {
  const account = await signInAsVisitor();
  await page.goto("/");
  await expect(page.getByRole("banner")).toContainText(account.name);

  // A fresh account has nothing yet, and is told where to start.
  await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Mis cotizaciones" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mis cotizaciones" })).toBeVisible();
  await expect(page.getByText("Todavía no ha calculado ningún precio con su cuenta.")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Calcular precio" })).toHaveAttribute("href", "/cotizar");

  const { quoteId, validUntil } = await quoteAlquiler(page);
  // Each plan's yearly price is the first price of its card.
  const yearly: number[] = [];
  for (const plan of ["6 meses", "12 meses", "18 meses"]) {
    const price = await page
      .getByRole("article", { name: plan })
      .getByText(/^[\d.]+,\d{2}\s€ al año$/)
      .first()
      .textContent();
    yearly.push(centsOf(price!.replace(" al año", "")));
  }
  const best = Math.min(...yearly);

  // The list: line, best yearly price in es-ES, status and validity.
  await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Mis cotizaciones" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Mis cotizaciones" })).toBeVisible();
  const items = page.getByRole("main").getByRole("listitem");
  await expect(items).toHaveCount(1);
  const item = items.first();
  // The line and what it insures (two quotes of one line would otherwise look the same).
  await expect(item.getByRole("heading", { level: 2 })).toHaveText("Seguro de impago de alquiler, Vivienda alquilada en 08001");
  await expect(item.getByText("Vigente", { exact: true })).toBeVisible();
  const bestText = (await definitionOf(item, "Mejor precio").textContent())!;
  expect(bestText).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}\u00a0€ al año$/);
  expect(centsOf(bestText.replace(" al año", ""))).toBe(best);
  await expect(definitionOf(item, "Válida hasta")).toHaveText(validUntil);
  await expect(definitionOf(item, "Fecha")).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await expectNoSeriousA11yViolations(page);

  // One quote: its plans, the way on to the checkout and its PDF.
  await item.getByRole("link", { name: "Seguro de impago de alquiler" }).click();
  await expect(page).toHaveURL(`/cotizacion/${quoteId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Cotización de seguro de impago de alquiler" })).toBeVisible();
  await expect(page.getByText("Vigente", { exact: true })).toBeVisible();
  await expect(page.getByText(`Válida hasta el ${validUntil}`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Planes" })).toBeVisible();
  const plans = page.getByRole("heading", { level: 3 });
  await expect(plans).toHaveCount(3);
  for (const [index, plan] of ["6 meses", "12 meses", "18 meses"].entries()) {
    await expect(plans.nth(index)).toContainText(plan);
  }
  const pdfLink = page.getByRole("link", { name: "Descargar la cotización (PDF)" });
  const pdfHref = (await pdfLink.getAttribute("href"))!;
  await expectPdf(await page.request.get(pdfHref));

  await page.getByRole("link", { name: "Continuar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sus precios" })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("cotizacion")).toBe(quoteId);
  await page.getByRole("button", { name: "Contratar este plan: 12 meses" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contratar su seguro" })).toBeVisible();
  await expect(page.getByText("Seguro de impago de alquiler: plan 12 meses")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Contratar y pagar / })).toBeVisible();

  // Someone else, signed in with their own account: the quote and its PDF do not exist for them.
  const other = await browser.newContext({ baseURL, javaScriptEnabled, locale: "es-ES", timezoneId: "Europe/Madrid" });
  try {
    const otherPage = await other.newPage();
    await sessions.visitor(other, { name: "Jorge Ruiz" });
    const response = await otherPage.goto(`/cotizacion/${quoteId}`);
    expect(response?.status()).toBe(404);
    await expect(otherPage.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    await expect(otherPage.getByText("La página que busca no existe o ha cambiado de dirección.")).toBeVisible();
    await expect(otherPage.getByRole("link", { name: "Descargar la cotización (PDF)" })).toHaveCount(0);
    expect((await otherPage.request.get(pdfHref)).status()).toBe(404);
    await otherPage.goto("/mis-cotizaciones");
    await expect(otherPage.getByText("Todavía no ha calculado ningún precio con su cuenta.")).toBeVisible();
  } finally {
    await other.close();
  }
});
