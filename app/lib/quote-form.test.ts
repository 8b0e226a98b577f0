import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { QUOTE_FORM_SCHEMAS, QUOTE_INPUT_SCHEMAS } from "../../api/contract/quotes";
import { centsToEurosInput, FIELD_NAMES, inputsToFormValues, parseLine, prefillFromSearch, requoteHref } from "./quote-form";

function formData(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
}

const AUTO = {
  driverBirthDate: "1985-04-15",
  licenseDate: "2005-06-20",
  postalCode: "28001",
  vehicleBrand: "Seat",
  vehicleModel: "Ibiza",
  vehicleYear: 2019,
  vehicleValue: 1_500_000,
  use: "particular",
  annualKm: 12_000,
  claimFreeYears: 5,
};
const HOGAR = {
  postalCode: "08001",
  dwellingType: "piso",
  floor: "atico",
  areaM2: 90,
  yearBuilt: 1995,
  residence: "habitual",
  buildingValue: 12_000_050,
  contentsValue: 3_000_000,
  alarm: true,
  reinforcedDoor: false,
};
const ALQUILER = { postalCode: "46001", monthlyRent: 85_050, tenantMonthlyIncome: 250_000, tenantContract: "temporal" };

describe("parseLine", () => {
  it("acepta solo los ramos del contrato", () => {
    expect(parseLine("auto")).toBe("auto");
    expect(parseLine("alquiler")).toBe("alquiler");
    expect(parseLine("vida")).toBeNull();
    expect(parseLine(null)).toBeNull();
  });
});

describe("FIELD_NAMES", () => {
  it("son los datos de cada ramo del contrato", () => {
    expect(FIELD_NAMES.auto).toEqual(Object.keys(AUTO));
    expect([...FIELD_NAMES.hogar].sort()).toEqual(Object.keys(HOGAR).sort());
    expect(FIELD_NAMES.alquiler).toEqual(Object.keys(ALQUILER));
  });

  it("son las claves de los esquemas del formulario, en su orden (se escriben a mano para que zod no viaje a /cotizar)", () => {
    const keysOf = (schema: z.ZodTypeAny): string[] =>
      schema instanceof z.ZodEffects ? keysOf(schema.innerType()) : Object.keys((schema as z.AnyZodObject).shape);
    for (const line of ["auto", "hogar", "alquiler"] as const) {
      expect(FIELD_NAMES[line]).toEqual(keysOf(QUOTE_FORM_SCHEMAS[line]));
      expect(FIELD_NAMES[line]).toEqual(keysOf(QUOTE_INPUT_SCHEMAS[line]));
    }
  });
});

describe("números enteros con separador de miles", () => {
  it("12.000 km se tarifican como doce mil, no como doce", () => {
    const values = { ...Object.fromEntries(Object.entries(inputsToFormValues("auto", AUTO))), annualKm: "12.000" };
    const submission = parseWithZod(formData(values), { schema: QUOTE_FORM_SCHEMAS.auto });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.annualKm).toBe(12_000);
  });

  it("1.000 m² es una superficie válida", () => {
    const values = { ...inputsToFormValues("hogar", HOGAR), areaM2: "1.000" };
    const submission = parseWithZod(formData(values), { schema: QUOTE_FORM_SCHEMAS.hogar });
    expect(submission.status === "success" && submission.value.areaM2).toBe(1000);
  });
});

describe("centsToEurosInput", () => {
  it.each([
    [1_500_000, "15000"],
    [85_050, "850,50"],
    [5, "0,05"],
    [0, "0"],
  ])("%i céntimos → «%s»", (cents, typed) => {
    expect(centsToEurosInput(cents)).toBe(typed);
  });
});

describe("volver a cotizar con los mismos datos", () => {
  it.each([
    ["auto", AUTO],
    ["hogar", HOGAR],
    ["alquiler", ALQUILER],
  ] as const)("los datos de %s vuelven al formulario y el formulario da los mismos datos", (line, inputs) => {
    QUOTE_INPUT_SCHEMAS[line].parse(inputs);
    const href = requoteHref(line, inputs);
    const url = new URL(href, "http://web");
    expect(url.pathname).toBe("/cotizar");
    expect(url.searchParams.get("linea")).toBe(line);
    const prefill = prefillFromSearch(line, url.searchParams);
    const submission = parseWithZod(formData(prefill), { schema: QUOTE_FORM_SCHEMAS[line] });
    expect(submission.status === "success" ? submission.value : submission.error).toEqual(inputs);
  });

  it("una casilla sin marcar no viaja en la URL", () => {
    expect(inputsToFormValues("hogar", HOGAR)).toMatchObject({ alarm: "on" });
    expect(inputsToFormValues("hogar", HOGAR)).not.toHaveProperty("reinforcedDoor");
  });

  it("el relleno desde la URL solo toma los campos del ramo", () => {
    const params = new URLSearchParams({ linea: "alquiler", postalCode: "28001", vehicleBrand: "Seat", monthlyRent: "", months: "x".repeat(200) });
    expect(prefillFromSearch("alquiler", params)).toEqual({ postalCode: "28001" });
  });
});
