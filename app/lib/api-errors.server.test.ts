import { FIELD_NAMES } from "./quote-form";
import { describe, expect, it } from "vitest";
import { ApiError } from "~/lib/api.server";
import { apiFormErrors, formErrorsFromBody } from "./api-errors.server";

describe("apiFormErrors", () => {
  it("pone los errores de la API junto a los campos del formulario", () => {
    const error = new ApiError(400, { error: "Datos no válidos", fieldErrors: { password: ["Esa contraseña es demasiado común; elija otra"] } });
    expect(apiFormErrors(error, ["password"])).toEqual({
      formErrors: [],
      fieldErrors: { password: ["Esa contraseña es demasiado común; elija otra"] },
    });
  });

  it("muestra una regla de negocio (409) sin campo como error del formulario", () => {
    const error = new ApiError(409, { error: "No se puede desactivar ni cambiar de rol al último superadmin activo" });
    expect(apiFormErrors(error, ["roleId"])).toEqual({
      formErrors: ["No se puede desactivar ni cambiar de rol al último superadmin activo"],
      fieldErrors: {},
    });
  });

  it("no pierde los errores de campos que el formulario no muestra", () => {
    const error = new ApiError(409, {
      error: "Ya existe un usuario con esos datos",
      fieldErrors: { active: ["No puedes desactivar tu propia cuenta"] },
    });
    expect(apiFormErrors(error, [])).toEqual({ formErrors: ["No puedes desactivar tu propia cuenta"], fieldErrors: {} });
  });

  it("deja para handleAdminApiError lo que no es de un formulario (401, 403, 404) y lo que no es de la API", () => {
    for (const status of [401, 403, 404]) expect(apiFormErrors(new ApiError(status, { error: "x" }), [])).toBeNull();
    expect(apiFormErrors(new Error("boom"), [])).toBeNull();
  });
});

describe("formErrorsFromBody (el formulario de /cotizar)", () => {
  it("los errores de campos del formulario van a su campo", () => {
    const body = { error: "Datos no válidos", fieldErrors: { postalCode: ["Introduzca un código postal de 5 cifras"] } };
    expect(formErrorsFromBody(body, FIELD_NAMES.alquiler)).toEqual({
      fieldErrors: { postalCode: ["Introduzca un código postal de 5 cifras"] },
      formErrors: [],
    });
  });

  it("un alquiler rechazado explica el motivo en la renta", () => {
    const reason = "La renta supera el 40 % de los ingresos netos del inquilino, por lo que no podemos asegurar este alquiler.";
    expect(formErrorsFromBody({ error: reason, fieldErrors: { monthlyRent: [reason] } }, FIELD_NAMES.alquiler).fieldErrors).toEqual({
      monthlyRent: [reason],
    });
  });

  it("lo que no es de un campo del formulario, o no trae campos, va al resumen", () => {
    expect(formErrorsFromBody({ error: "No asegurable", fieldErrors: { _: ["No asegurable"] } }, FIELD_NAMES.auto)).toEqual({
      fieldErrors: {},
      formErrors: ["No asegurable"],
    });
    expect(formErrorsFromBody({ error: "Sesión no válida" }, FIELD_NAMES.auto)).toEqual({ fieldErrors: {}, formErrors: ["Sesión no válida"] });
  });
});
