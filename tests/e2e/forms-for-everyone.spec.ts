import { expect, test, type Page } from "@playwright/test";
import {
  acceptRequiredConsents,
  chooseVehicle,
  fillCard,
  fillInsuredObject,
  fillPolicyholder,
  madridDay,
  newVisitor,
  tabTo,
  uniqueNif,
} from "./support";

// Issue 11, "What a customer expects": dates typed by hand mean the same in every browser, the
// bot trap never costs a person their form, and the keyboard alone completes a purchase.

async function fillAutoQuote(page: Page, birth: string, licence: string) {
  await page.goto("/cotizar?linea=auto");
  await chooseVehicle(page, "Seat", "Ibiza");
  await page.getByLabel("Año de matriculación").fill("2020");
  await page.getByLabel("Valor del coche, en euros").fill("15.000");
  await page.getByRole("radio", { name: "Particular" }).check();
  await page.getByLabel("Kilómetros que recorre al año").fill("12.000");
  await page.getByLabel("Fecha de nacimiento").fill(birth);
  await page.getByLabel("Fecha de expedición del carné de conducir").fill(licence);
  await page.getByLabel("Años sin siniestros con culpa").fill("8");
  await page.getByLabel("Código postal de su domicilio").fill("28013");
}

/** Quotes, then opens "Cambiar mis datos": the form again with the dates as they were stored. */
async function storedDates(page: Page) {
  await page.getByRole("button", { name: "Calcular precio" }).click();
  // Patience, not timing: the rating of a car takes a while on a busy machine.
  await expect(page.getByRole("heading", { level: 1, name: "Sus precios" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("link", { name: "Cambiar mis datos" }).click();
  await expect(page.getByLabel("Marca")).toHaveValue("Seat");
  return {
    birth: await page.getByLabel("Fecha de nacimiento").inputValue(),
    licence: await page.getByLabel("Fecha de expedición del carné de conducir").inputValue(),
  };
}

test("las fechas del coche se escriben dd/mm/aaaa y se guardan tal cual (12/04/1985 es el 12 de abril)", async ({ page }) => {
  await fillAutoQuote(page, "12/04/1985", "1/9/2005");
  await expect(page.getByLabel("Fecha de nacimiento")).toHaveAttribute("type", "text");
  await expect(page.getByText("Escriba día, mes y año: dd/mm/aaaa. Por ejemplo, 15/04/1985")).toBeVisible();
  expect(await storedDates(page)).toEqual({ birth: "12/04/1985", licence: "01/09/2005" });
});

test("una fecha que no existe se dice una vez, en el campo y en el resumen, y se conserva como se escribió", async ({ page }) => {
  await fillAutoQuote(page, "31/02/1985", "2005-09-01");
  await page.getByRole("button", { name: "Calcular precio" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "Hay un problema" });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("link", { name: "Introduzca una fecha válida (dd/mm/aaaa)" })).toHaveCount(1);
  // Once beside the field (its own message), once in the summary: never twice in the field.
  await expect(page.locator("p").filter({ hasText: "Introduzca una fecha válida (dd/mm/aaaa)" })).toHaveCount(1);
  await expect(page.getByLabel("Fecha de nacimiento")).toHaveValue("31/02/1985");
  await expect(page.getByLabel("Fecha de expedición del carné de conducir")).toHaveValue("2005-09-01");
});

test.describe("en un navegador en inglés", () => {
  test.use({ locale: "en-US" });

  test("15/03/1985 y 15031985 son el 15 de marzo de 1985, no el 3 de diciembre", async ({ page }) => {
    await fillAutoQuote(page, "15031985", "15/03/2005");
    expect(await storedDates(page)).toEqual({ birth: "15/03/1985", licence: "15/03/2005" });
  });
});

test("el checkout del alquiler toma la fecha de nacimiento y la de efecto escritas a mano", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/register?redirectTo=%2Fcotizar%3Flinea%3Dalquiler");
  const visitor = newVisitor();
  await page.getByLabel("Nombre").fill(visitor.name);
  await page.getByLabel("Correo electrónico").fill(visitor.email);
  await page.getByLabel("Contraseña", { exact: true }).fill(visitor.password);
  await page.getByLabel("Repita la contraseña").fill(visitor.password);
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  // Patience, not timing: creating an account hashes its password.
  await expect(page.getByRole("heading", { level: 1, name: "Calcular precio" })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel("Código postal de la vivienda alquilada").fill("08001");
  await page.getByLabel("Renta mensual, en euros").fill("950");
  await page.getByLabel("Ingresos netos mensuales del inquilino, en euros").fill("3.200");
  await page.getByLabel("Situación laboral del inquilino").selectOption({ label: "Contrato indefinido" });
  await page.getByRole("button", { name: "Calcular precio" }).click();
  await page.getByRole("button", { name: "Contratar este plan: 12 meses" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contratar su seguro" })).toBeVisible();
  await fillPolicyholder(page);
  await page.getByLabel("Fecha de nacimiento").fill("12/04/1985");
  await fillInsuredObject(page, "alquiler");
  const start = madridDay(12);
  await page.getByLabel("Fecha de efecto").fill(start.shown);
  await fillCard(page, "4242 4242 4242 4242");
  await acceptRequiredConsents(page);
  await page.getByRole("button", { name: /^Contratar y pagar / }).click();
  await expect(page).toHaveURL(/\/cotizacion-confirmada\?poliza=/, { timeout: 30_000 });
  await expect(page.getByRole("main")).toContainText(`${start.shown}, a las 00:00 h`);
});

test("la trampa para robots rellena devuelve el mismo formulario con todo lo escrito y un mensaje claro", async ({ page }) => {
  await page.goto("/cotizar?linea=alquiler");
  // Not a field a person sees or fills: hidden inputs.
  await expect(page.locator('input[name="name__confirm"]')).toHaveAttribute("type", "hidden");
  await page.getByLabel("Código postal de la vivienda alquilada").fill("08001");
  await page.getByLabel("Renta mensual, en euros").fill("950");
  await page.getByLabel("Ingresos netos mensuales del inquilino, en euros").fill("3.200");
  await page.getByLabel("Situación laboral del inquilino").selectOption({ label: "Contrato indefinido" });
  await page.locator('input[name="name__confirm"]').evaluate((input: HTMLInputElement) => {
    input.value = "robot";
  });
  await page.getByRole("button", { name: "Calcular precio" }).click();
  await expect(page.getByText("No hemos podido enviar el formulario. Revise los datos y vuelva a enviarlo.").first()).toBeVisible();
  await expect(page).not.toHaveTitle(/Internal Server Error|Error interno/i);
  await expect(page.getByRole("heading", { level: 1, name: "Calcular precio" })).toBeVisible();
  await expect(page.getByLabel("Código postal de la vivienda alquilada")).toHaveValue("08001");
  await expect(page.getByLabel("Renta mensual, en euros")).toHaveValue("950");
  await expect(page.getByLabel("Ingresos netos mensuales del inquilino, en euros")).toHaveValue("3.200");
  await expect(page.getByLabel("Situación laboral del inquilino")).toHaveValue("indefinido");
  // The trap is empty again: sent once more, the quote goes through.
  await page.getByRole("button", { name: "Calcular precio" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sus precios" })).toBeVisible();
});

test("la trampa del registro tampoco pierde el formulario", async ({ page }) => {
  await page.goto("/register");
  await page.getByLabel("Nombre").fill("Marta Gómez");
  await page.getByLabel("Correo electrónico").fill("marta-trampa@cotiza.test");
  await page.getByLabel("Contraseña", { exact: true }).fill("Cliente-Segura-2026");
  await page.getByLabel("Repita la contraseña").fill("Cliente-Segura-2026");
  await page.locator('input[name="name__confirm"]').evaluate((input: HTMLInputElement) => {
    input.value = "robot";
  });
  await page.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(page.getByText("No hemos podido enviar el formulario. Revise los datos y vuelva a enviarlo.").first()).toBeVisible();
  await expect(page.getByLabel("Nombre")).toHaveValue("Marta Gómez");
  await expect(page.getByLabel("Correo electrónico")).toHaveValue("marta-trampa@cotiza.test");
});

async function expectInViewport(page: Page) {
  const inside = await page.evaluate(() => {
    const box = document.activeElement!.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });
  expect(inside, "el campo enfocado se ve en la ventana").toBe(true);
}

async function expectHeadingFocused(page: Page, name: string) {
  // Patience, not timing: pages that rate, hash a password or charge take a while on a busy machine.
  await expect(page.getByRole("heading", { level: 1, name })).toBeFocused({ timeout: 30_000 });
}

test("solo con el teclado: de la portada a la póliza contratada, con un error corregido desde el resumen", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "El foco tras un cambio de página en la aplicación es cosa de JavaScript; sin él, cada página se carga entera.");
  // A long walk, one key at a time, on a shared machine.
  test.setTimeout(240_000);
  await page.goto("/");
  // An in-page link first (the skip link): it must not spoil where the summary's links land later.
  await page.keyboard.press("Tab");
  await tabTo(page, page.getByRole("link", { name: "Saltar al contenido" }));
  await page.keyboard.press("Enter");

  await tabTo(page, page.getByRole("main").getByRole("link", { name: "Calcular precio" }).first());
  await page.keyboard.press("Enter");
  await expectHeadingFocused(page, "Calcular precio");
  await tabTo(page, page.getByRole("link", { name: "Alquiler" }));
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Código postal de la vivienda alquilada")).toBeVisible();

  // Tabbing past untouched fields flags nothing.
  await tabTo(page, page.getByLabel("Código postal de la vivienda alquilada"));
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByText("Hay un problema")).toHaveCount(0);
  await expect(page.getByLabel("Código postal de la vivienda alquilada")).not.toHaveAttribute("aria-invalid", "true");

  // A mistake, then the summary's link back to the field.
  await tabTo(page, page.getByLabel("Código postal de la vivienda alquilada"));
  await page.keyboard.type("99001");
  await tabTo(page, page.getByLabel("Renta mensual, en euros"));
  await page.keyboard.type("950");
  await tabTo(page, page.getByLabel("Ingresos netos mensuales del inquilino, en euros"));
  await page.keyboard.type("3.200");
  await tabTo(page, page.getByLabel("Situación laboral del inquilino"));
  await page.keyboard.type("Contrato indefinido");
  await expect(page.getByLabel("Situación laboral del inquilino")).toHaveValue("indefinido");
  await tabTo(page, page.getByRole("button", { name: "Calcular precio" }));
  await page.keyboard.press("Enter");
  const summary = page.getByRole("alert").filter({ hasText: "Hay un problema" });
  await expect(summary).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  const postalCode = page.getByLabel("Código postal de la vivienda alquilada");
  await expect(postalCode).toBeFocused();
  await expectInViewport(page);
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("08001");
  await tabTo(page, page.getByRole("button", { name: "Calcular precio" }));
  await page.keyboard.press("Enter");
  await expectHeadingFocused(page, "Sus precios");

  // The plan: signing up on the way.
  await tabTo(page, page.getByRole("button", { name: "Contratar este plan: 12 meses" }), 150);
  await page.keyboard.press("Enter");
  await expectHeadingFocused(page, "Iniciar sesión");
  await tabTo(page, page.getByRole("main").getByRole("link", { name: "Regístrese" }).first());
  await page.keyboard.press("Enter");
  await expectHeadingFocused(page, "Crear una cuenta");
  const visitor = newVisitor();
  await tabTo(page, page.getByLabel("Nombre"));
  await page.keyboard.type(visitor.name);
  await tabTo(page, page.getByLabel("Correo electrónico"));
  await page.keyboard.type(visitor.email);
  await tabTo(page, page.getByLabel("Contraseña", { exact: true }));
  await page.keyboard.type(visitor.password);
  await tabTo(page, page.getByLabel("Repita la contraseña"));
  await page.keyboard.type(visitor.password);
  await page.keyboard.press("Enter");
  await expectHeadingFocused(page, "Contratar su seguro");

  const typeInto = async (label: string, text: string, exact = false) => {
    await tabTo(page, page.getByLabel(label, { exact }), 150);
    await page.keyboard.type(text);
  };
  await typeInto("Nombre y apellidos", "Marta Gómez Ruiz");
  await typeInto("NIF o NIE", uniqueNif());
  await typeInto("Fecha de nacimiento", "12/04/1985");
  await typeInto("Teléfono", "612345678");
  await typeInto("Dirección", "Calle Mayor 1", true);
  await typeInto("Código postal", "28013", true);
  await typeInto("Población", "Madrid", true);
  await typeInto("Calle y número", "Carrer de Balmes 21");
  await typeInto("Población de la vivienda", "Barcelona");
  await typeInto("Número de la tarjeta", "4242 4242 4242 4242");
  await typeInto("Caducidad", "12/30");
  await typeInto("Código de seguridad (CVC)", "123");
  await typeInto("Titular de la tarjeta", "Marta Gómez");
  for (const consent of [
    "Acepto las condiciones de contratación",
    "Acepto la política de privacidad",
    "He leído el documento de información del producto (IPID)",
  ]) {
    await tabTo(page, page.getByLabel(consent), 150);
    await page.keyboard.press("Space");
    await expect(page.getByLabel(consent)).toBeChecked();
  }
  await tabTo(page, page.getByRole("button", { name: /^Contratar y pagar / }), 150);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/cotizacion-confirmada\?poliza=/, { timeout: 30_000 });
  await expect(page.locator("h1")).toBeFocused();
});
