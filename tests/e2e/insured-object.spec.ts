import { expect, test, type Page } from "@playwright/test";
import {
  acceptRequiredConsents,
  centsOf,
  chooseVehicle,
  definitionOf,
  fillAlquilerQuote,
  fillCard,
  fillInsuredObject,
  fillPolicyholder,
  register,
} from "./support";

// Issue 11 (part): the car is chosen from the lists and named with the insurer on Mi póliza; the
// tenant's contract type is asked and priced; a returning customer's checkout is prefilled.

const INSURER = "Aseguradora Meseta, S.A. de Seguros y Reaseguros";

/** The auto form's questions other than brand and model. */
async function fillCarAndDriver(page: Page) {
  await page.getByLabel("Año de matriculación").fill("2021");
  await page.getByLabel("Valor del coche, en euros").fill("22.000");
  await page.getByRole("radio", { name: "Particular" }).check();
  await page.getByLabel("Kilómetros que recorre al año").fill("12.000");
  await page.getByLabel("Fecha de nacimiento").fill("1985-06-15");
  await page.getByLabel("Fecha de expedición del carné de conducir").fill("2005-09-01");
  await page.getByLabel("Años sin siniestros con culpa").fill("8");
  await page.getByLabel("Código postal de su domicilio").fill("28013");
}

test("coche: marca y modelo de las listas hasta Mi póliza, con la aseguradora; la segunda contratación viene rellenada", async ({ page }) => {
  test.slow();
  await register(page);
  await page.goto("/cotizar?linea=auto");
  await chooseVehicle(page, "Toyota", "Corolla");
  await fillCarAndDriver(page);
  await page.getByRole("button", { name: "Calcular precio" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sus precios" })).toBeVisible();

  await page
    .getByRole("button", { name: /^Contratar este plan: / })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Contratar su seguro" })).toBeVisible();
  const insurer = page.getByRole("region", { name: "Entidad aseguradora" });
  await expect(insurer).toContainText(INSURER);
  await expect(insurer).toContainText("clave DGSFP C0999");
  // A first purchase: nothing to prefill.
  await expect(page.getByLabel("Nombre y apellidos")).toHaveValue("");
  await fillPolicyholder(page);
  const nif = await page.getByLabel("NIF o NIE").inputValue();
  await fillInsuredObject(page, "auto");
  await fillCard(page, "4242 4242 4242 4242");
  await acceptRequiredConsents(page);
  await page.getByRole("button", { name: /^Contratar y pagar / }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Su seguro está contratado" })).toBeVisible();

  await page.getByRole("link", { name: "Ir a Mi póliza" }).first().click();
  await page.getByRole("article").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/mi-poliza\/\d+$/);
  const risk = page.getByRole("region", { name: "Riesgo asegurado" });
  await expect(definitionOf(risk, "Marca")).toHaveText("Toyota");
  await expect(definitionOf(risk, "Modelo")).toHaveText("Corolla");
  await expect(definitionOf(risk, "Matrícula")).toHaveText("1234 BCD");
  await expect(page.getByRole("region", { name: "Entidad aseguradora" })).toContainText(`${INSURER} (NIF A28645315), clave DGSFP C0999`);

  // Back for a second policy: the policyholder comes filled in from the first (editable); the card does not.
  await page.goto("/cotizar?linea=alquiler");
  await fillAlquilerQuote(page);
  await page.getByRole("button", { name: "Calcular precio" }).click();
  await page.getByRole("button", { name: "Contratar este plan: 12 meses" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contratar su seguro" })).toBeVisible();
  await expect(page.getByLabel("Nombre y apellidos")).toHaveValue("Marta Gómez Ruiz");
  await expect(page.getByLabel("NIF o NIE")).toHaveValue(nif);
  await expect(page.getByLabel("Fecha de nacimiento")).toHaveValue("15/06/1985");
  await expect(page.getByLabel("Dirección", { exact: true })).toHaveValue("Calle Mayor 1, 2.º B");
  await expect(page.getByLabel("Población", { exact: true })).toHaveValue("Madrid");
  await expect(page.getByLabel("Número de la tarjeta")).toHaveValue("");
  await expect(page.getByRole("region", { name: "Entidad aseguradora" })).toContainText("Meseta Caución y Alquiler, S.A. de Seguros");
  await page.getByLabel("Nombre y apellidos").fill("Marta Gómez Ruiz de Alda");
  await expect(page.getByLabel("Nombre y apellidos")).toHaveValue("Marta Gómez Ruiz de Alda");
});

test("alquiler: un contrato temporal cuesta más que un funcionario, y se dice", async ({ page }) => {
  const yearly = async (contract: string) => {
    await page.goto("/cotizar?linea=alquiler");
    await fillAlquilerQuote(page);
    await page.getByLabel("Situación laboral del inquilino").selectOption({ label: contract });
    await page.getByRole("button", { name: "Calcular precio" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sus precios" })).toBeVisible();
    const plan = page.getByRole("article", { name: "12 meses" });
    await expect(plan.getByText(contract).first()).toBeAttached();
    return centsOf(
      (await plan
        .getByText(/^[\d.]+,\d{2}\s€ al año$/)
        .first()
        .textContent())!.replace(" al año", ""),
    );
  };
  const funcionario = await yearly("Funcionario");
  const temporal = await yearly("Contrato temporal");
  expect(temporal).toBeGreaterThan(funcionario);
});

test("coche: un modelo que no es de la marca elegida se rechaza en el formulario", async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, "con JavaScript la lista de modelos solo ofrece los de la marca elegida");
  await page.goto("/cotizar?linea=auto");
  await page.getByLabel("Marca").selectOption("Seat");
  await page.getByLabel("Modelo").selectOption({ label: "Volkswagen Golf" });
  await fillCarAndDriver(page);
  await page.getByRole("button", { name: "Calcular precio" }).click();
  await expect(page.getByRole("link", { name: "Elija un modelo de Seat: el modelo elegido no es de esa marca" })).toBeVisible();
  await expect(page.getByLabel("Marca")).toHaveValue("Seat");
});
