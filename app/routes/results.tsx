import { json, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { notFound } from "~/lib/http";
import { UUID } from "~/lib/ids";
import { Form, Link, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import {
  PriceChoiceAnswerSchema,
  QUOTE_ALREADY_CONTRACTED_MESSAGE,
  QUOTE_DISCARDED_MESSAGE,
} from "../../api/contract/checkout";
import { FREQUENCIES, QuoteSchema, type Frequency, type PricedPlanAnswer, type Quote } from "../../api/contract/quotes";
import { ApiError } from "~/lib/api.server";
import { getVisitor } from "~/lib/auth.server";
import { formatDate, formatMoney } from "~/lib/format";
import { FrequencyPrices } from "~/components/quote/frequency-prices";
import { quoteApi, quoteOwnerToken } from "~/lib/quote-owner.server";
import { lineOption, requoteHref } from "~/lib/quote-form";
import {
  checkoutHref,
  EXTRAS_PARAM,
  extraValue,
  factorText,
  FREQUENCY_LABELS,
  FREQUENCY_PARAM,
  frequencyPhrase,
  notIncluded,
  parseExtras,
  parseFrequency,
  QUOTE_PARAM,
  sameSelection,
} from "~/lib/plan-choice";
import { siteTitle } from "~/lib/page-title";

export const meta: MetaFunction = () => [{ title: siteTitle("Sus precios") }, { name: "robots", content: "noindex" }];

// Prices for one person's data: never kept by a shared cache.
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });


type Prices = PricedPlanAnswer["prices"];

async function readQuote(request: Request, context: LoaderFunctionArgs["context"], id: string) {
  const visitor = await getVisitor(request, context);
  const ownerToken = await quoteOwnerToken(request, context, id);
  // Nobody to prove ownership: the API would answer 404 anyway.
  if (!visitor && !ownerToken) throw notFound("Cotización no encontrada");
  const api = quoteApi(context, request, { token: visitor?.token, ownerToken });
  try {
    const quote = await api.get(`/quotes/${id}`, { schema: QuoteSchema });
    return { quote, api, visitor };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound("Cotización no encontrada");
    throw error;
  }
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const id = url.searchParams.get(QUOTE_PARAM) ?? "";
  if (!UUID.test(id)) throw notFound("Cotización no encontrada");
  const { quote, api, visitor } = await readQuote(request, context, id);

  const frequency = parseFrequency(url.searchParams.get(FREQUENCY_PARAM));
  const chosen = parseExtras(url.searchParams.getAll(EXTRAS_PARAM), quote.plans);
  let status = quote.status;
  let statusMessage: string | null = null;

  // A plan with other extras than the quote priced is priced again by the API (POST /quotes/{id}/price).
  const repriced = new Map<string, Prices>();
  const priceErrors = new Map<string, string>();
  if (status === "cotizada") {
    const toPrice = quote.plans.filter((plan) => !sameSelection(chosen[plan.code], plan.selectedOptionalGuarantees));
    const answers = await Promise.all(
      toPrice.map(async (plan) => {
        try {
          const answer = await api.post(`/quotes/${quote.id}/price`, {
            body: { plan: plan.code, optionalGuarantees: chosen[plan.code], frequency },
            schema: PriceChoiceAnswerSchema,
          });
          return { plan: plan.code, prices: answer.prices };
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          return { plan: plan.code, error };
        }
      }),
    );
    for (const answer of answers) {
      if (answer.prices) repriced.set(answer.plan, answer.prices);
      else if (answer.error.status === 409) {
        // Expired, bought or discarded between reading and pricing: the API's word wins.
        statusMessage = answer.error.body.error;
        status =
          statusMessage === QUOTE_ALREADY_CONTRACTED_MESSAGE ? "contratada" : statusMessage === QUOTE_DISCARDED_MESSAGE ? "descartada" : "caducada";
      } else priceErrors.set(answer.plan, answer.error.body.error);
    }
  }

  const plans = quote.plans.map((plan) => {
    const prices = repriced.get(plan.code);
    const extras = prices ? chosen[plan.code] : plan.selectedOptionalGuarantees;
    return {
      code: plan.code,
      name: plan.name,
      description: plan.description,
      recommended: plan.recommended,
      deductibleCents: plan.deductibleCents,
      guarantees: plan.guarantees,
      missing: notIncluded(plan, quote.plans),
      optionalGuarantees: plan.optionalGuarantees,
      explanation: plan.explanation,
      prices: prices ?? plan.prices,
      extras,
      priceError: priceErrors.get(plan.code) ?? null,
    };
  });

  return json(
    {
      quote: { id: quote.id, line: quote.line, status, validUntil: quote.validUntil },
      statusMessage,
      frequency,
      plans,
      requoteHref: requoteHref(quote.line, quote.inputs as Record<string, unknown>),
      ipidHref: `/api/documents/ipid/${quote.line}`,
      signedIn: Boolean(visitor),
    },
    { headers: mergeCache(visitor?.headers) },
  );
}

function mergeCache(source: Headers | undefined): Headers {
  const headers = new Headers(source);
  headers.set("Cache-Control", "private, no-store");
  return headers;
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type PlanView = LoaderData["plans"][number];

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

export default function ResultsPage() {
  const data = useLoaderData<typeof loader>();
  const { quote } = data;
  const line = lineOption(quote.line);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Sus precios</h1>
      <p className="mt-3 text-lg text-slate-700">{line.name}</p>
      {quote.status === "cotizada" ? (
        <Prices data={data} />
      ) : (
        <ClosedQuote status={quote.status} validUntil={quote.validUntil} message={data.statusMessage} requoteHref={data.requoteHref} />
      )}
    </div>
  );
}

function ClosedQuote({
  status,
  validUntil,
  message,
  requoteHref,
}: {
  status: Quote["status"];
  validUntil: string;
  message: string | null;
  requoteHref: string;
}) {
  if (status === "contratada") {
    return (
      <Notice title="Ya ha contratado esta cotización">
        <p>Puede ver su póliza, sus recibos y su documentación en «Mi póliza».</p>
        <p className="mt-4">
          <Link to="/mi-poliza" className="btn-primary">
            Ir a Mi póliza
          </Link>
        </p>
      </Notice>
    );
  }
  return (
    <Notice title={status === "caducada" ? "Esta cotización ha caducado" : "Esta cotización ya no está disponible"}>
      <p>
        {message ??
          (status === "caducada"
            ? `Sus precios eran válidos hasta el ${formatDate(validUntil)}. Vuelva a cotizar con los mismos datos para ver el precio de hoy.`
            : "Se ha descartado y ya no se puede contratar. Vuelva a cotizar con los mismos datos para ver el precio de hoy.")}
      </p>
      <p className="mt-4">
        <Link to={requoteHref} className="btn-primary">
          Volver a cotizar
        </Link>
      </p>
    </Notice>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="aviso-titulo" className="mt-8 max-w-2xl rounded-md border-l-8 border-amber-500 bg-amber-50 p-4 sm:p-6">
      <h2 id="aviso-titulo" className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-2 text-slate-800">{children}</div>
    </section>
  );
}

function Prices({ data }: { data: LoaderData }) {
  const { quote, plans, frequency } = data;
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
          <a href={data.ipidHref}>Documento de información del producto (IPID), en PDF</a>
        </p>
        <p>
          <Link to={data.requoteHref}>Cambiar mis datos</Link>
        </p>
      </div>
      <p role="status" className="sr-only">
        {status}
      </p>

      <Form method="get" action="/results" preventScrollReset onChange={onChange} className="mt-8" aria-busy={updating || undefined}>
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

        <ul className={`mt-8 grid gap-6 md:grid-cols-2 ${plans.length >= 4 ? "lg:grid-cols-4" : "lg:grid-cols-3"}`}>
          {plans.map((plan) => (
            <li key={plan.code} className={updating ? "opacity-70 transition-opacity" : undefined}>
              <PlanCard
                plan={plan}
                quoteId={quote.id}
                frequency={frequency}
                isChecked={(code) => shownExtras.has(extraValue(plan.code, code))}
                showSubmit={!hydrated}
              />
            </li>
          ))}
        </ul>
      </Form>

      <Glossary />
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

function PlanCard({
  plan,
  quoteId,
  frequency,
  isChecked,
  showSubmit,
}: {
  plan: PlanView;
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

/** One-line hints for the jargon of the cards (HOUSE-STYLE: jargon gets a one-line hint). */
function Glossary() {
  return (
    <section aria-labelledby="glosario-titulo" className="mt-12 max-w-3xl">
      <h2 id="glosario-titulo" className="text-xl font-bold text-slate-900">
        Qué significa cada concepto
      </h2>
      <dl className="mt-3 space-y-3 text-slate-700">
        <div>
          <dt className="font-semibold text-slate-900">Prima neta</dt>
          <dd>El precio del seguro en sí, antes de recargos e impuestos.</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Recargo por fraccionamiento</dt>
          <dd>Lo que cuesta de más pagar en varios recibos en lugar de uno al año.</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Recargos del Consorcio y CLEA</dt>
          <dd>
            Recargos obligatorios por ley: el Consorcio de Compensación de Seguros cubre riesgos extraordinarios como inundaciones, y
            CLEA financia la liquidación de aseguradoras. Se cobran en el primer recibo.
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">IPS</dt>
          <dd>El impuesto sobre las primas de seguros, que se aplica a la prima neta y al recargo por fraccionamiento.</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Franquicia</dt>
          <dd>La parte de cada siniestro que paga usted; el seguro paga el resto.</dd>
        </div>
      </dl>
    </section>
  );
}
