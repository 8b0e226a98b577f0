import type { Frequency, PricedPlanAnswer } from "../../../api/contract/quotes";
import { FrequencyPrices } from "~/components/quote/frequency-prices";
import { formatMoney } from "../../../api/contract/format";
import { PriceSteps } from "~/components/quote/price-steps";
import { choosePlanButtonName, EXTRAS_PARAM, extraValue, frequencyPhrase, recibosSummary } from "~/lib/plan-choice";

/** What a plan card shows: the priced plan, what it lacks, the extras in its price and any error repricing it. */
export type PlanCardPlan = Pick<
  PricedPlanAnswer,
  | "code"
  | "name"
  | "description"
  | "recommended"
  | "deductibleCents"
  | "basePremiumCents"
  | "riskPremiumCents"
  | "guarantees"
  | "optionalGuarantees"
  | "explanation"
  | "prices"
> & {
  /** Guarantees other plans of the line have and this one does not (notIncluded). */
  missing: { code: string; name: string }[];
  /** The optional guarantees included in `prices`. */
  extras: string[];
  priceError: string | null;
};

/**
 * One plan on /results, as HOUSE-STYLE compares plans: price first, then what is included (✓) and
 * what is not (✕), then the optional extras (checkboxes of the page's GET form) and the link to
 * contract it.
 */
export function PlanCard({
  plan,
  frequency,
  isChecked,
  showSubmit,
}: {
  plan: PlanCardPlan;
  frequency: Frequency;
  isChecked: (code: string) => boolean;
  showSubmit: boolean;
}) {
  const headingId = `plan-${plan.code}`;
  const chosen = plan.prices[frequency];
  return (
    <article
      aria-labelledby={headingId}
      className={`flex h-full flex-col rounded-lg border-2 bg-white p-5 shadow-sm ${plan.recommended ? "border-brand-700" : "border-slate-300"}`}
    >
      {plan.recommended ? <p className="mb-2 self-start rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white">Recomendado</p> : null}
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        {plan.name}
      </h2>

      {/* The essentials first and short, so that on a phone each plan is seen without scrolling past the others. */}
      <p className="mt-3">
        <span className="text-3xl font-bold text-slate-900">{formatMoney(chosen.total)}</span> <span className="text-slate-700">al año</span>
      </p>
      <p className="font-semibold text-slate-800">{recibosSummary(chosen.recibos)}</p>
      <p className="text-sm text-slate-600">
        {capitalized(frequencyPhrase(frequency))}, impuestos y recargos incluidos{plan.extras.length > 0 ? ", con las garantías añadidas" : ""}.
      </p>
      {plan.priceError ? <p className="mt-2 font-semibold text-red-700">No hemos podido añadir las garantías elegidas: {plan.priceError}</p> : null}
      <p className="mt-3 text-sm">
        <span className="font-bold">Franquicia: </span>
        {plan.deductibleCents > 0 ? `${formatMoney(plan.deductibleCents)} por siniestro` : "sin franquicia"}
      </p>
      <p className="mt-1 text-sm text-slate-700">{coverageSummary(plan)}</p>

      {/* A submit of the page's form: the frequency and extras as they are now go with it, updated or not.
          The plan is in the button's name, not its value (see choosePlanButtonName). */}
      <button
        type="submit"
        formAction="/checkout"
        name={choosePlanButtonName(plan.code)}
        aria-label={`Contratar este plan: ${plan.name}`}
        className="btn-primary mt-4 w-full"
      >
        Contratar este plan
      </button>

      <details className="group mt-4 border-t border-slate-200 pt-3">
        <summary className="flex min-h-[44px] cursor-pointer items-center font-semibold text-brand-700">Qué incluye y qué no</summary>
        <p className="mt-2 text-sm text-slate-700">{plan.description}</p>
        <ul className="mt-2 space-y-2 text-sm" aria-label="Incluye">
          {plan.guarantees.map((g) => (
            <li key={g.code} className="flex gap-2">
              <Tick />
              <span>
                {g.name}
                {g.limitText ? <span className="block text-slate-600">{g.limitText}</span> : null}
              </span>
            </li>
          ))}
        </ul>
        {plan.missing.length > 0 ? (
          <ul className="mt-3 space-y-2 text-sm" aria-label="No incluye">
            {plan.missing.map((g) => (
              <li key={g.code} className="flex gap-2">
                <Cross />
                <span>
                  <span className="sr-only">No incluye: </span>
                  {g.name}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </details>

      {plan.optionalGuarantees.length > 0 ? (
        // Open when something is added (or could not be), so a choice is never hidden.
        <details className="mt-1 border-t border-slate-200 pt-3" open={plan.extras.length > 0 || plan.priceError !== null || undefined}>
          <summary className="flex min-h-[44px] cursor-pointer items-center font-semibold text-brand-700">
            Garantías opcionales ({plan.optionalGuarantees.length})
          </summary>
          <fieldset className="mt-2">
            <legend className="sr-only">Garantías opcionales de {plan.name}</legend>
            <p className="text-sm text-slate-600">Márquelas para añadirlas al precio. El importe indicado es anual, antes de impuestos.</p>
            <div className="mt-2 space-y-3">
              {plan.optionalGuarantees.map((g) => {
                const id = `extra-${plan.code}-${g.code}`;
                return (
                  <div key={g.code} className="flex items-start gap-3">
                    <input
                      id={id}
                      type="checkbox"
                      name={EXTRAS_PARAM}
                      value={extraValue(plan.code, g.code)}
                      checked={isChecked(g.code)}
                      onChange={() => undefined}
                      aria-describedby={`${id}-pista`}
                      className="mt-1 h-6 w-6 shrink-0 accent-brand-700"
                    />
                    <div className="text-sm">
                      <label htmlFor={id} className="font-medium text-slate-900">
                        {g.name} (+{formatMoney(g.priceCents)} al año)
                      </label>
                      <p id={`${id}-pista`} className="text-slate-600">
                        {g.description}
                        {g.limitText ? ` ${g.limitText}.` : ""}
                      </p>
                    </div>
                  </div>
                );
              })}
            </div>
            {showSubmit ? (
              <button type="submit" className="btn-secondary mt-3">
                Actualizar precio<span className="sr-only"> de {plan.name}</span>
              </button>
            ) : null}
          </fieldset>
        </details>
      ) : null}

      <details className="mt-1 border-t border-slate-200 pt-3">
        <summary className="flex min-h-[44px] cursor-pointer items-center font-semibold text-brand-700">Cómo se calcula el precio</summary>
        <PriceSteps plan={plan} frequency={frequency} price={chosen} id={`desglose-${plan.code}`} />
      </details>

      <details className="mt-1 border-t border-slate-200 pt-3">
        <summary className="flex min-h-[44px] cursor-pointer items-center font-semibold text-brand-700">Precio según la forma de pago</summary>
        <FrequencyPrices prices={plan.prices} chosen={frequency} />
      </details>
    </article>
  );
}

/** "Incluye 7 coberturas. No incluye: Lunas, Robo." — what tells plans apart, in one line. */
function coverageSummary(plan: Pick<PlanCardPlan, "guarantees" | "missing">): string {
  const included = `Incluye ${plan.guarantees.length} ${plan.guarantees.length === 1 ? "cobertura" : "coberturas"}.`;
  return plan.missing.length === 0 ? included : `${included} No incluye: ${plan.missing.map((g) => g.name).join(", ")}.`;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function Tick() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="mt-0.5 h-5 w-5 shrink-0 text-green-700" fill="none">
      <path d="m5 12.5 4.5 4.5L19 7.5" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function Cross() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="mt-0.5 h-5 w-5 shrink-0 text-red-700" fill="none">
      <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
