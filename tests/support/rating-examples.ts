// The worked examples of api/domain/rating.ts's tests (rating.*.test.ts): the seeded tables, "today",
// the due dates of each frequency and the base inputs of each line.
import { GUARANTEES, PLANS, TARIFFS } from "../../api/db/seed/catalogue";
import { DEFAULT_SETTINGS } from "../../api/db/seed/settings";
import { type Frequency } from "../../api/contract/vocabulary";
import { rateQuote, type Breakdown, type PricedPlan, type RatingResult, type RatingTables } from "../../api/domain/rating";
import type { AlquilerInputs, AutoInputs, HogarInputs } from "../../api/domain/rating-inputs";

// The worked examples use the real seeded catalogue, so a change to the seeded tariffs shows up
// here as a failing figure that someone has to work out again by hand.
export const TABLES: RatingTables = { plans: PLANS, guarantees: GUARANTEES, tariffs: TARIFFS, settings: DEFAULT_SETTINGS };

// 11:00 in Madrid on Sunday 15 March 2026: "today" for ages and the first due date.
export const NOW = new Date("2026-03-15T10:00:00Z");

export const DUE_DATES: Record<Frequency, string[]> = {
  anual: ["2026-03-15"],
  semestral: ["2026-03-15", "2026-09-15"],
  trimestral: ["2026-03-15", "2026-06-15", "2026-09-15", "2026-12-15"],
  mensual: [
    "2026-03-15",
    "2026-04-15",
    "2026-05-15",
    "2026-06-15",
    "2026-07-15",
    "2026-08-15",
    "2026-09-15",
    "2026-10-15",
    "2026-11-15",
    "2026-12-15",
    "2027-01-15",
    "2027-02-15",
  ],
};

/** The breakdown a worked example expects: `first` is recibo 1, `each` every later one. */
export function expected(
  frequency: Frequency,
  c: { net: number; fractionation: number; consorcio: number; clea: number; ips: number; total: number; first: number; each?: number },
): Breakdown {
  return {
    net: c.net,
    fractionation: c.fractionation,
    consorcio: c.consorcio,
    clea: c.clea,
    ips: c.ips,
    total: c.total,
    recibos: DUE_DATES[frequency].map((dueDate, i) => ({ sequence: i + 1, dueDate, amount: i === 0 ? c.first : c.each! })),
  };
}

export function priced(result: RatingResult): PricedPlan[] {
  if (result.status !== "priced") throw new Error(`Expected a price, got: ${result.reason}`);
  return result.plans;
}

export function plan(result: RatingResult, code: string): PricedPlan {
  const found = priced(result).find((p) => p.code === code);
  if (!found) throw new Error(`No plan ${code}`);
  return found;
}

export function rateAuto(inputs: AutoInputs, optionalGuarantees?: Record<string, string[]>): RatingResult {
  return rateQuote({ line: "auto", inputs, optionalGuarantees }, TABLES, NOW);
}
export function rateHogar(inputs: HogarInputs, optionalGuarantees?: Record<string, string[]>): RatingResult {
  return rateQuote({ line: "hogar", inputs, optionalGuarantees }, TABLES, NOW);
}
export function rateAlquiler(inputs: AlquilerInputs, optionalGuarantees?: Record<string, string[]>): RatingResult {
  return rateQuote({ line: "alquiler", inputs, optionalGuarantees }, TABLES, NOW);
}

// Settings used throughout (DEFAULT_SETTINGS): fraccionamiento 0 / 300 / 500 / 700 bp
// (0 % / 3 % / 5 % / 7 %), CLEA 15 bp (0,15 %), IPS 800 bp (8 %), Consorcio auto 210 cents per
// vehicle, hogar 70 ppm (0,07 ‰) of building + contents, alquiler 0. Every percentage is applied
// to integer cents and rounded half up to the cent. Recibos: (net + fracc. + IPS) is split into
// n equal whole cents (floor); the first recibo takes the remainder plus Consorcio + CLEA.

export const AUTO_BASE: AutoInputs = {
  driverBirthDate: "1990-06-20",
  licenseDate: "2010-09-01",
  postalCode: "28013",
  vehicleBrand: "Seat",
  vehicleModel: "León",
  vehicleYear: 2021,
  vehicleValue: 1_800_000,
  use: "particular",
  annualKm: 12_000,
  claimFreeYears: 6,
};

export const HOGAR_BASE: HogarInputs = {
  postalCode: "28001",
  dwellingType: "piso",
  floor: "intermedio",
  areaM2: 85,
  yearBuilt: 1995,
  residence: "habitual",
  buildingValue: 15_000_000,
  contentsValue: 3_000_000,
  alarm: false,
  reinforcedDoor: true,
};

export const ALQUILER_BASE: AlquilerInputs = { postalCode: "28010", monthlyRent: 120_000, tenantMonthlyIncome: 400_000 };
