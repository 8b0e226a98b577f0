import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation } from "@remix-run/react";
import { formatDate, formatMoney } from "../../../api/contract/format";
import { focusTarget } from "~/components/focus-on-navigation";
import { FieldErrors } from "~/components/ui/field";
import { DATE_PARAM, GUARANTEE_PARAM, POLICY_PARAM, type CustomerData } from "~/lib/endorsement-page";
import { formatTypedDate } from "~/lib/typed-date";
import { PolicyLinks } from "./choose-policy";
import { PayStep } from "./pay-step";
import { Breakdown } from "./price-breakdown";

/**
 * Step 1 (a GET form: which guarantees, from what date) and, once priced, step 2 (PayStep). `lastResult`: the
 * POST's refusal.
 */
export function AddGuarantees({ data, lastResult }: { data: CustomerData; lastResult: SubmissionResult<string[]> | undefined }) {
  const { options, policies, problem } = data;
  const policy = options.policy;
  const selected = options.selection;
  // Each answer that shows a problem moves focus to it (JavaScript on), also the same one again.
  const { key } = useLocation();
  const problemTarget = focusTarget(`problema:${key}`);
  return (
    <>
      <p>
        <Link to={`/mi-poliza/${policy.id}`}>Volver a su póliza</Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">Añadir garantías a su póliza</h1>
      <p className="mt-3 text-lg text-slate-700">
        {policy.lineName}: plan {policy.plan.name} · Póliza {policy.number} · en vigor hasta el {formatDate(policy.endDate)}
      </p>
      {policies.length > 1 ? <PolicyLinks policies={policies} current={policy.id} /> : null}

      {!options.effectiveDates ? (
        <p className="mt-6 rounded-md border border-slate-300 bg-slate-50 p-4">{options.refusal}.</p>
      ) : (
        <>
          <Form method="get" action="/garantias" className="mt-8" id="elegir">
            <input type="hidden" name={POLICY_PARAM} value={policy.id} />
            <fieldset
              aria-describedby={problem?.field === "garantia" ? "garantia-error" : undefined}
              className={problem?.field === "garantia" ? "border-l-4 border-red-700 pl-3" : undefined}
            >
              <legend className="text-2xl font-bold text-slate-900">Garantías que puede añadir</legend>
              <p className="mt-1 text-slate-600">
                El precio es el de los {options.days?.remaining} días que quedan de los {options.days?.total} de su anualidad, desde la fecha de
                efecto.
              </p>
              {problem?.field === "garantia" ? (
                <div {...problemTarget} className="mt-3">
                  <FieldErrors id="garantia-error" errors={[problem.message]} />
                </div>
              ) : null}
              {options.options.length === 0 ? <p className="mt-3">{options.refusal}.</p> : null}
              <ul className="mt-4 space-y-4">
                {options.options.map((o) => (
                  <li key={o.code} className="rounded-md border border-slate-300 p-4">
                    <div className="flex items-start gap-3">
                      <input
                        type="checkbox"
                        id={`garantia-${o.code}`}
                        name={GUARANTEE_PARAM}
                        value={o.code}
                        defaultChecked={data.chosen.includes(o.code)}
                        className="mt-1 h-6 w-6 shrink-0 accent-brand-700"
                      />
                      <label htmlFor={`garantia-${o.code}`} className="font-semibold text-slate-900">
                        {o.name}: {formatMoney(o.price.total)} hasta el vencimiento
                      </label>
                    </div>
                    <p className="mt-1 text-slate-700">{o.description}</p>
                    <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
                      <div>
                        <dt className="text-slate-600">Límite</dt>
                        <dd>{o.limitText ?? "—"}</dd>
                      </div>
                      <div>
                        <dt className="text-slate-600">Franquicia</dt>
                        <dd>{o.deductibleCents > 0 ? formatMoney(o.deductibleCents) : "Sin franquicia"}</dd>
                      </div>
                      <div>
                        <dt className="text-slate-600">Precio anual</dt>
                        <dd>{formatMoney(o.yearlyCents)} de prima neta</dd>
                      </div>
                    </dl>
                    <details className="mt-2">
                      <summary className="cursor-pointer text-sm">Desglose del precio de {o.name}</summary>
                      <Breakdown price={o.price} caption={`Desglose del precio de ${o.name}`} />
                    </details>
                  </li>
                ))}
              </ul>
            </fieldset>
            <div className={`mt-6 ${problem?.field === "fecha" ? "border-l-4 border-red-700 pl-3" : ""}`}>
              <label htmlFor="fecha" className="block font-semibold text-slate-900">
                Fecha de efecto
              </label>
              <p id="fecha-hint" className="mt-1 text-slate-600">
                Desde el {formatDate(options.effectiveDates.earliest)} (mañana como pronto) hasta el {formatDate(options.effectiveDates.latest)}. Las
                garantías le cubren desde las 00:00 h de ese día. Escriba día, mes y año: dd/mm/aaaa.
              </p>
              {problem?.field === "fecha" ? (
                <div {...problemTarget}>
                  <FieldErrors id="fecha-error" errors={[problem.message]} />
                </div>
              ) : null}
              <input
                type="text"
                inputMode="numeric"
                autoComplete="off"
                spellCheck={false}
                maxLength={20}
                id="fecha"
                name={DATE_PARAM}
                defaultValue={formatTypedDate(options.effectiveDates.chosen)}
                aria-describedby={problem?.field === "fecha" ? "fecha-hint fecha-error" : "fecha-hint"}
                className="mt-2 block min-h-[44px] w-full max-w-[12rem] rounded-md border-2 border-slate-600 bg-white px-3 py-2"
              />
            </div>
            {options.options.length ? (
              <button type="submit" className="btn-secondary mt-6">
                Ver el precio
              </button>
            ) : null}
          </Form>

          {selected ? <PayStep data={data} selection={selected} effectiveDate={options.effectiveDates.chosen} lastResult={lastResult} /> : null}
        </>
      )}
    </>
  );
}
