import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../db/seed/settings";
import { isValidCif } from "../domain/nif";
import { SETTING_GROUP_KEYS, SETTING_GROUPS, SETTING_KEYS, SETTING_VALUE_SCHEMAS, settingValueErrors } from "./settings";

describe("los ajustes del negocio", () => {
  it("cada valor de la instalación es válido según su esquema, y cada clave está en un grupo", () => {
    for (const key of SETTING_KEYS) expect(SETTING_VALUE_SCHEMAS[key].safeParse(DEFAULT_SETTINGS[key]).success, key).toBe(true);
    expect(SETTING_GROUPS.flatMap((g) => SETTING_GROUP_KEYS[g]).sort()).toEqual([...SETTING_KEYS].sort());
  });

  it("rechaza un porcentaje negativo, un nombre de aseguradora vacío, un NIF o una clave DGSFP mal escritos, campo a campo", () => {
    expect(settingValueErrors("fractionation_surcharges_bp", { ...DEFAULT_SETTINGS.fractionation_surcharges_bp, mensual: -100 })).toEqual({
      mensual: ["Indica un porcentaje de 0 o más (por ejemplo, 7 o 0,15)"],
    });
    expect(settingValueErrors("clea_bp", -1)).toEqual({ value: ["Indica un porcentaje de 0 o más (por ejemplo, 7 o 0,15)"] });
    const insurers = structuredClone(DEFAULT_SETTINGS.insurers);
    insurers.auto = { ...insurers.auto, name: "  ", taxId: "A28645316", dgsfpKey: "0999" };
    const errors = settingValueErrors("insurers", insurers);
    expect(Object.keys(errors).sort()).toEqual(["auto_dgsfpKey", "auto_name", "auto_taxId"]);
    expect(errors.auto_dgsfpKey![0]).toMatch(/C y cuatro cifras/);
    expect(settingValueErrors("distributor", { ...DEFAULT_SETTINGS.distributor, registrationNumber: "3921", email: "hola" })).toEqual({
      registrationNumber: [expect.stringMatching(/J-3921/)],
      email: ["Introduzca una dirección de correo válida"],
    });
  });

  it("los días de recordatorio van de menor a mayor y son positivos; la espera máxima no es menor que la primera", () => {
    expect(settingValueErrors("dunning_days", [1, 7, 20])).toEqual({});
    expect(Object.keys(settingValueErrors("dunning_days", [7, 1]))).toEqual(["value"]);
    expect(Object.keys(settingValueErrors("dunning_days", [0, 7]))).toEqual(["value"]);
    expect(settingValueErrors("email_retry", { baseSeconds: 600, maxSeconds: 60 })).toEqual({
      maxSeconds: ["La espera máxima no puede ser menor que la primera"],
    });
  });

  it("el acreedor SEPA: identificador, IBAN y BIC comprobados, y guardado normalizado", () => {
    const parsed = SETTING_VALUE_SCHEMAS.sepa_creditor.parse({ ...DEFAULT_SETTINGS.sepa_creditor, iban: "es91 2100 0418 4502 0005 1332" });
    expect(parsed.iban).toBe("ES9121000418450200051332");
    expect(
      Object.keys(settingValueErrors("sepa_creditor", { ...DEFAULT_SETTINGS.sepa_creditor, creditorId: "ES12ZZZB12345674", bic: "X" })).sort(),
    ).toEqual(["bic", "creditorId"]);
  });
});

describe("isValidCif", () => {
  it("acepta el NIF de una sociedad con su dígito de control y rechaza el resto", () => {
    for (const cif of ["B12345674", "A28645315", "A08907149", "b-1234567-4"]) expect(isValidCif(cif), cif).toBe(true);
    for (const cif of ["B12345675", "12345678Z", "A2864531", "Q2826000J0", ""]) expect(isValidCif(cif), cif).toBe(false);
    // P, Q, R, S, N, W: the control is a letter.
    expect(isValidCif("Q2826000H")).toBe(true);
    expect(isValidCif("Q28260008")).toBe(false);
  });
});
