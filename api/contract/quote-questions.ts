// The questions of the quote form without zod: field bounds, choices and each line's field names.
// quotes.ts builds the schemas from these and re-exports them; the /cotizar page imports this
// module directly so that zod stays out of its first load (ADR 008: the validator is loaded on the
// form's first use).
import type { Line } from "./vocabulary";

/** Money bounds in cents. */
export const AMOUNT_BOUNDS = {
  vehicleValue: { min: 100_000, max: 20_000_000 },
  buildingValue: { min: 0, max: 300_000_000 },
  contentsValue: { min: 0, max: 100_000_000 },
  monthlyRent: { min: 10_000, max: 1_000_000 },
  tenantMonthlyIncome: { min: 10_000, max: 10_000_000 },
} as const;

export const NUMBER_BOUNDS = {
  vehicleYearMin: 1950,
  yearBuiltMin: 1800,
  annualKm: { min: 0, max: 100_000 },
  claimFreeYears: { min: 0, max: 50 },
  areaM2: { min: 20, max: 1_000 },
} as const;

/** The tenant's employment (alquiler), a rating input: the values of the tariff's choice table. */
export const TENANT_CONTRACTS = ["indefinido", "funcionario", "pensionista", "autonomo", "temporal"] as const;
export type TenantContract = (typeof TENANT_CONTRACTS)[number];
export const TENANT_CONTRACT_LABELS: Record<TenantContract, string> = {
  indefinido: "Contrato indefinido",
  funcionario: "Funcionario",
  pensionista: "Pensionista",
  autonomo: "Autónomo",
  temporal: "Contrato temporal",
};
/** What the API assumes when a caller omits it (callers from before the form asked it): the neutral row of the tariff. */
export const DEFAULT_TENANT_CONTRACT: TenantContract = "indefinido";

/**
 * Each line's form fields, in the contract's order (the schemas' keys; a unit test holds them
 * equal): the names a prefilled URL and a "quote again" link may carry.
 */
export const QUOTE_FIELD_NAMES: Record<Line, readonly string[]> = {
  auto: [
    "driverBirthDate",
    "licenseDate",
    "postalCode",
    "vehicleBrand",
    "vehicleModel",
    "vehicleYear",
    "vehicleValue",
    "use",
    "annualKm",
    "claimFreeYears",
  ],
  hogar: ["postalCode", "dwellingType", "floor", "areaM2", "yearBuilt", "residence", "buildingValue", "contentsValue", "alarm", "reinforcedDoor"],
  // No months of rent: they are the plan, chosen on /results (ADR 023).
  alquiler: ["postalCode", "monthlyRent", "tenantMonthlyIncome", "tenantContract"],
};

/** The car brands and models the auto form offers (GET /public/vehicles answers the same list). */
export { VEHICLE_BRANDS, type VehicleBrand } from "../domain/vehicles";
