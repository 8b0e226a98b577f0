import { Link } from "@remix-run/react";
import type { Frequency, PricedPlanAnswer } from "../../../api/contract/quotes";
import { FrequencyPrices } from "~/components/quote/frequency-prices";
import { formatMoney } from "~/lib/format";
import { checkoutHref, EXTRAS_PARAM, extraValue, factorText, frequencyPhrase } from "~/lib/plan-choice";

/** What a plan card shows: the priced plan, what it lacks, the extras in its price and any error repricing it. */
export type PlanCardPlan = Pick<
  PricedPlanAnswer,
  "code" | "name" | "description" | "recommended" | "deductibleCents" | "guarantees" | "optionalGuarantees" | "explanation" | "prices"
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
  quoteId,
  frequency,
  isChecked,
  showSubmit,
}: {
  plan: PlanCardPlan;
  quoteId: string;
  frequency: Frequency;
  isChecked: (code: string) => boolean;
  showSubmit: boolean;
}) {
  const headingId = `plan-${plan.code}`;
  const yearly = plan.prices.anual;
  const breakdown = plan.prices[frequency];
  return (
    <article
      aria-labelledby={headingId}
      className={`flex h-full flex-col rounded-lg border-2 bg-white p-5 shadow-sm ${plan.recommended ? "border-brand-700" : "border-slate-300"}`}
    >
      {plan.recommended ? (
        <p className="mb-2 self-start rounded-full bg-brand-700 px-3 py-1 text-sm font-semibold text-white">Recomendado</p>
      ) : null}
      <h2 id={headingId} className="text-2xl font-bold text-slate-900">
        {plan.name}
      </h2>

      <p className="mt-3">
        <span className="text-3xl font-bold text-slate-900">{formatMoney(yearly.total)}</span> <span className="text-slate-700">al año</span>
      </p>
      <p className="text-sm text-slate-600">
        En un solo pago anual, impuestos y recargos incluidos{plan.extras.length > 0 ? ", con las garantías añadidas" : ""}.
      </p>
      {plan.priceError ? (
        <p className="mt-2 font-semibold text-red-700">No hemos podido añadir las garantías elegidas: {plan.priceError}</p>
      ) : null}
      <p className="mt-3 text-slate-700">{plan.description}</p>

      <h3 className="mt-5 font-bold text-slate-900">Precio según la forma de pago</h3>
      <FrequencyPrices prices={plan.prices} chosen={frequency} />

      <h3 className="mt-5 font-bold text-slate-900">Desglose del {frequencyPhrase(frequency)}</h3>
      <dl className="mt-2 space-y-1 text-sm">
        <BreakdownRow term="Prima neta" amount={breakdown.net} />
        <BreakdownRow term="Recargo por fraccionamiento" amount={breakdown.fractionation} />
        <BreakdownRow term="Consorcio de Compensación de Seguros" amount={breakdown.consorcio} />
        <BreakdownRow term="CLEA" amount={breakdown.clea} />
        <BreakdownRow term="IPS (impuesto)" amount={breakdown.ips} />
        <BreakdownRow term="Total" amount={breakdown.total} strong />
      </dl>

      <p className="mt-4 text-sm">
        <span className="font-bold">Franquicia: </span>
        {plan.deductibleCents > 0 ? `${formatMoney(plan.deductibleCents)} por siniestro` : "sin franquicia"}
      </p>

      <h3 className="mt-5 font-bold text-slate-900">Qué incluye</h3>
      <ul className="mt-2 space-y-2 text-sm">
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
        <>
          <h3 className="mt-5 font-bold text-slate-900">Qué no incluye</h3>
          <ul className="mt-2 space-y-2 text-sm">
            {plan.missing.map((g) => (
              <li key={g.code} className="flex gap-2">
                <Cross />
                <span>{g.name}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {plan.optionalGuarantees.length > 0 ? (
        <fieldset className="mt-5">
          <legend className="font-bold text-slate-900">Garantías opcionales</legend>
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
      ) : null}

      {plan.explanation.length > 0 ? (
        <details className="mt-5 text-sm">
          <summary className="cursor-pointer font-semibold text-brand-700">Cómo hemos calculado la prima</summary>
          <ul className="mt-2 space-y-1">
            {plan.explanation.map((line) => (
              <li key={line.factor} className="flex justify-between gap-3">
                <span>
                  {line.title}: {line.label}
                </span>
                <span className="tabular-nums">{factorText(line.value)}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}

      <div className="mt-auto pt-6">
        {/* The name says which plan (four "Contratar este plan" in a list of links would not). */}
        <Link
          to={checkoutHref(quoteId, plan.code, frequency, plan.extras)}
          aria-label={`Contratar este plan: ${plan.name}`}
          className="btn-primary w-full"
        >
          Contratar este plan
        </Link>
      </div>
    </article>
  );
}

function BreakdownRow({ term, amount, strong = false }: { term: string; amount: number; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-3 ${strong ? "border-t border-slate-300 pt-1 font-bold" : ""}`}>
      <dt>{term}</dt>
      <dd className="text-right tabular-nums">{formatMoney(amount)}</dd>
    </div>
  );
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
