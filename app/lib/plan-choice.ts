// The visitor's choice of plan, frequency and extras, and how prices read; used by /results,
// /checkout, /cotizacion/{id} and the quote components. /results keeps that choice in its URL (so
// it works without JavaScript and survives a reload):
// /results?cotizacion={id}&frecuencia={f}&extras={plan}:{code}&extras=…
// Each plan keeps its own optional guarantees, hence the plan prefix on every `extras` value.
import type { Price } from "../../api/contract/quotes";
import { FREQUENCIES, type Frequency } from "../../api/contract/vocabulary";
import { formatMoney } from "../../api/contract/format";

export const QUOTE_PARAM = "cotizacion";
export const FREQUENCY_PARAM = "frecuencia";
export const EXTRAS_PARAM = "extras";
/** The plan chosen, as /checkout reads it. */
export const PLAN_PARAM = "plan";
/**
 * A plan card's "Contratar este plan" button is named "contratar.{plan}" and has no value: Lynx
 * shows a button's value before its label ("(terceros) Contratar este plan"). Browsers send it as
 * "contratar.terceros=", Lynx as "contratar.terceros=BUTTON"; checkoutSearch reads either.
 */
const CHOOSE_PLAN_PREFIX = "contratar.";
export const DEFAULT_FREQUENCY: Frequency = "anual";

export function choosePlanButtonName(plan: string): string {
  return `${CHOOSE_PLAN_PREFIX}${plan}`;
}

/**
 * The search /checkout reads (`plan={code}` where a plan card's button was, the rest as it was),
 * or null when no plan is chosen. A search already in that form comes back the same.
 */
export function checkoutSearch(params: URLSearchParams): URLSearchParams | null {
  const out = new URLSearchParams();
  let chosen = false;
  for (const [name, value] of params) {
    const plan = name.startsWith(CHOOSE_PLAN_PREFIX) ? name.slice(CHOOSE_PLAN_PREFIX.length) : name === PLAN_PARAM ? value : null;
    if (plan === null) out.append(name, value);
    else if (!chosen && plan) {
      out.append(PLAN_PARAM, plan);
      chosen = true;
    }
  }
  return chosen ? out : null;
}

/** "pago anual", "pago mensual"… */
export function frequencyPhrase(frequency: Frequency): string {
  return `pago ${frequency}`;
}

export function parseFrequency(value: string | null): Frequency {
  return value && (FREQUENCIES as readonly string[]).includes(value) ? (value as Frequency) : DEFAULT_FREQUENCY;
}

/** The value of one optional guarantee's checkbox: "{plan}:{code}". */
export function extraValue(plan: string, code: string): string {
  return `${plan}:${code}`;
}

type PlanOptions = { code: string; optionalGuarantees: readonly { code: string }[] };

/**
 * The optional guarantees chosen for each plan, from the URL's `extras` values. Unknown plans and
 * codes a plan does not offer are dropped (a hand-edited URL never reaches the API); each plan's
 * list follows the plan's own order, without repeats.
 */
export function parseExtras(values: readonly string[], plans: readonly PlanOptions[]): Record<string, string[]> {
  const wanted = new Set(values);
  const chosen: Record<string, string[]> = {};
  for (const plan of plans) {
    chosen[plan.code] = plan.optionalGuarantees.map((g) => g.code).filter((code) => wanted.has(extraValue(plan.code, code)));
  }
  return chosen;
}

/** Same set of codes, whatever the order. */
export function sameSelection(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((code) => set.has(code));
}

/**
 * The extras of the chosen plan as the checkout's URL carries them: plain codes, or the whole form
 * of /results ("{plan}:{code}" for every plan), of which only the chosen plan's count.
 */
export function extrasOfPlan(values: readonly string[], plan: string): string[] {
  const prefix = `${plan}:`;
  const codes = values.flatMap((value) => (!value.includes(":") ? [value] : value.startsWith(prefix) ? [value.slice(prefix.length)] : []));
  return [...new Set(codes)];
}

/**
 * How the recibos of a frequency are paid, in a few words: "1 recibo de 145,02 €",
 * "4 recibos de 37,94 €", "1 recibo de 22,76 € y 11 de 11,97 €" (the first carries the
 * Consorcio, CLEA and rounding), or "12 recibos de 11,97 € a 22,76 €" otherwise.
 */
export function recibosSummary(recibos: readonly Pick<Price["recibos"][number], "amount">[]): string {
  const amounts = recibos.map((r) => r.amount);
  if (amounts.length === 0) return "";
  const [first, ...rest] = amounts;
  if (rest.length === 0) return `1 recibo de ${formatMoney(first)}`;
  if (rest.every((a) => a === first)) return `${amounts.length} recibos de ${formatMoney(first)}`;
  if (rest.every((a) => a === rest[0])) return `1 recibo de ${formatMoney(first)} y ${rest.length} de ${formatMoney(rest[0])}`;
  return `${amounts.length} recibos de ${formatMoney(Math.min(...amounts))} a ${formatMoney(Math.max(...amounts))}`;
}

type GuaranteeRef = { code: string; name: string };
type PlanGuarantees = { code: string; guarantees: readonly GuaranteeRef[]; optionalGuarantees: readonly GuaranteeRef[] };

/**
 * What a plan does not cover: the guarantees other plans of the line include or offer that this
 * plan neither includes nor offers as an extra, in the order they first appear.
 */
export function notIncluded(plan: PlanGuarantees, plans: readonly PlanGuarantees[]): GuaranteeRef[] {
  const own = new Set([...plan.guarantees, ...plan.optionalGuarantees].map((g) => g.code));
  const seen = new Set<string>();
  const missing: GuaranteeRef[] = [];
  for (const other of plans) {
    for (const g of [...other.guarantees, ...other.optionalGuarantees]) {
      if (own.has(g.code) || seen.has(g.code)) continue;
      seen.add(g.code);
      missing.push({ code: g.code, name: g.name });
    }
  }
  return missing;
}

/**
 * A tariff factor in basis points as people read it, exactly (no float): 11500 → "× 1,15",
 * 10000 → "× 1,00", 12345 → "× 1,2345". A non-breaking space keeps the sign with its number.
 */
export function factorText(basisPoints: number): string {
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0) throw new RangeError(`Factor no válido: ${basisPoints}`);
  const whole = Math.floor(basisPoints / 10_000);
  const decimals = String(basisPoints % 10_000)
    .padStart(4, "0")
    .replace(/0{1,2}$/, "");
  return `×\u00a0${whole},${decimals}`;
}
