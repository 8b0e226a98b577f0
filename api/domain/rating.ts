// The rating engine: prices a quote for every plan of a line from tariff tables passed in as
// data (the seeded catalogue, or the rows the database holds once staff edit them). Pure: no
// database, no clock (`now` is a parameter), integer cents, each component rounded half up once.
// The steps follow DOMAIN.md "How a price is built". What it is asked is in rating-inputs.ts; how
// the inputs become the variables the tariff tables read, in rating-variables.ts.
import { FREQUENCIES, INSTALMENTS, type Frequency, type Line as LineCode } from "../contract/vocabulary";
import { madridDate, parseIsoDate, reciboDueDate } from "./calendar";
import { FACTOR_ONE_BP, type GuaranteeSeed, type PlanSeed, type RangeTable, type SettingsValues, type TariffTable } from "./catalogue";
import { provinceOf } from "./provinces";
import { applyFactorsBp, percentOfCents, ppmOfCents } from "./money";
import { type LineInputs, type HogarInputs, RatingInputError, type QuoteRequest } from "./rating-inputs";
import { type Ratio, type RatingValue, type RatingVariables, MESSAGES, ratingVariables } from "./rating-variables";

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
