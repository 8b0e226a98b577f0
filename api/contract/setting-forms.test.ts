import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../db/seed/settings";
import { settingChanges, settingFormDefaults, settingFormSchema } from "./setting-forms";
import { SETTING_KEYS } from "./settings";

const withDate = (fields: Record<string, unknown>) => ({ ...fields, effectiveFrom: "01/06/2026" });

describe("los formularios de los ajustes", () => {
  it("cada valor de la instalación, escrito en su formulario, vuelve a ser el mismo valor", () => {
    for (const key of SETTING_KEYS) {
      const parsed = settingFormSchema(key).safeParse(withDate(settingFormDefaults(key, DEFAULT_SETTINGS[key])));
      expect(parsed.success && parsed.data.value, key).toEqual(DEFAULT_SETTINGS[key]);
    }
  });

  it("lee los porcentajes y los euros a la española, los días separados por comas y la fecha dd/mm/aaaa", () => {
    const surcharges = settingFormSchema("fractionation_surcharges_bp").parse(
      withDate({ anual: "0", semestral: "3", trimestral: "5,5", mensual: "9" }),
    );
    expect(surcharges).toEqual({ value: { anual: 0, semestral: 300, trimestral: 550, mensual: 900 }, effectiveFrom: "2026-06-01", note: undefined });
    expect(settingFormSchema("return_fee_cents").parse(withDate({ value: "3,50" })).value).toBe(350);
    expect(settingFormSchema("dunning_days").parse(withDate({ value: "2, 10 ,30" })).value).toEqual([2, 10, 30]);
    expect(settingFormSchema("withdrawal_lines").parse(withDate({ value: ["alquiler", "hogar"] })).value).toEqual(["hogar", "alquiler"]);
  });

  it("un valor que no se entiende o no vale se rechaza con el mensaje de su campo", () => {
    const bad = settingFormSchema("fractionation_surcharges_bp").safeParse({
      anual: "0",
      semestral: "3",
      trimestral: "-5",
      mensual: "",
      effectiveFrom: "31/02/2026",
    });
    expect(bad.success).toBe(false);
    const errors = bad.success ? {} : bad.error.flatten().fieldErrors;
    expect(errors).toEqual({
      trimestral: ["Indica un porcentaje de 0 o más (por ejemplo, 7 o 0,15)"],
      mensual: ["Este dato es obligatorio"],
      effectiveFrom: ["Indica la fecha de efecto (dd/mm/aaaa)"],
    });
  });

  it("dice qué cambió de una versión a otra", () => {
    expect(
      settingChanges("fractionation_surcharges_bp", DEFAULT_SETTINGS.fractionation_surcharges_bp, {
        ...DEFAULT_SETTINGS.fractionation_surcharges_bp,
        mensual: 900,
      }),
    ).toEqual(["Pago mensual: 7 % → 9 %"]);
  });
});
