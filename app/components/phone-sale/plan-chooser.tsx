import { Form, Link } from "@remix-run/react";
import { formatDate, formatMoney } from "../../../api/contract/format";
import { FREQUENCIES, FREQUENCY_LABELS } from "../../../api/contract/vocabulary";
import { focusTarget } from "~/components/focus-on-navigation";
import { SubmitButton } from "~/components/ui/submit-button";
import { CLIENT_PARAM, PHONE_SALE_STEPS } from "~/lib/phone-sale";
import type { PhoneSaleData } from "~/lib/phone-sale.server";
import { EXTRAS_PARAM, extraValue, FREQUENCY_PARAM, QUOTE_PARAM } from "~/lib/plan-choice";
import { lineOption } from "~/lib/quote-form";
import { inVoice } from "~/lib/voice";

/** Step 2: the quote's plans with their extras and the payment frequency, chosen by a GET form (or why the quote is closed). */
export function PlanChooser({ data }: { data: Extract<PhoneSaleData, { step: 2 }> }) {
  const { quote } = data;
  return (
    <section aria-labelledby="paso-2" className="mt-8">
      <h2 id="paso-2" className="text-xl font-bold" {...focusTarget(`paso-2:${quote.id}`)}>
        2. {PHONE_SALE_STEPS[1]}
      </h2>
      {/* prettier-ignore */}
      <p className="mt-2 text-slate-700">
        {lineOption(quote.line).name}. Precio válido hasta el {formatDate(quote.validUntil)}. <Link to={data.requote} className="underline">
          Volver a cotizar
        </Link>
      </p>
      {data.closed ? (
        <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 font-semibold text-red-800">
          {inVoice(data.closed, "tu")}
        </p>
      ) : (
        <Form method="get" className="mt-4">
          {data.client ? <input type="hidden" name={CLIENT_PARAM} value={data.client.id} /> : null}
          <input type="hidden" name={QUOTE_PARAM} value={quote.id} />
          <fieldset>
            <legend className="text-lg font-semibold">Plan</legend>
            <div className="mt-2 space-y-4">
              {data.plans.map((plan, index) => (
                <div key={plan.code} className="rounded-md border border-slate-300 p-4">
                  <div className="flex items-start gap-3">
                    <input
                      id={`plan-${plan.code}`}
                      type="radio"
                      name="plan"
                      value={plan.code}
                      defaultChecked={plan.recommended || (index === 0 && !data.plans.some((p) => p.recommended))}
                      required
                      className="mt-1 h-6 w-6 shrink-0 accent-brand-700"
                    />
                    <label htmlFor={`plan-${plan.code}`}>
                      <span className="font-semibold">{plan.name}</span>: {formatMoney(plan.prices.anual.total)} al año
                      {plan.recommended ? " (recomendado)" : ""}
                      <span className="block text-sm text-slate-600">
                        {plan.description} Franquicia: {plan.deductibleCents > 0 ? formatMoney(plan.deductibleCents) : "sin franquicia"}.
                      </span>
                    </label>
                  </div>
                  {plan.optionalGuarantees.length > 0 ? (
                    <fieldset className="mt-3 pl-9">
                      <legend className="text-sm font-medium">Garantías opcionales del plan {plan.name}</legend>
                      {plan.optionalGuarantees.map((g) => (
                        <div key={g.code} className="mt-1 flex items-start gap-2 text-sm">
                          <input
                            id={`extra-${plan.code}-${g.code}`}
                            type="checkbox"
                            name={EXTRAS_PARAM}
                            value={extraValue(plan.code, g.code)}
                            defaultChecked={(data.chosen[plan.code] ?? []).includes(g.code)}
                            className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
                          />
                          <label htmlFor={`extra-${plan.code}-${g.code}`}>
                            {g.name} (+{formatMoney(g.priceCents)} al año, antes de impuestos)
                          </label>
                        </div>
                      ))}
                    </fieldset>
                  ) : null}
                </div>
              ))}
            </div>
          </fieldset>
          <fieldset className="mt-6">
            <legend className="text-lg font-semibold">Forma de pago</legend>
            <div className="mt-2 space-y-2">
              {FREQUENCIES.map((f) => (
                <div key={f} className="flex items-center gap-3">
                  <input
                    id={`frecuencia-${f}`}
                    type="radio"
                    name={FREQUENCY_PARAM}
                    value={f}
                    defaultChecked={f === "anual"}
                    className="h-6 w-6 accent-brand-700"
                  />
                  <label htmlFor={`frecuencia-${f}`}>{FREQUENCY_LABELS[f]}</label>
                </div>
              ))}
            </div>
            <p className="mt-2 text-sm text-slate-600">
              El importe de cada forma de pago y de sus recibos se ve en el paso siguiente, donde también se puede cambiar.
            </p>
          </fieldset>
          <div className="mt-6">
            <SubmitButton pendingText="Calculando…">Continuar</SubmitButton>
          </div>
        </Form>
      )}
    </section>
  );
}
