import { Form, Link, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { FREQUENCIES, FREQUENCY_LABELS, type Frequency } from "../../../api/contract/vocabulary";
import { PlanCard, type PlanCardPlan } from "~/components/quote/plan-card";
import { PriceGlossary } from "~/components/quote/price-glossary";
import { formatDate } from "../../../api/contract/format";
import { EXTRAS_PARAM, extraValue, FREQUENCY_PARAM, parseFrequency, QUOTE_PARAM } from "~/lib/plan-choice";

type PlanPricesProps = {
  quote: { id: string; validUntil: string };
  plans: PlanCardPlan[];
  frequency: Frequency;
  ipidHref: string;
  requoteHref: string;
};

/**
 * The state the page shows: the URL being loaded while the prices update (optimistic, so a ticked
 * box stays ticked), else the current one.
 */
function useShownSearch(): URLSearchParams {
  const location = useLocation();
  const navigation = useNavigation();
  const pending = navigation.state === "loading" && navigation.location.pathname === location.pathname ? navigation.location : null;
  return new URLSearchParams((pending ?? location).search);
}

/**
 * The prices of an open quote on /results: one GET form (the frequency and every plan's extras)
 * whose change re-prices in place with JavaScript, or through its buttons without it.
 */
export function PlanPrices({ quote, plans, frequency, ipidHref, requoteHref }: PlanPricesProps) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const location = useLocation();
  const shown = useShownSearch();
  const shownFrequency = parseFrequency(shown.get(FREQUENCY_PARAM));
  const shownExtras = new Set(shown.getAll(EXTRAS_PARAM));
  const updating = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const status = useUpdateAnnouncement(updating);

  // With JavaScript a change re-prices at once, in place (a GET navigation, no full reload);
  // without it the form's own buttons send the same GET.
  const onChange = (event: ChangeEvent<HTMLFormElement>) => {
    submit(event.currentTarget, { preventScrollReset: true, replace: true });
  };

  return (
    <>
      <div className="mt-4 flex flex-col gap-2 text-slate-700 sm:flex-row sm:flex-wrap sm:gap-x-6">
        <p className="font-semibold text-slate-900">Precio válido hasta el {formatDate(quote.validUntil)}</p>
        <p>
          <a href={ipidHref}>Documento de información del producto (IPID), en PDF</a>
        </p>
        <p>
          <Link to={requoteHref}>Cambiar mis datos</Link>
        </p>
      </div>
      <p role="status" className="sr-only">
        {status}
      </p>

      {/* Also the plan cards' "Contratar este plan" (formAction /checkout), which carry the choice as it stands. */}
      <Form method="get" action="/results" onChange={onChange} className="mt-8" aria-busy={updating || undefined}>
        <input type="hidden" name={QUOTE_PARAM} value={quote.id} />
        <fieldset className="rounded-md border border-slate-300 p-4">
          <legend className="px-1 text-lg font-bold text-slate-900">¿Cómo prefiere pagar?</legend>
          <p className="text-slate-600">Pagar en varios recibos tiene un recargo por fraccionamiento.</p>
          <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
            {FREQUENCIES.map((value) => (
              <label key={value} className="inline-flex min-h-[44px] items-center gap-2 font-medium">
                <input
                  type="radio"
                  name={FREQUENCY_PARAM}
                  value={value}
                  checked={shownFrequency === value}
                  // Controlled (the URL is the state); the form's onChange re-prices.
                  onChange={() => undefined}
                  className="h-6 w-6 accent-brand-700"
                />
                {FREQUENCY_LABELS[value]}
              </label>
            ))}
          </div>
          {hydrated ? null : (
            <button type="submit" className="btn-secondary mt-3">
              Ver precios
            </button>
          )}
        </fieldset>

        {/* In the header's width (1024 px at most) four plans read best two by two; three fit in a row. */}
        <ul className={`mt-8 grid gap-6 md:grid-cols-2 ${plans.length >= 4 ? "" : "lg:grid-cols-3"}`}>
          {plans.map((plan) => (
            <li key={plan.code} className={updating ? "opacity-70 transition-opacity" : undefined}>
              <PlanCard plan={plan} frequency={frequency} isChecked={(code) => shownExtras.has(extraValue(plan.code, code))} showSubmit={!hydrated} />
            </li>
          ))}
        </ul>
      </Form>

      <PriceGlossary />
    </>
  );
}

/** "Actualizando precios…" while loading, then "Precios actualizados." for screen readers. */
function useUpdateAnnouncement(updating: boolean): string {
  const [message, setMessage] = useState("");
  const wasUpdating = useRef(false);
  useEffect(() => {
    if (updating) setMessage("Actualizando precios…");
    else if (wasUpdating.current) setMessage("Precios actualizados.");
    wasUpdating.current = updating;
  }, [updating]);
  return message;
}
