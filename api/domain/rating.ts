// The rating engine: prices a quote for every plan of a line from tariff tables passed in as
// data (the seeded catalogue, or the rows the database holds once staff edit them). Pure: no
// database, no clock (`now` is a parameter), integer cents, each component rounded half up once.
// The steps follow DOMAIN.md "How a price is built".
import { FREQUENCIES, INSTALMENTS, type Frequency, type Line as LineCode } from "../contract/vocabulary";
import { compareDates, fullYearsBetween, madridDate, parseIsoDate, reciboDueDate, type CalendarDate } from "./calendar";
import { FACTOR_ONE_BP, type GuaranteeSeed, type PlanSeed, type RangeTable, type SettingsValues, type TariffTable } from "./catalogue";
import { provinceOf } from "./provinces";
import { applyFactorsBp, percentOfCents, ppmOfCents } from "./money";
import { formatMoney } from "../contract/format";

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

// ─── Tables (the shape the database gives) ───────────────────────────────────────────

/** A plan as seeded or as staff later edit it in the database. */
export type RatingPlan = PlanSeed & { active?: boolean };

/** A guarantee as seeded or as staff later edit it (the rating needs no limit in cents). */
export type RatingGuarantee = Omit<GuaranteeSeed, "limitCents"> & { sortOrder?: number; active?: boolean };

export type RatingTariff = { line: LineCode; factor: string; table: TariffTable };

export type RatingSettings = Pick<SettingsValues, "fractionation_surcharges_bp" | "consorcio" | "clea_bp" | "ips_bp">;

export type RatingTables = {
  plans: readonly RatingPlan[];
  guarantees: readonly RatingGuarantee[];
  tariffs: readonly RatingTariff[];
  settings: RatingSettings;
};

// ─── Results ──────────────────────────────────────────────────────────────────────────

export type Recibo = { sequence: number; dueDate: string; amount: number };

/** One price in cents: total = net + fractionation + consorcio + clea + ips = Σ recibos. */
export type Breakdown = {
  net: number;
  fractionation: number;
  consorcio: number;
  clea: number;
  ips: number;
  total: number;
  recibos: Recibo[];
};

/** One rating factor of the tariff as it applies to the risk, before any plan's base premium. */
export type TariffFactor = {
  /** The tariff's factor key (driver_age, zone…). */
  factor: string;
  /** The table's Spanish title ("Edad del conductor"). */
  title: string;
  /** The band, option or flag that applied ("De 25 a 29 años"). */
  label: string;
  /**
   * The customer's value that chose the band, in Spanish ("47 años", "28001", "29,68 %"); null
   * when the label already is that value (an option such as "Particular", a yes/no flag).
   */
  input: string | null;
  /** The factor in basis points: 10 000 = ×1, 12 500 = ×1,25. */
  value: number;
};

/** One rating factor applied to a plan's base premium, for the line-by-line explanation. */
export type FactorLine = TariffFactor & {
  /**
   * The running amount: the base premium × this factor and every one before it, rounded half up
   * to the cent. Only this display is rounded, never the product it continues from, so the last
   * line's amount is the plan's risk premium exactly.
   */
  amountCents: number;
};

export type IncludedGuarantee = { code: string; name: string; description: string; limitText: string | null };
export type OptionalGuarantee = IncludedGuarantee & { priceCents: number; selected: boolean };

export type PricedPlan = {
  code: string;
  name: string;
  description: string;
  recommended: boolean;
  deductibleCents: number;
  /** The plan's yearly base premium before the risk factors. */
  basePremiumCents: number;
  /** base × every factor of `explanation`, rounded half up once. */
  riskPremiumCents: number;
  explanation: FactorLine[];
  guarantees: IncludedGuarantee[];
  optionalGuarantees: OptionalGuarantee[];
  /** Codes of the optional guarantees included in `prices` (their prices are part of the net). */
  selectedOptionalGuarantees: string[];
  prices: Record<Frequency, Breakdown>;
};

export type RatingResult =
  { status: "priced"; line: LineCode; plans: PricedPlan[] } | { status: "declined"; line: LineCode; factor: string; reason: string };

/** An input that breaks a rule of the domain; `field` names the API input, `message` is Spanish. */
export class RatingInputError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = "RatingInputError";
    this.field = field;
  }
}

// ─── Price components ─────────────────────────────────────────────────────────────────

/**
 * The recibos of one price: 1, 2, 4 or 12 instalments, one every 12/n months from `startDate`.
 * The instalments share net + fraccionamiento + IPS equally; the first one also carries the
 * division remainder and the whole Consorcio and CLEA surcharges. Σ amounts = total exactly.
 */
export function splitRecibos(total: number, frequency: Frequency, consorcio: number, clea: number, startDate: string): Recibo[] {
  for (const [name, v] of [
    ["total", total],
    ["consorcio", consorcio],
    ["clea", clea],
  ] as const) {
    if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${name} must be a non-negative integer of cents, got ${v}`);
  }
  const count = INSTALMENTS[frequency];
  if (count === undefined) throw new RangeError(`Unknown frequency ${frequency}`);
  const shared = total - consorcio - clea;
  if (shared < 0) throw new RangeError("The surcharges exceed the total");
  const each = Math.floor(shared / count);
  const first = shared - each * (count - 1) + consorcio + clea;
  return Array.from({ length: count }, (_, i) => ({
    sequence: i + 1,
    dueDate: reciboDueDate(startDate, frequency, i + 1),
    amount: i === 0 ? first : each,
  }));
}

/** A yearly premium component by component, without its recibos. */
export type PremiumComponents = Omit<Breakdown, "recibos">;

/** Steps 2–5 of DOMAIN.md for one payment frequency, from the net premium and the Consorcio, without the recibos. */
export function premiumComponents(args: {
  netCents: number;
  frequency: Frequency;
  consorcioCents: number;
  settings: RatingSettings;
}): PremiumComponents {
  const { netCents: net, frequency, consorcioCents: consorcio, settings } = args;
  if (!Number.isSafeInteger(net) || net < 0) throw new RangeError(`The net premium must be non-negative cents, got ${net}`);
  const fractionationBp = settings.fractionation_surcharges_bp[frequency];
  if (fractionationBp === undefined) throw new RangeError(`No fractionation surcharge for ${frequency}`);
  const fractionation = percentOfCents(net, fractionationBp);
  const clea = percentOfCents(net, settings.clea_bp);
  const ips = percentOfCents(net + fractionation, settings.ips_bp);
  return { net, fractionation, consorcio, clea, ips, total: net + fractionation + consorcio + clea + ips };
}

/** Steps 2–5 of DOMAIN.md for one payment frequency, from the net premium and the Consorcio. */
export function priceBreakdown(args: {
  netCents: number;
  frequency: Frequency;
  consorcioCents: number;
  settings: RatingSettings;
  startDate: string;
}): Breakdown {
  const p = premiumComponents(args);
  return { ...p, recibos: splitRecibos(p.total, args.frequency, p.consorcio, p.clea, args.startDate) };
}

/** The Consorcio surcharge of one policy: per vehicle (auto), ‰ of building + contents (hogar), flat (alquiler). */
export function consorcioCents<L extends LineCode>(line: L, inputs: LineInputs[L], settings: RatingSettings): number {
  switch (line) {
    case "auto":
      return settings.consorcio.autoCentsPerVehicle;
    case "hogar": {
      const h = inputs as HogarInputs;
      return ppmOfCents(h.buildingValue + h.contentsValue, settings.consorcio.hogarPpmOfSumInsured);
    }
    case "alquiler":
      return settings.consorcio.alquilerCents;
    default:
      throw new RangeError(`Unknown line ${String(line)}`);
  }
}

// ─── Rating variables: the inputs as the tariff tables read them ─────────────────────

/** A numeric rating variable as an exact fraction (den 0 = infinitely large, e.g. no income). */
type Ratio = { num: bigint; den: bigint };
type RatingValue = Ratio | string | boolean;
type RatingVariables = {
  values: Record<string, RatingValue>;
  fields: Record<string, string>;
  /** How each variable reads in the explanation ("47 años"); none for choices and flags. */
  shown: Record<string, string>;
};

const MAX_AMOUNT_CENTS = 10_000_000_000; // 100 millones €: a sanity bound, not a business rule

const MESSAGES = {
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

function ratingVariables(line: LineCode, inputs: unknown, today: CalendarDate): RatingVariables {
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

// ─── Tariff evaluation ────────────────────────────────────────────────────────────────

/** value ≥ bound, exactly (an infinite value is above every bound). */
function atLeast(v: Ratio, bound: number): boolean {
  return v.den === 0n || v.num >= BigInt(bound) * v.den;
}

function isRatio(v: RatingValue | undefined): v is Ratio {
  return typeof v === "object" && v !== null && "num" in v;
}

type TariffOutcome = { kind: "factors"; lines: TariffFactor[] } | { kind: "declined"; factor: string; reason: string };

function evaluateRange(factor: string, table: RangeTable, vars: RatingVariables): TariffOutcome {
  const v = vars.values[table.input];
  if (!isRatio(v)) throw new Error(`Tariff ${factor}: the input ${table.input} is not a numeric rating variable`);
  const decline = table.declineAbove;
  // Strictly above: value > limit ⇔ not (value ≤ limit) ⇔ not (limit ≥ value).
  if (decline && (v.den === 0n || v.num > BigInt(decline.value) * v.den)) {
    return { kind: "declined", factor, reason: decline.reason };
  }
  const band = table.bands.find((b) => (b.min === null || atLeast(v, b.min)) && (b.max === null || !atLeast(v, b.max)));
  if (!band) throw new RatingInputError(vars.fields[table.input] ?? table.input, MESSAGES.outOfTariff);
  return {
    kind: "factors",
    lines: [{ factor, title: table.title, label: band.label, input: vars.shown[table.input] ?? null, value: band.factorBp }],
  };
}

function evaluateTable(factor: string, table: TariffTable, vars: RatingVariables): TariffOutcome {
  switch (table.kind) {
    case "range":
      return evaluateRange(factor, table, vars);
    case "choice": {
      const v = vars.values[table.input];
      const option = table.options.find((o) => o.value === v);
      if (!option) throw new RatingInputError(vars.fields[table.input] ?? table.input, MESSAGES.choice);
      return { kind: "factors", lines: [{ factor, title: table.title, label: option.label, input: null, value: option.factorBp }] };
    }
    case "flags": {
      const on = table.flags.filter((f) => vars.values[f.input] === true);
      if (on.length === 0) return { kind: "factors", lines: [{ factor, title: table.title, label: "Ninguna", input: null, value: FACTOR_ONE_BP }] };
      return { kind: "factors", lines: on.map((f) => ({ factor, title: table.title, label: f.label, input: null, value: f.factorBpWhenTrue })) };
    }
    case "zone": {
      const postalCode = vars.values[table.input];
      const province = typeof postalCode === "string" ? postalCode.slice(0, 2) : "";
      const zone = table.provinces[province];
      const row = table.zones.find((z) => z.zone === zone);
      if (zone === undefined || !row) throw new RatingInputError("postalCode", MESSAGES.postalCode);
      const name = provinceOf(province)?.name;
      return {
        kind: "factors",
        lines: [
          {
            factor,
            title: table.title,
            label: name ? `${name}: ${row.label}` : row.label,
            input: vars.shown[table.input] ?? null,
            value: row.factorBp,
          },
        ],
      };
    }
    default:
      throw new Error(`Tariff ${factor}: unknown table kind`);
  }
}

/** Every factor of the line's tables, in table order; or the first table that declines the risk. */
function evaluateTariffs(line: LineCode, tariffs: readonly RatingTariff[], vars: RatingVariables): TariffOutcome {
  const lines: TariffFactor[] = [];
  for (const t of tariffs.filter((t) => t.line === line)) {
    const outcome = evaluateTable(t.factor, t.table, vars);
    if (outcome.kind === "declined") return outcome;
    lines.push(...outcome.lines);
  }
  return { kind: "factors", lines };
}

/**
 * The factors applied one after the other to a base premium, each with the running amount
 * (base × the factors up to it, rounded half up): what lets a customer redo the sum.
 */
export function factorSteps(baseCents: number, factors: readonly TariffFactor[]): FactorLine[] {
  return factors.map((f, i) => ({
    factor: f.factor,
    title: f.title,
    label: f.label,
    input: f.input ?? null,
    value: f.value,
    amountCents: applyFactorsBp(
      baseCents,
      factors.slice(0, i + 1).map((x) => x.value),
    ),
  }));
}

/**
 * A priced plan as stored in an offer, read with today's shape: offers stored before the running
 * amounts and the customer's values existed get their amounts recomputed from the base premium
 * and the factors they hold (the same arithmetic, so the same figures) and no values.
 */
export function withFactorSteps<P extends Pick<PricedPlan, "basePremiumCents"> & { explanation: readonly Partial<FactorLine>[] }>(
  plan: P,
): Omit<P, "explanation"> & { explanation: FactorLine[] } {
  return { ...plan, explanation: factorSteps(plan.basePremiumCents, plan.explanation as TariffFactor[]) };
}

// ─── The quote ────────────────────────────────────────────────────────────────────────

function bySortOrder<T extends { sortOrder?: number }>(rows: readonly T[]): T[] {
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => (a.row.sortOrder ?? a.i) - (b.row.sortOrder ?? b.i) || a.i - b.i)
    .map(({ row }) => row);
}

function optionalPriceCents(g: RatingGuarantee, riskPremiumCents: number): number {
  // A percentage applies to the plan's risk premium, not to the net (which would include itself).
  return g.priceType === "percent" ? percentOfCents(riskPremiumCents, g.priceValue) : g.priceValue;
}

function checkOptionalChoices(
  choices: Readonly<Record<string, readonly string[]>> | undefined,
  plans: readonly RatingPlan[],
  guarantees: readonly RatingGuarantee[],
): void {
  for (const [planCode, codes] of Object.entries(choices ?? {})) {
    const plan = plans.find((p) => p.code === planCode);
    if (!plan) throw new RatingInputError("optionalGuarantees", "Ese plan no existe en este seguro");
    for (const code of codes) {
      const g = guarantees.find((x) => x.code === code);
      if (!g || !g.optionalIn.includes(planCode)) {
        throw new RatingInputError("optionalGuarantees", `Esa garantía no se puede añadir al plan ${plan.name}`);
      }
    }
  }
}

/**
 * Prices every active plan of the line for every payment frequency, or declines the risk.
 * Throws RatingInputError when an input breaks a rule of the domain.
 */
export function rateQuote(request: QuoteRequest, tables: RatingTables, now: Date): RatingResult {
  const { line } = request;
  const todayIso = madridDate(now);
  const today = parseIsoDate(todayIso)!;
  const startDate = request.startDate ?? todayIso;
  if (!parseIsoDate(startDate)) throw new RatingInputError("startDate", MESSAGES.startDate);

  const vars = ratingVariables(line, request.inputs, today);
  const plans = bySortOrder(tables.plans.filter((p) => p.line === line && p.active !== false));
  const guarantees = bySortOrder(tables.guarantees.filter((g) => g.line === line && g.active !== false));
  checkOptionalChoices(request.optionalGuarantees, plans, guarantees);

  const outcome = evaluateTariffs(line, tables.tariffs, vars);
  if (outcome.kind === "declined") return { status: "declined", line, factor: outcome.factor, reason: outcome.reason };
  const factorsBp = outcome.lines.map((l) => l.value);
  const consorcio = consorcioCents(line, request.inputs, tables.settings);

  const priced = plans.map((plan): PricedPlan => {
    const riskPremiumCents = applyFactorsBp(plan.basePremiumCents, factorsBp);
    const chosen = new Set(request.optionalGuarantees?.[plan.code] ?? []);
    const optional = guarantees
      .filter((g) => g.optionalIn.includes(plan.code))
      .map((g) => ({
        code: g.code,
        name: g.name,
        description: g.description,
        limitText: g.limitText,
        priceCents: optionalPriceCents(g, riskPremiumCents),
        selected: chosen.has(g.code),
      }));
    const net = riskPremiumCents + optional.reduce((sum, g) => sum + (g.selected ? g.priceCents : 0), 0);
    const prices = Object.fromEntries(
      FREQUENCIES.map((frequency) => [
        frequency,
        priceBreakdown({ netCents: net, frequency, consorcioCents: consorcio, settings: tables.settings, startDate }),
      ]),
    ) as Record<Frequency, Breakdown>;
    return {
      code: plan.code,
      name: plan.name,
      description: plan.description,
      recommended: plan.recommended,
      deductibleCents: plan.deductibleCents,
      basePremiumCents: plan.basePremiumCents,
      riskPremiumCents,
      explanation: factorSteps(plan.basePremiumCents, outcome.lines),
      guarantees: guarantees
        .filter((g) => g.includedIn.includes(plan.code))
        .map((g) => ({ code: g.code, name: g.name, description: g.description, limitText: g.limitText })),
      optionalGuarantees: optional,
      selectedOptionalGuarantees: optional.filter((g) => g.selected).map((g) => g.code),
      prices,
    };
  });
  return { status: "priced", line, plans: priced };
}
