import { expect, test, type Page } from "@playwright/test";

// From /cotizar to /cotizacion-confirmada and /mi-poliza: every line without JavaScript, one with it.

function uniqueNif(): string {
  const number = Math.floor(10_000_000 + Math.random() * 89_999_999);
  return `${number}${"TRWAGMYFPDXBNJZSQVHLCKE"[number % 23]}`;
}

async function register(page: Page) {
  const email = `cliente-${test.info().project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@cotiza.test`;
  await page.goto("/register");
  await page.getByLabel("Nombre").fill("Marta Gómez");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill("Cliente-Segura-2026");
  await page.getByLabel("Repita la contraseña").fill("Cliente-Segura-2026");
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByRole("banner")).toContainText("Marta Gómez");
}

const FILL: Record<string, (page: Page) => Promise<void>> = {
  auto: async (page) => {
    await page.getByLabel("Marca").fill("Seat");
    await page.getByLabel("Modelo").fill("Ibiza");
    await page.getByLabel("Año de matriculación").fill("2020");
    await page.getByLabel("Valor del coche, en euros").fill("15.000");
    await page.getByRole("radio", { name: "Particular" }).check();
    await page.getByLabel("Kilómetros que recorre al año").fill("12000");
    await page.getByLabel("Fecha de nacimiento").fill("1985-06-15");
    await page.getByLabel("Fecha de expedición del carné de conducir").fill("2005-09-01");
    await page.getByLabel("Años sin siniestros con culpa").fill("8");
    await page.getByLabel("Código postal de su domicilio").fill("28013");
  },
  hogar: async (page) => {
    await page.getByLabel("Código postal de la vivienda").fill("46001");
    await page.getByRole("radio", { name: "Piso" }).check();
    await page.getByRole("radio", { name: "Intermedia" }).check();
    await page.getByLabel("Superficie construida, en m²").fill("85");
    await page.getByLabel("Año de construcción del edificio").fill("1998");
    await page.getByRole("radio", { name: "Vivienda habitual" }).check();
    await page.getByLabel("Valor del continente, en euros").fill("150.000");
    await page.getByLabel("Valor del contenido, en euros").fill("30.000");
  },
  alquiler: async (page) => {
    await page.getByLabel("Código postal de la vivienda alquilada").fill("08001");
    await page.getByLabel("Renta mensual, en euros").fill("950");
    await page.getByLabel("Ingresos netos mensuales del inquilino, en euros").fill("3.200");
    await page.getByRole("radio", { name: "12 meses" }).check();
  },
};

async function fillCard(page: Page, number: string) {
  await page.getByRole("radio", { name: "Tarjeta" }).check();
  await page.getByLabel("Número de la tarjeta").fill(number);
  await page.getByLabel("Caducidad").fill("12/30");
  await page.getByLabel("Código de seguridad (CVC)").fill("123");
  await page.getByLabel("Titular de la tarjeta").fill("Marta Gómez");
}

for (const line of ["auto", "hogar", "alquiler"] as const) {
  test(`${line}: cotizar, contratar (con una tarjeta rechazada antes) y ver la póliza con su PDF`, async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled && line !== "alquiler", "con JavaScript basta un ramo");
    await register(page);
    await page.goto(`/cotizar?linea=${line}`);
    await FILL[line]!(page);
    await page.getByRole("button", { name: "Calcular precio" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sus precios" })).toBeVisible();

    await page.getByRole("link", { name: /Contratar este plan/ }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Contratar su seguro" })).toBeVisible();
    for (const consent of ["Acepto las condiciones de contratación", "Acepto la política de privacidad", "He leído el documento de información del producto (IPID)", "Deseo recibir comunicaciones comerciales de Cotiza (opcional)"]) {
      await expect(page.getByLabel(consent)).not.toBeChecked();
    }
    await expect(page.getByText("Información del distribuidor")).toBeVisible();

    await page.getByLabel("Nombre y apellidos").fill("Marta Gómez Ruiz");
    await page.getByLabel("NIF o NIE").fill(uniqueNif());
    await page.getByLabel("Fecha de nacimiento").fill("1985-06-15");
    await page.getByLabel("Teléfono").fill("612345678");
    await page.getByLabel("Dirección").fill("Calle Mayor 1, 2.º B");
    await page.getByLabel("Código postal").fill("28013");
    await page.getByLabel("Población").fill("Madrid");
    await fillCard(page, "4000 0000 0000 0002");
    await page.getByLabel("Acepto las condiciones de contratación").check();
    await page.getByLabel("Acepto la política de privacidad").check();
    await page.getByLabel("He leído el documento de información del producto (IPID)").check();
    await page.getByRole("button", { name: /Contratar y pagar/ }).click();

    // Declined: said in Spanish, every field kept but the card number and the CVC.
    await expect(page.getByText(/El pago ha sido rechazado/).first()).toBeVisible();
    await expect(page.getByLabel("Nombre y apellidos")).toHaveValue("Marta Gómez Ruiz");
    await expect(page.getByLabel("Población")).toHaveValue("Madrid");
    await expect(page.getByLabel("Número de la tarjeta")).toHaveValue("");
    await expect(page.getByLabel("Código de seguridad (CVC)")).toHaveValue("");

    await page.getByLabel("Número de la tarjeta").fill("4242 4242 4242 4242");
    await page.getByLabel("Código de seguridad (CVC)").fill("123");
    await page.getByRole("button", { name: /Contratar y pagar/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Su seguro está contratado" })).toBeVisible();
    const number = (await page.getByText(/COT-\d{4}-\d{6}/).first().textContent())!.match(/COT-\d{4}-\d{6}/)![0];

    await page.getByRole("link", { name: "Ir a Mi póliza" }).first().click();
    await expect(page).toHaveURL(/\/mi-poliza/);
    await expect(page.getByRole("main")).toContainText(number);
    const href = await page.getByRole("link", { name: "Condiciones particulares (PDF)" }).first().getAttribute("href");
    const pdf = await page.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  });
}
