import { expect, test } from "@playwright/test";
import { definitionOf, expectNoSeriousA11yViolations, expectValidatorOnFirstUse, quoteAlquiler, register } from "./support";

// /cotizar → /results. (Checkout and the confirmation page come with the rest of issue 4.)

test("alquiler: un error de validación vuelve con los datos y luego se obtienen los precios", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("main").getByRole("link", { name: "Calcular precio" }).first().click();
  await expect(page).toHaveURL(/\/cotizar/);
  await page.getByRole("link", { name: "Alquiler" }).click();
  await page.getByLabel("Código postal de la vivienda alquilada").fill("99001");
  await page.getByLabel("Renta mensual, en euros").fill("850");
  await page.getByLabel("Ingresos netos mensuales del inquilino, en euros").fill("3.000");
  await page.getByLabel("Situación laboral del inquilino").selectOption({ label: "Contrato indefinido" });
  await page.getByRole("radio", { name: "12 meses" }).check();
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

test("una renta por encima del 40 % de los ingresos se rechaza con el motivo", async ({ page }) => {
  await page.goto("/cotizar?linea=alquiler");
  await page.getByLabel("Código postal de la vivienda alquilada").fill("28001");
  await page.getByLabel("Renta mensual, en euros").fill("1.500");
  await page.getByLabel("Ingresos netos mensuales del inquilino, en euros").fill("2.000");
  await page.getByLabel("Situación laboral del inquilino").selectOption({ label: "Contrato indefinido" });
  await page.getByRole("radio", { name: "6 meses" }).check();
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
    await page.getByRole("radio", { name: "18 meses" }).check();
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
