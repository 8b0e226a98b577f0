import { describe, expect, it } from "vitest";
import { QUOTE_FORM_SCHEMAS, QUOTE_INPUT_SCHEMAS } from "./quotes";
import { readWholeNumber } from "./quote-fields";

// Whole numbers typed in the /cotizar form: in Spain the dot groups thousands.
describe("readWholeNumber", () => {
  it.each([
    ["12.000", 12_000],
    ["1.000", 1000],
    ["100 000", 100_000],
    [" 12.500 ", 12_500],
    ["12000", 12_000],
    ["12,5", 12.5],
    ["1.5", 1.5],
    ["doce", Number.NaN],
  ])("«%s» → %d", (typed, value) => {
    expect(readWholeNumber(typed)).toEqual(value);
  });

  it("un campo vacío es un dato que falta", () => {
    expect(readWholeNumber("  ")).toBeUndefined();
    expect(readWholeNumber(undefined)).toBeUndefined();
  });
});

describe("QUOTE_FORM_SCHEMAS", () => {
  const hogar = {
    postalCode: "08001",
    dwellingType: "piso",
    floor: "atico",
    areaM2: "1.000",
    yearBuilt: "1995",
    residence: "habitual",
    buildingValue: "120.000",
    contentsValue: "30.000",
  };

  it("lee 1.000 m² como mil y los importes en euros como céntimos", () => {
    const parsed = QUOTE_FORM_SCHEMAS.hogar.safeParse({ ...hogar, yearBuilt: 1995 });
    expect(parsed.success && parsed.data).toMatchObject({ areaM2: 1000, buildingValue: 12_000_000, contentsValue: 3_000_000 });
  });

  it("rechaza un número con decimales donde se pide un entero, con el mensaje en español", () => {
    const parsed = QUOTE_FORM_SCHEMAS.hogar.safeParse({ ...hogar, yearBuilt: 1995, areaM2: "90,5" });
    expect(parsed.success).toBe(false);
    expect(!parsed.success && parsed.error.flatten().fieldErrors.areaM2).toEqual(["La superficie debe ser un número entero entre 20 y 1.000 m²"]);
  });

  it("la API no acepta texto: solo el formulario lee «12.000»", () => {
    const parsed = QUOTE_INPUT_SCHEMAS.hogar.safeParse({
      ...hogar,
      yearBuilt: 1995,
      areaM2: "1.000",
      buildingValue: 12_000_000,
      contentsValue: 3_000_000,
    });
    expect(parsed.success).toBe(false);
  });
});
