import { describe, expect, it } from "vitest";
import { QUOTE_FORM_SCHEMAS, QUOTE_INPUT_SCHEMAS } from "../contract/quotes";
import { isVehicleBrand, isVehicleModel, modelsOf, VEHICLE_BRANDS, VEHICLE_MESSAGES, vehicleErrors } from "./vehicles";

describe("la lista de marcas y modelos", () => {
  it("tiene unas treinta marcas, sin repetir, cada una con sus modelos principales sin repetir", () => {
    const brands = VEHICLE_BRANDS.map((b) => b.brand);
    expect(brands.length).toBeGreaterThanOrEqual(30);
    expect(new Set(brands).size).toBe(brands.length);
    for (const { brand, models } of VEHICLE_BRANDS) {
      expect(models.length, brand).toBeGreaterThanOrEqual(4);
      expect(new Set(models).size, brand).toBe(models.length);
      // Values fit the contract's text fields.
      expect(brand.length).toBeLessThanOrEqual(50);
      for (const model of models) expect(model.length).toBeLessThanOrEqual(80);
    }
  });

  it("acepta una marca y un modelo de esa marca, y nada más", () => {
    expect(isVehicleBrand("Seat")).toBe(true);
    expect(isVehicleBrand("seat")).toBe(false);
    expect(isVehicleBrand("Trabant")).toBe(false);
    expect(isVehicleModel("Seat", "Ibiza")).toBe(true);
    expect(isVehicleModel("Seat", "Golf")).toBe(false);
    expect(isVehicleModel("Trabant", "601")).toBe(false);
    expect(modelsOf("Cupra")).toContain("León");
    expect(modelsOf("Trabant")).toEqual([]);
  });

  it("dice qué falla, en el campo que falla", () => {
    expect(vehicleErrors({ vehicleBrand: "Seat", vehicleModel: "León" })).toEqual({});
    expect(vehicleErrors({ vehicleBrand: "Trabant", vehicleModel: "601" })).toEqual({ vehicleBrand: [VEHICLE_MESSAGES.brand] });
    expect(vehicleErrors({ vehicleBrand: "Seat", vehicleModel: "Golf" })).toEqual({
      vehicleModel: ["Elija un modelo de Seat: el modelo elegido no es de esa marca"],
    });
    expect(vehicleErrors({ vehicleBrand: "Seat", vehicleModel: "Ibiza 1.0 TSI" })).toEqual({ vehicleModel: [VEHICLE_MESSAGES.model] });
  });
});

describe("el formulario de /cotizar y el contrato", () => {
  const auto = {
    driverBirthDate: "1985-04-15",
    licenseDate: "2005-06-20",
    postalCode: "28001",
    vehicleYear: 2019,
    vehicleValue: "15.000",
    use: "particular",
    annualKm: "12.000",
    claimFreeYears: "5",
  };

  it("el formulario rechaza un modelo que no es de la marca elegida", () => {
    const bad = QUOTE_FORM_SCHEMAS.auto.safeParse({ ...auto, vehicleBrand: "Seat", vehicleModel: "Golf" });
    expect(bad.success).toBe(false);
    expect(bad.error?.flatten().fieldErrors).toEqual({ vehicleModel: ["Elija un modelo de Seat: el modelo elegido no es de esa marca"] });
    expect(QUOTE_FORM_SCHEMAS.auto.safeParse({ ...auto, vehicleBrand: "Volkswagen", vehicleModel: "Golf" }).success).toBe(true);
  });

  it("los datos guardados antes de la lista siguen siendo legibles (renovación)", () => {
    const stored = {
      ...auto,
      vehicleYear: 2019,
      vehicleValue: 1_500_000,
      annualKm: 12_000,
      claimFreeYears: 5,
      vehicleBrand: "Seat",
      vehicleModel: "Ibiza 1.0 TSI",
    };
    expect(QUOTE_INPUT_SCHEMAS.auto.safeParse(stored).success).toBe(true);
  });

  it("la situación laboral del inquilino: obligatoria en el formulario, «indefinido» si un cliente antiguo de la API no la envía", () => {
    const form = { postalCode: "28001", monthlyRent: "850", tenantMonthlyIncome: "3.000", months: 12 };
    expect(QUOTE_FORM_SCHEMAS.alquiler.safeParse(form).error?.flatten().fieldErrors).toEqual({
      tenantContract: ["Elija la situación laboral del inquilino"],
    });
    expect(QUOTE_FORM_SCHEMAS.alquiler.parse({ ...form, tenantContract: "temporal" }).tenantContract).toBe("temporal");
    const api = { postalCode: "28001", monthlyRent: 85_000, tenantMonthlyIncome: 300_000, months: 12 };
    expect(QUOTE_INPUT_SCHEMAS.alquiler.parse(api).tenantContract).toBe("indefinido");
    expect(QUOTE_INPUT_SCHEMAS.alquiler.safeParse({ ...api, tenantContract: "becario" }).success).toBe(false);
  });
});
