// What the rating engine is asked to price: the inputs of each line (dates are ISO calendar dates,
// money integer cents), the request, and the error of an input that breaks a rule of the domain.
import type { Line as LineCode } from "../contract/vocabulary";

// ─── Inputs ───────────────────────────────────────────────────────────────────────────

/** Dates are ISO calendar dates ("1990-05-17"); money is integer cents. */
export type AutoInputs = {
  driverBirthDate: string;
  licenseDate: string;
  postalCode: string;
  vehicleBrand: string;
  vehicleModel: string;
  vehicleYear: number;
  vehicleValue: number;
  use: "particular" | "profesional";
  annualKm: number;
  claimFreeYears: number;
};

export type HogarInputs = {
  postalCode: string;
  dwellingType: "piso" | "casa";
  floor: "bajo" | "intermedio" | "atico";
  areaM2: number;
  yearBuilt: number;
  residence: "habitual" | "secundaria";
  buildingValue: number;
  contentsValue: number;
  alarm: boolean;
  reinforcedDoor: boolean;
};

/** The tenant's employment when the form does not ask for it (the neutral ×1 row of the table). */
export const DEFAULT_TENANT_CONTRACT = "indefinido";

/**
 * The months of rent covered are not an input: they are the plan (6, 12 or 18 meses), chosen on
 * /results like any plan (ADR 023). A stored risk may still hold the `months` the form once asked;
 * the rating ignores it.
 */
export type AlquilerInputs = {
  postalCode: string;
  monthlyRent: number;
  tenantMonthlyIncome: number;
  /** indefinido | funcionario | pensionista | autonomo | temporal; defaults to indefinido. */
  tenantContract?: string;
};

export type LineInputs = { auto: AutoInputs; hogar: HogarInputs; alquiler: AlquilerInputs };

export type QuoteRequest = {
  [L in LineCode]: {
    line: L;
    inputs: LineInputs[L];
    /** Per plan code, the optional guarantees chosen on top of that plan. */
    optionalGuarantees?: Readonly<Record<string, readonly string[]>>;
    /** First due date of the payment schedule (ISO date); defaults to today in Madrid. */
    startDate?: string;
  };
}[LineCode];

/** An input that breaks a rule of the domain; `field` names the API input, `message` is Spanish. */
export class RatingInputError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = "RatingInputError";
    this.field = field;
  }
}
