import { expect, test, type Locator } from "@playwright/test";
import { centsOf, chooseVehicle, definitionOf, expectNoSeriousA11yViolations, expectValidatorOnFirstUse, quoteAlquiler, register } from "./support";

// /cotizar → /results (the checkout and its confirmation: checkout.spec.ts).

test("alquiler: un error de validación vuelve con los datos y luego se obtienen los precios", async ({ page }) => {
  test.slow(); // two quote submissions and two accessibility checks (each in a fresh context with JavaScript off)
  await page.goto("/");
  await page.getByRole("main").getByRole("link", { name: "Calcular precio" }).first().click();
  await expect(page).toHaveURL(/\/cotizar/);
  await page.getByRole("link", { name: "Alquiler" }).click();
  await page.getByLabel("Código postal de la vivienda alquilada").fill("99001");
  await page.getByLabel("Renta mensual, en euros").fill("850");
  await page.getByLabel("Ingresos netos mensuales del inquilino, en euros").fill("3.000");
  await page.getByLabel("Situación laboral del inquilino").selectOption({ label: "Contrato indefinido" });
  // One question, one truth (ADR 023): the months of rent covered are the plan chosen below, not a question.
  await expect(page.getByText("Meses de renta impagada que quiere cubrir")).toHaveCount(0);
  await expect(page.getByRole("radio", { name: "12 meses" })).toHaveCount(0);
  await page.getByRole("button", { name: "Calcular precio" }).click();

  await expect(page.getByText("Hay un problema")).toBeVisible();
  await expect(page).toHaveTitle(/^Error: /);
  await expect(page.getByLabel("Renta mensual, en euros")).toHaveValue("850");
  await expect(page.getByLabel("Ingresos netos mensuales del inquilino, en euros")).toHaveValue("3.000");
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Código postal de la vivienda alquilada").fill("28001");
  await page.getByRole("button", { name: "Calcular precio" }).click();
  await expect(page).toHaveURL(/\/results\?cotizacion=/);
  await expect(page.getByRole("heading", { level: 1, name: "Sus precios" })).toBeVisible();
  await expect(page.getByText(/Precio válido hasta el \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  for (const plan of ["6 meses", "12 meses", "18 meses"]) {
    await expect(page.getByRole("article", { name: plan })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: /IPID/ })).toHaveAttribute("href", "/api/documents/ipid/alquiler");
  await expectNoSeriousA11yViolations(page);
});

test("la forma de pago y las garantías elegidas llegan al checkout sin pulsar «Actualizar precio»", async ({ page }) => {
  await register(page);
  const { quoteId } = await quoteAlquiler(page);
  const card = page.getByRole("article", { name: "12 meses" });
  // The big price is the chosen frequency's total, its recibos beside it.
  await expect(card.getByText(/^1 recibo de [\d.]+,\d{2}\s€$/).first()).toBeVisible();

  // click, not check: with JavaScript the choices are the URL's state and show once the re-pricing starts.
  await page.getByRole("radio", { name: "Trimestral" }).click();
  await expect(page.getByRole("radio", { name: "Trimestral" })).toBeChecked();
  await card.getByText("Garantías opcionales (").click();
  await card.getByLabel(/^Gastos de cerrajería/).click();
  await expect(card.getByLabel(/^Gastos de cerrajería/)).toBeChecked();
  // Straight to "Contratar": the choice goes with the button (no JavaScript: nothing was re-priced).
  await card.getByRole("button", { name: "Contratar este plan: 12 meses" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Contratar su seguro" })).toBeVisible();
  const summary = page.getByRole("region", { name: "Resumen" });
  await expect(definitionOf(summary, "Plan")).toHaveText("12 meses");
  await expect(definitionOf(summary, "Forma de pago")).toHaveText("Trimestral");
  await expect(definitionOf(summary, "Garantías añadidas")).toHaveText("Gastos de cerrajería");
  await expect(definitionOf(summary, "Recibos")).toHaveText(/^(4 recibos de|1 recibo de [\d.]+,\d{2}\s€ y 3 de) /);
  const total = (await definitionOf(summary, "Precio total al año").textContent())!;

  // /results with that choice: the card's big price is that same total.
  await page.goto(`/results?cotizacion=${quoteId}&frecuencia=trimestral&extras=meses_12:alquiler_cerrajeria`);
  await expect(card.getByText(total, { exact: true }).first()).toBeVisible();
});

/** "× 1,2345" → 12345 basis points, exactly as the page writes it. */
function basisPointsOf(text: string): number {
  const match = /^×\s(\d+),(\d{2,4})$/.exec(text.trim());
  if (!match) throw new Error(`No es un factor: ${JSON.stringify(text)}`);
  return Number(match[1]) * 10_000 + Number(match[2]!.padEnd(4, "0"));
}

/** base × factors (basis points), rounded half up once at the end: how the tariff rounds (DOMAIN.md). */
function multipliedOut(baseCents: number, factorsBp: number[]): number {
  const numerator = factorsBp.reduce((n, f) => n * BigInt(f), BigInt(baseCents));
  const denominator = 10_000n ** BigInt(factorsBp.length);
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** The amounts and factors of one plan's "Cómo se calcula el precio" table, as the page shows them. */
async function priceSteps(card: Locator) {
  await card.getByText("Cómo se calcula el precio", { exact: true }).click();
  const table = card.getByRole("table", { name: /^Cómo se calcula el precio/ });
  await expect(table).toBeVisible();
  const amount = async (row: Locator) => centsOf((await row.getByRole("cell").nth(1).innerText()).replace(/^\+\s*/, ""));
  const one = async (step: string) => amount(table.locator(`tr[data-paso="${step}"]`));
  const all = async (step: string) => Promise.all((await table.locator(`tr[data-paso="${step}"]`).all()).map(amount));
  const factorRows = await table.locator('tr[data-paso="factor"]').all();
  const factors = await Promise.all(
    factorRows.map(async (row) => ({
      concept: await row.getByRole("rowheader").innerText(),
      bp: basisPointsOf(await row.getByRole("cell").nth(0).innerText()),
      amount: await amount(row),
    })),
  );
  return {
    base: await one("base"),
    factors,
    risk: await one("risk"),
    extras: await all("extra"),
    net: await one("net"),
    surcharges: [await one("fractionation"), await one("consorcio"), await one("clea"), await one("ips")],
    total: await one("total"),
  };
}

test("el desglose de /results deja rehacer la cuenta: prima base × factores = prima de riesgo, y de ahí al total", async ({ page }) => {
  test.slow(); // a registration, a quote, a priced choice and an accessibility check of the whole prices page
  await register(page);
  await page.goto("/cotizar?linea=auto");
  await chooseVehicle(page, "Seat", "León");
  await page.getByLabel("Año de matriculación").fill("2021");
  await page.getByLabel("Valor del coche, en euros").fill("22.000");
  await page.getByRole("radio", { name: "Particular" }).check();
  await page.getByLabel("Kilómetros que recorre al año").fill("25.000");
  await page.getByLabel("Fecha de nacimiento").fill("1999-06-15");
  await page.getByLabel("Fecha de expedición del carné de conducir").fill("2019-09-01");
  await page.getByLabel("Años sin siniestros con culpa").fill("3");
  await page.getByLabel("Código postal de su domicilio").fill("41001");
  await page.getByRole("button", { name: "Calcular precio" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sus precios" })).toBeVisible();
  // Paid quarterly, with an extra on Terceros: every line of the breakdown has something to add.
  const quoteId = new URL(page.url()).searchParams.get("cotizacion")!;
  await page.goto(`/results?cotizacion=${quoteId}&frecuencia=trimestral&extras=terceros:auto_lunas`);

  for (const plan of ["Terceros", "Terceros ampliado", "Todo riesgo con franquicia", "Todo riesgo"]) {
    const card = page.getByRole("article", { name: plan, exact: true });
    const steps = await priceSteps(card);
    // Every factor the tariff applies, each with the customer's value or the option chosen.
    expect(steps.factors.map((f) => f.concept.split("\n")[0]!.trim())).toEqual([
      "Edad del conductor",
      "Antigüedad del carné",
      "Valor del vehículo",
      "Zona de circulación (provincia)",
      "Bonificación por años sin siniestros",
      "Uso del vehículo",
      "Kilómetros al año",
    ]);
    expect(steps.factors[3]!.concept).toMatch(/C\. P\. 41001: Sevilla/);
    // Each running amount is the base × the factors up to it, and the last one is the risk premium.
    steps.factors.forEach((f, i) => {
      expect(f.amount, `${plan}: ${f.concept}`).toBe(
        multipliedOut(
          steps.base,
          steps.factors.slice(0, i + 1).map((x) => x.bp),
        ),
      );
    });
    expect(steps.risk, `${plan}: prima base × factores`).toBe(
      multipliedOut(
        steps.base,
        steps.factors.map((f) => f.bp),
      ),
    );
    expect(steps.net).toBe(steps.risk + steps.extras.reduce((a, b) => a + b, 0));
    expect(steps.total).toBe(steps.net + steps.surcharges.reduce((a, b) => a + b, 0));
    // The total is the price the card shows big.
    expect(
      centsOf(
        await card
          .getByText(/^[\d.]+,\d{2}\s€$/)
          .first()
          .innerText(),
      ),
    ).toBe(steps.total);
    if (plan === "Terceros") {
      expect(steps.extras).toEqual([4_500]);
      expect(steps.surcharges[0]).toBeGreaterThan(0);
    }
  }
  await expectNoSeriousA11yViolations(page);
});

test("una renta por encima del 40 % de los ingresos se rechaza con el motivo", async ({ page }) => {
  await page.goto("/cotizar?linea=alquiler");
  await page.getByLabel("Código postal de la vivienda alquilada").fill("28001");
  await page.getByLabel("Renta mensual, en euros").fill("1.500");
  await page.getByLabel("Ingresos netos mensuales del inquilino, en euros").fill("2.000");
  await page.getByLabel("Situación laboral del inquilino").selectOption({ label: "Contrato indefinido" });
  await page.getByRole("button", { name: "Calcular precio" }).click();
  await expect(page.getByText(/La renta supera el 40 % de los ingresos/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/cotizar/);
});

test.describe("con JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "el aviso de cambios sin guardar usa useBlocker");

  test("salir de /cotizar con cambios pregunta; permanecer conserva los datos y salir sale", async ({ page }) => {
    await page.goto("/cotizar?linea=alquiler");
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Renta mensual, en euros").fill("900");
    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Mi póliza" }).click();
    const dialog = page.getByRole("dialog", { name: "Tiene cambios sin guardar. ¿Desea salir de todos modos?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Permanecer en la página" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/cotizar/);
    await expect(page.getByLabel("Renta mensual, en euros")).toHaveValue("900");

    await page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Mi póliza" }).click();
    await dialog.getByRole("button", { name: "Salir" }).click();
    await expect(page).not.toHaveURL(/\/cotizar/);
  });

  test("enviar el formulario no pregunta", async ({ page }) => {
    await page.goto("/cotizar?linea=alquiler");
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Código postal de la vivienda alquilada").fill("08001");
    await page.getByLabel("Renta mensual, en euros").fill("700");
    await page.getByLabel("Ingresos netos mensuales del inquilino, en euros").fill("2.500");
    await page.getByLabel("Situación laboral del inquilino").selectOption({ label: "Contrato indefinido" });
    let prompted = false;
    page.on("dialog", (d) => {
      prompted = true;
      void d.dismiss();
    });
    await page.getByRole("button", { name: "Calcular precio" }).click();
    await expect(page).toHaveURL(/\/results\?cotizacion=/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(prompted).toBe(false);
  });
});

test.describe("el validador del formulario llega al empezar a rellenarlo", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "sin JavaScript valida el servidor al enviar; no hay validador que descargar");

  test("quien solo mira no lo descarga; al salir de un campo cambiado avisa sin enviar nada", async ({ page }) => {
    await expectValidatorOnFirstUse(page, () => page.goto("/cotizar?linea=alquiler"), page.getByLabel("Código postal de la vivienda alquilada"), {
      wrong: "99001",
      right: "46001",
      message: "El código postal no corresponde a ninguna provincia española",
    });
  });

  // A slow phone: the person leaves a changed field before the validator has arrived. Nothing is
  // sent (conform would otherwise ask the server to check that one field, and its late answer
  // moved the form under the person's finger); once it arrives, the field is checked as they type.
  test("antes de que llegue, salir de un campo no envía nada ni avisa; al llegar, avisa al escribir", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.goto("/cotizar?linea=alquiler");
    await page.waitForLoadState("networkidle");
    // Every script asked for from now on (the validator's chunks) waits until released.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/build\/.+\.js$/, async (route) => {
      await released;
      await route.continue();
    });

    const postalCode = page.getByLabel("Código postal de la vivienda alquilada");
    await postalCode.fill("99001");
    await postalCode.press("Tab");
    await page.getByLabel("Renta mensual, en euros").fill("950");
    await page.waitForTimeout(1_000);
    expect(posts, "nada va al servidor antes de enviar").toEqual([]);
    await expect(page.getByText("El código postal no corresponde a ninguna provincia española")).toHaveCount(0);
    await expect(page.getByText("Introduzca la renta mensual")).toHaveCount(0);

    release();
    // Its chunks arrive in their own time: the person goes on typing, and the check appears.
    await expect(async () => {
      await postalCode.fill("99002");
      await postalCode.fill("99001");
      await expect(page.getByText("El código postal no corresponde a ninguna provincia española")).toBeVisible({ timeout: 500 });
    }).toPass();
    await expect(page.getByLabel("Renta mensual, en euros")).toHaveValue("950");
    expect(posts).toEqual([]);
  });
});
