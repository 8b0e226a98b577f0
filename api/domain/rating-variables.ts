// The inputs of a quote as the tariff tables read them: each line's answers checked against the
// domain's rules (RatingInputError with a Spanish message) and turned into named rating variables.
import { formatMoney } from "../contract/format";
import type { Line as LineCode } from "../contract/vocabulary";
import { type CalendarDate, parseIsoDate, compareDates, fullYearsBetween } from "./calendar";
import { FACTOR_ONE_BP } from "./catalogue";
import { RatingInputError, type AutoInputs, type HogarInputs, type AlquilerInputs, DEFAULT_TENANT_CONTRACT } from "./rating-inputs";

// ─── Rating variables: the inputs as the tariff tables read them ─────────────────────

/** A numeric rating variable as an exact fraction (den 0 = infinitely large, e.g. no income). */
export type Ratio = { num: bigint; den: bigint };
export type RatingValue = Ratio | string | boolean;
export type RatingVariables = {
  values: Record<string, RatingValue>;
  fields: Record<string, string>;
  /** How each variable reads in the explanation ("47 años"); none for choices and flags. */
  shown: Record<string, string>;
};

const MAX_AMOUNT_CENTS = 10_000_000_000; // 100 millones €: a sanity bound, not a business rule

export const MESSAGES = {
  choice: "Elija una opción válida",
  postalCode: "Introduzca un código postal español válido",
  birthDate: "Introduzca una fecha de nacimiento válida",
  underAge: "El conductor debe tener al menos 18 años",
  licenseDate: "Introduzca una fecha de carné válida",
  licenseFuture: "La fecha del carné no puede ser posterior a hoy",
  licenseBefore18: "La fecha del carné no puede ser anterior a que el conductor cumpliera 18 años",
  claimFreeYears: "Introduzca los años sin siniestros (un número entero)",
  claimFreeTooMany: "Los años sin siniestros no pueden superar los años con carné",
  vehicleBrand: "Indique la marca del vehículo",
  vehicleModel: "Indique el modelo del vehículo",
  vehicleYear: "Introduzca un año de fabricación válido",
  vehicleValue: "Introduzca el valor del vehículo",
  annualKm: "Introduzca los kilómetros que recorre al año",
  areaM2: "Introduzca la superficie en m² (un número entero)",
  yearBuilt: "Introduzca un año de construcción válido",
  amount: "Introduzca un importe válido",
  sumInsured: "Indique el valor del continente, del contenido o de ambos",
  flag: "Indique sí o no",
  monthlyRent: "Introduzca la renta mensual",
  income: "Introduzca los ingresos netos mensuales del inquilino",
  startDate: "Introduzca una fecha de inicio válida",
  outOfTariff: "Este valor está fuera de la tarifa",
} as const;

function int(n: number): Ratio {
  return { num: BigInt(n), den: 1n };
}

function requireInt(value: unknown, field: string, message: string, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new RatingInputError(field, message);
  }
  return value;
}

function requireText(value: unknown, field: string, message: string): string {
  if (typeof value !== "string" || value.trim() === "" || value.length > 100) throw new RatingInputError(field, message);
  return value.trim();
}

function requireBool(value: unknown, field: string): boolean {
  if (typeof value !== "boolean") throw new RatingInputError(field, MESSAGES.flag);
  return value;
}

function requireChoice(value: unknown, field: string): string {
  if (typeof value !== "string" || value === "") throw new RatingInputError(field, MESSAGES.choice);
  return value;
}

function requirePostalCode(value: unknown): string {
  if (typeof value !== "string" || !/^\d{5}$/.test(value.trim())) throw new RatingInputError("postalCode", MESSAGES.postalCode);
  return value.trim();
}

/** "1 año", "47 años". */
function years(n: number): string {
  return n === 1 ? "1 año" : `${n} años`;
}

/** A whole number with the Spanish thousands dot, also for four digits ("1.234", "12.000"). */
function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

/** Hundredths as a Spanish decimal: 2968n → "29,68". */
function hundredths(h: bigint): string {
  return `${grouped(Number(h / 100n))},${String(h % 100n).padStart(2, "0")}`;
}

function autoVariables(inputs: AutoInputs, today: CalendarDate): RatingVariables {
  const birth = parseIsoDate(inputs.driverBirthDate);
  if (!birth || birth.year < 1900 || compareDates(birth, today) > 0) throw new RatingInputError("driverBirthDate", MESSAGES.birthDate);
  const driverAge = fullYearsBetween(birth, today);
  if (driverAge < 18) throw new RatingInputError("driverBirthDate", MESSAGES.underAge);

  const licence = parseIsoDate(inputs.licenseDate);
  if (!licence) throw new RatingInputError("licenseDate", MESSAGES.licenseDate);
  if (compareDates(licence, today) > 0) throw new RatingInputError("licenseDate", MESSAGES.licenseFuture);
  if (fullYearsBetween(birth, licence) < 18) throw new RatingInputError("licenseDate", MESSAGES.licenseBefore18);
  const licenceYears = fullYearsBetween(licence, today);

  const claimFreeYears = requireInt(inputs.claimFreeYears, "claimFreeYears", MESSAGES.claimFreeYears, 0, 100);
  if (claimFreeYears > licenceYears) throw new RatingInputError("claimFreeYears", MESSAGES.claimFreeTooMany);

  requireText(inputs.vehicleBrand, "vehicleBrand", MESSAGES.vehicleBrand);
  requireText(inputs.vehicleModel, "vehicleModel", MESSAGES.vehicleModel);
  // Next year's models are sold from the autumn before.
  requireInt(inputs.vehicleYear, "vehicleYear", MESSAGES.vehicleYear, 1900, today.year + 1);

  const vehicleValue = requireInt(inputs.vehicleValue, "vehicleValue", MESSAGES.vehicleValue, 1, MAX_AMOUNT_CENTS);
  const postalCode = requirePostalCode(inputs.postalCode);
  const annualKm = requireInt(inputs.annualKm, "annualKm", MESSAGES.annualKm, 0, 1_000_000);
  return {
    values: {
      driverAge: int(driverAge),
      licenceYears: int(licenceYears),
      vehicleValueCents: int(vehicleValue),
      postalCode,
      claimFreeYears: int(claimFreeYears),
      use: requireChoice(inputs.use, "use"),
      annualKm: int(annualKm),
    },
    fields: {
      driverAge: "driverBirthDate",
      licenceYears: "licenseDate",
      vehicleValueCents: "vehicleValue",
    },
    shown: {
      driverAge: years(driverAge),
      licenceYears: years(licenceYears),
      vehicleValueCents: formatMoney(vehicleValue),
      postalCode: `C. P. ${postalCode}`,
      claimFreeYears: years(claimFreeYears),
      annualKm: `${grouped(annualKm)} km`,
    },
  };
}

function hogarVariables(inputs: HogarInputs, today: CalendarDate): RatingVariables {
  const yearBuilt = requireInt(inputs.yearBuilt, "yearBuilt", MESSAGES.yearBuilt, 1500, today.year);
  const building = requireInt(inputs.buildingValue, "buildingValue", MESSAGES.amount, 0, MAX_AMOUNT_CENTS);
  const contents = requireInt(inputs.contentsValue, "contentsValue", MESSAGES.amount, 0, MAX_AMOUNT_CENTS);
  if (building + contents === 0) throw new RatingInputError("buildingValue", MESSAGES.sumInsured);
  const postalCode = requirePostalCode(inputs.postalCode);
  const areaM2 = requireInt(inputs.areaM2, "areaM2", MESSAGES.areaM2, 1, 100_000);
  return {
    values: {
      postalCode,
      dwellingType: requireChoice(inputs.dwellingType, "dwellingType"),
      floor: requireChoice(inputs.floor, "floor"),
      areaM2: int(areaM2),
      buildingAgeYears: int(today.year - yearBuilt),
      residence: requireChoice(inputs.residence, "residence"),
      alarm: requireBool(inputs.alarm, "alarm"),
      reinforcedDoor: requireBool(inputs.reinforcedDoor, "reinforcedDoor"),
    },
    fields: { buildingAgeYears: "yearBuilt" },
    shown: {
      postalCode: `C. P. ${postalCode}`,
      areaM2: `${grouped(areaM2)} m²`,
      buildingAgeYears: `${years(today.year - yearBuilt)} (construida en ${yearBuilt})`,
    },
  };
}

function alquilerVariables(inputs: AlquilerInputs): RatingVariables {
  const rent = requireInt(inputs.monthlyRent, "monthlyRent", MESSAGES.monthlyRent, 1, MAX_AMOUNT_CENTS);
  const income = requireInt(inputs.tenantMonthlyIncome, "tenantMonthlyIncome", MESSAGES.income, 0, MAX_AMOUNT_CENTS);
  const postalCode = requirePostalCode(inputs.postalCode);
  return {
    values: {
      postalCode,
      monthlyRentCents: int(rent),
      // rent / income in basis points, kept as an exact fraction so that 40,001 % is above 40 %.
      rentToIncomeBp: { num: BigInt(rent) * BigInt(FACTOR_ONE_BP), den: BigInt(income) },
      tenantContract: requireChoice(inputs.tenantContract ?? DEFAULT_TENANT_CONTRACT, "tenantContract"),
    },
    fields: { monthlyRentCents: "monthlyRent", rentToIncomeBp: "tenantMonthlyIncome" },
    shown: {
      postalCode: `C. P. ${postalCode}`,
      monthlyRentCents: formatMoney(rent),
      // Cut (not rounded) to two decimals, so that 29,999 % does not read as the next band's 30 %.
      ...(income > 0
        ? { rentToIncomeBp: `${formatMoney(rent)} de ${formatMoney(income)}: ${hundredths((BigInt(rent) * 10_000n) / BigInt(income))} %` }
        : {}),
    },
  };
}

export function ratingVariables(line: LineCode, inputs: unknown, today: CalendarDate): RatingVariables {
  if (typeof inputs !== "object" || inputs === null) throw new RatingInputError("inputs", "Faltan los datos de la cotización");
  switch (line) {
    case "auto":
      return autoVariables(inputs as AutoInputs, today);
    case "hogar":
      return hogarVariables(inputs as HogarInputs, today);
    case "alquiler":
      return alquilerVariables(inputs as AlquilerInputs);
    default:
      throw new RatingInputError("line", "Elija un tipo de seguro válido");
  }
}
