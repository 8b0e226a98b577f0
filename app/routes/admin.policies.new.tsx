import type { SubmissionResult } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { hasPermission } from "../../api/contract/permissions";
import {
  PriceChoiceAnswerSchema,
  QUOTE_ALREADY_CONTRACTED_MESSAGE,
  QUOTE_DISCARDED_MESSAGE,
  QUOTE_EXPIRED_MESSAGE,
} from "../../api/contract/checkout";
import { ClientDetailSchema, ClientListSchema, type ClientData } from "../../api/contract/clients";
import { isUuid } from "../../api/contract/ids";
import { PolicySchema } from "../../api/contract/policies";
import { QUOTE_FORM_SCHEMAS, QuoteSchema, type Quote, type QuoteLine } from "../../api/contract/quotes";
import { QUOTE_FORM_CONSTRAINTS, type QuoteFormConstraint } from "~/lib/quote-form.server";
import { FREQUENCIES, FREQUENCY_LABELS } from "../../api/contract/vocabulary";
import { CheckoutForm, type HolderDefaults } from "~/components/checkout/checkout-form";
import { QuoteLineForm } from "~/components/quote/quote-line-form";
import { focusTarget } from "~/components/focus-on-navigation";
import { BackLink } from "~/components/ui/back-link";
import { countSentence } from "~/components/ui/pagination";
import { SubmitButton } from "~/components/ui/submit-button";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { formErrorsFromBody } from "~/lib/api-errors.server";
import { ApiError } from "~/lib/api.server";
import { checkoutBody, formErrorsFromApi, StaffCheckoutFormSchema } from "~/lib/checkout-form";
import { CARD_SECRET_FIELDS } from "../../api/contract/checkout-fields";
import { formatDate, formatMoney } from "../../api/contract/format";
import { inVoice } from "~/lib/voice";
import { adminTitle } from "~/lib/page-title";
import { EXTRAS_PARAM, extraValue, FREQUENCY_PARAM, parseExtras, parseFrequency, QUOTE_PARAM } from "~/lib/plan-choice";
import { FIELD_NAMES, LINE_FIELD, LINE_OPTIONS, LINE_PARAM, lineOption, parseLine } from "~/lib/quote-form";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * /admin/policies/new: staff sell a policy to a customer on the phone, in three steps that each
 * live in the URL (so the page works without JavaScript and a step can be reloaded or shared):
 *   1. the client (searched, or new: their data are asked in step 3) and the rating questions of
 *      the line — the public /cotizar's own form; POST prices it (POST /admin/policies/quotes);
 *   2. ?cotizacion=…: the plans of that quote with their extras and the payment frequency (GET);
 *   3. ?cotizacion=…&plan=…: the public checkout form with the customer's e-mail and the consents
 *      as given on the phone; POST issues the policy (POST /admin/policies) and opens it.
 * The API prices and checks out exactly as for the public site (ADR 013). The forms are the public
 * site's; the back office's layout makes them speak "tú" (VoiceProvider in admin.tsx).
 */
const ROUTE_ID = "routes/admin.policies.new";
const CLIENT_PARAM = "cliente";
const SEARCH_PARAM = "q";
const NEW_PATH = "/admin/policies/new";

export const meta: MetaFunction = ({ matches }) => [{ title: adminTitle("Nueva póliza por teléfono", matches) }];

const CLOSED_MESSAGES = new Set([QUOTE_EXPIRED_MESSAGE, QUOTE_DISCARDED_MESSAGE, QUOTE_ALREADY_CONTRACTED_MESSAGE]);

/** A URL of this page keeping the chosen client. */
function stepHref(params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== null && value !== undefined && value !== "") search.set(key, String(value));
  const query = search.toString();
  return query ? `${NEW_PATH}?${query}` : NEW_PATH;
}

function clientId(url: URL): number | null {
  const value = Number(url.searchParams.get(CLIENT_PARAM));
  return Number.isInteger(value) && value > 0 ? value : null;
}

/** What the page knows of the client, as the checkout form's policyholder fields. */
function holderOf(client: ClientData | null): HolderDefaults {
  if (!client) return {};
  const known = {
    name: client.name,
    nif: client.nif,
    birthDate: client.birthDate,
    phone: client.phone,
    address: client.address,
    postalCode: client.postalCode,
    city: client.city,
    email: client.email,
  };
  return Object.fromEntries(Object.entries(known).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ api, admin, request }) => {
    const url = new URL(request.url);
    // Searching and reading clients needs clients:read; without it, the client is identified by NIF in step 3.
    const canReadClients = hasPermission(admin.role.permissions, "clients:read");
    const id = canReadClients ? clientId(url) : null;
    const client = id ? (await api.get(`/admin/clients/${id}`, { schema: ClientDetailSchema })).client : null;
    const quoteId = url.searchParams.get(QUOTE_PARAM) ?? "";
    const plan = url.searchParams.get("plan") ?? "";

    if (!quoteId) {
      const q = (url.searchParams.get(SEARCH_PARAM) ?? "").trim().slice(0, 100);
      const matches =
        canReadClients && q && !client
          ? await api.get(`/admin/clients?${new URLSearchParams({ q, pageSize: "10" })}`, { schema: ClientListSchema })
          : null;
      const line = parseLine(url.searchParams.get(LINE_PARAM));
      // The rating questions the client's file already answers.
      const prefill: Record<string, string> = {};
      if (client?.postalCode) prefill.postalCode = client.postalCode;
      if (client?.birthDate && line === "auto") prefill.driverBirthDate = client.birthDate;
      return { step: 1 as const, canReadClients, client, q, matches, line, prefill, constraint: line ? QUOTE_FORM_CONSTRAINTS[line] : null };
    }

    if (!isUuid(quoteId)) throw new Response("Cotización no encontrada", { status: 404, statusText: "Not Found" });
    const quote = await api.get(`/admin/policies/quotes/${quoteId}`, { schema: QuoteSchema });
    const requote = stepHref({ [CLIENT_PARAM]: client?.id, [LINE_PARAM]: quote.line });
    const chooser = {
      step: 2 as const,
      canReadClients,
      client,
      quote: quoteSummary(quote),
      plans: quote.plans,
      requote,
      chosen: parseExtras(url.searchParams.getAll(EXTRAS_PARAM), quote.plans),
    };
    const planInfo = quote.plans.find((p) => p.code === plan);
    if (quote.status !== "cotizada" || !planInfo) return { ...chooser, closed: quote.status === "cotizada" ? null : closedMessage(quote.status) };

    const frequency = parseFrequency(url.searchParams.get(FREQUENCY_PARAM));
    const extras = parseExtras(url.searchParams.getAll(EXTRAS_PARAM), quote.plans)[plan] ?? [];
    try {
      const answer = await api.post(`/admin/policies/quotes/${quote.id}/price`, {
        body: { plan, optionalGuarantees: extras, frequency },
        schema: PriceChoiceAnswerSchema,
      });
      return {
        step: 3 as const,
        canReadClients,
        client,
        holder: holderOf(client),
        back: stepHref({ [CLIENT_PARAM]: client?.id, [QUOTE_PARAM]: quote.id }),
        offer: {
          quote: {
            id: quote.id,
            line: quote.line,
            validUntil: quote.validUntil,
            postalCode: typeof quote.inputs.postalCode === "string" ? quote.inputs.postalCode : "",
          },
          requoteHref: requote,
          plan: { code: planInfo.code, name: planInfo.name, deductibleCents: planInfo.deductibleCents },
          extras: answer.optionalGuarantees,
          extraNames: planInfo.optionalGuarantees.filter((g) => answer.optionalGuarantees.includes(g.code)).map((g) => g.name),
          frequency,
          // Generated once per page view; the form keeps it across failed submissions (one policy per click).
          idempotencyKey: crypto.randomUUID(),
          ipidHref: `/api/documents/ipid/${quote.line}`,
          prices: answer.prices,
          startDates: { ...answer.startDates, default: answer.startDate },
          insurer: answer.insurer,
        },
      };
    } catch (error) {
      // Expired or sold meanwhile: the API's word, on the plan step.
      if (error instanceof ApiError && error.status === 409) return { ...chooser, closed: error.body.error };
      throw error;
    }
  });

function quoteSummary(quote: Quote) {
  return { id: quote.id, line: quote.line, status: quote.status, validUntil: quote.validUntil };
}

function closedMessage(status: string): string {
  if (status === "contratada") return QUOTE_ALREADY_CONTRACTED_MESSAGE;
  if (status === "caducada") return QUOTE_EXPIRED_MESSAGE;
  return QUOTE_DISCARDED_MESSAGE;
}

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form, request }) => {
    const url = new URL(request.url);
    const client = clientId(url);
    const quoteId = url.searchParams.get(QUOTE_PARAM);

    if (!quoteId) {
      // Step 1: price the risk.
      const line = parseLine(form.formData.get(LINE_FIELD));
      if (!line) throw new Response("Seguro no válido", { status: 400, statusText: "Bad Request" });
      const inputs = form.parse(QUOTE_FORM_SCHEMAS[line]);
      try {
        const quote = await api.post("/admin/policies/quotes", { body: { line, inputs }, schema: QuoteSchema });
        return redirect(stepHref({ [CLIENT_PARAM]: client, [QUOTE_PARAM]: quote.id }));
      } catch (error) {
        // 422: a risk the tariff will not insure, its reason beside the field.
        if (error instanceof ApiError && error.status === 422) form.fail(formErrorsFromBody(error.body, FIELD_NAMES[line]));
        throw error;
      }
    }

    // Step 3: issue the policy.
    if (!isUuid(quoteId)) throw new Response("Cotización no encontrada", { status: 404, statusText: "Not Found" });
    const value = form.parse(StaffCheckoutFormSchema, { hideFields: [...CARD_SECRET_FIELDS] });
    try {
      const policy = await api.post("/admin/policies", { body: { quoteId, email: value.email, ...checkoutBody(value) }, schema: PolicySchema });
      return redirectWithToast(`/admin/policies/${policy.id}`, {
        type: "success",
        title: "Póliza emitida",
        description: `La póliza ${policy.number} cubre desde el ${formatDate(policy.startDate)}.${policy.policyholder.email ? ` Se han enviado los documentos a ${policy.policyholder.email}.` : ""}`,
      });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 404) throw error;
      if (error.status === 402) form.fail({ fieldErrors: { [value.method === "card" ? "cardNumber" : "iban"]: [error.body.error] } });
      if (error.status === 409 && CLOSED_MESSAGES.has(error.body.error)) form.fail({ formErrors: [error.body.error] });
      const fieldErrors = formErrorsFromApi(error.body.fieldErrors, value.method, { sameAsHolder: value.riskSameAsHolder });
      const formErrors = [...(fieldErrors[""] ?? [])];
      delete fieldErrors[""];
      if (Object.keys(fieldErrors).length === 0 && formErrors.length === 0) formErrors.push(error.body.error);
      form.fail({ fieldErrors, formErrors });
    }
  });

const STEPS = ["Cliente y riesgo", "Plan y forma de pago", "Datos, pago y consentimientos"] as const;

export default function NewPolicyPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <div className="max-w-3xl">
      <BackLink to="/admin/policies">Pólizas</BackLink>
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Nueva póliza por teléfono</h1>
      <p className="mt-1 text-slate-700">
        Mismo precio y mismas condiciones que en la web. La póliza queda registrada como vendida por teléfono, con tu usuario.
      </p>
      <ol className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm" aria-label="Pasos">
        {STEPS.map((label, index) => (
          <li
            key={label}
            aria-current={data.step === index + 1 ? "step" : undefined}
            className={data.step === index + 1 ? "font-bold text-brand-800" : "text-slate-600"}
          >
            {index + 1}. {label}
          </li>
        ))}
      </ol>
      <ChosenClient data={data} />
      {data.step === 1 ? <ClientAndRisk data={data} lastResult={lastResult} /> : null}
      {data.step === 2 ? <PlanChooser data={data} /> : null}
      {data.step === 3 ? (
        <section aria-labelledby="paso-3" className="mt-8">
          <h2 id="paso-3" className="text-xl font-bold" {...focusTarget(`paso-3:${data.offer.quote.id}`)}>
            3. {STEPS[2]}
          </h2>
          <p className="mt-2">
            <Link to={data.back} className="underline">
              Cambiar de plan o de forma de pago
            </Link>
          </p>
          <CheckoutForm data={data.offer} site={undefined} lastResult={lastResult} variant="staff" holder={data.holder} />
        </section>
      ) : null}
    </div>
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function ChosenClient({ data }: { data: LoaderData }) {
  if (!data.client) return null;
  const { client } = data;
  return (
    // In step 1 the client chosen is the result of "Elegir": focus lands here.
    <section
      aria-label="Cliente elegido"
      className="mt-6 rounded-md border border-slate-300 bg-slate-50 p-4"
      {...(data.step === 1 ? focusTarget(`paso-1:cliente-${client.id}`) : {})}
    >
      <p>
        Cliente: <strong>{client.name}</strong>
        {client.nif ? ` · ${client.nif}` : ""}
        {client.email ? ` · ${client.email}` : ""}
      </p>
      {data.step === 1 ? (
        <p className="mt-1">
          <Link to={stepHref({ [LINE_PARAM]: data.line })} className="underline">
            Elegir otro cliente o uno nuevo
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function ClientAndRisk({ data, lastResult }: { data: Extract<LoaderData, { step: 1 }>; lastResult: SubmissionResult<string[]> | undefined }) {
  const clientParam = data.client?.id;
  return (
    <>
      {!data.client ? (
        <section aria-labelledby="cliente" className="mt-8">
          <h2 id="cliente" className="text-xl font-bold" {...focusTarget("paso-1")}>
            Cliente
          </h2>
          {data.canReadClients ? (
            <>
              <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
                {data.line ? <input type="hidden" name={LINE_PARAM} value={data.line} /> : null}
                <div>
                  <label htmlFor="buscar-cliente" className="block font-medium">
                    Buscar un cliente
                  </label>
                  <p id="buscar-cliente-pista" className="text-sm text-slate-600">
                    Por NIF/NIE, nombre o correo electrónico
                  </p>
                  <input
                    id="buscar-cliente"
                    name={SEARCH_PARAM}
                    type="search"
                    defaultValue={data.q}
                    aria-describedby="buscar-cliente-pista"
                    className="mt-1 block min-h-[44px] w-full rounded-md border-2 border-slate-600 bg-white px-3 py-2 text-base sm:w-80"
                  />
                </div>
                <button type="submit" className="btn-secondary">
                  Buscar
                </button>
              </Form>
              {/* Always in the page, so that the count of each search is announced (as the lists' count);
                  focus stays on the search button. */}
              <p className="mt-4 text-slate-700" aria-live="polite">
                {data.matches
                  ? data.matches.total === 0
                    ? `Ningún cliente coincide con «${data.q}». Si es un cliente nuevo, elige el seguro y sigue: sus datos se piden en el paso 3.`
                    : `${countSentence({ ...data.matches, itemsLabel: "clientes" })} que coinciden con «${data.q}».`
                  : null}
              </p>
              {data.matches ? (
                data.matches.items.length === 0 ? null : (
                  <ul aria-label="Clientes encontrados" className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-300">
                    {data.matches.items.map((match) => (
                      <li key={match.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                        <span>
                          <strong>{match.name}</strong>
                          {`${match.nif ? ` · ${match.nif}` : ""}${match.email ? ` · ${match.email}` : ""}`}
                        </span>
                        <Link
                          to={stepHref({ [CLIENT_PARAM]: match.id, [LINE_PARAM]: data.line })}
                          className="btn-secondary"
                          aria-label={`Elegir a ${match.name}`}
                        >
                          Elegir
                        </Link>
                      </li>
                    ))}
                  </ul>
                )
              ) : null}
            </>
          ) : null}
          <p className="mt-3 text-slate-700">
            ¿Cliente nuevo? No hace falta buscarlo: sus datos se piden en el paso 3 y, si su NIF/NIE ya figura, se actualiza su ficha.
          </p>
        </section>
      ) : null}

      <section aria-labelledby="riesgo" className="mt-8">
        <h2 id="riesgo" className="text-xl font-bold">
          Seguro
        </h2>
        <ul className="mt-3 flex flex-wrap gap-3">
          {LINE_OPTIONS.map((option) => (
            <li key={option.code}>
              <Link
                to={stepHref({ [CLIENT_PARAM]: clientParam, [LINE_PARAM]: option.code })}
                aria-current={option.code === data.line ? "true" : undefined}
                className={option.code === data.line ? "btn-primary" : "btn-secondary"}
              >
                {option.label}
              </Link>
            </li>
          ))}
        </ul>
        {data.line && data.constraint ? (
          <RiskForm
            key={`${data.line}:${clientParam ?? ""}`}
            line={data.line}
            defaultValue={data.prefill}
            constraint={data.constraint}
            lastResult={lastResult}
          />
        ) : (
          <p className="mt-4 text-slate-700">Elige el seguro para ver sus preguntas.</p>
        )}
      </section>
    </>
  );
}

function RiskForm({
  line,
  ...form
}: {
  line: QuoteLine;
  defaultValue: Record<string, string>;
  constraint: QuoteFormConstraint;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  return (
    <div className="mt-4">
      <h3 className="text-lg font-semibold">{lineOption(line).heading}</h3>
      <QuoteLineForm line={line} {...form} honeypot={false} submitLabel="Calcular precio" />
    </div>
  );
}

function PlanChooser({ data }: { data: Extract<LoaderData, { step: 2 }> }) {
  const { quote } = data;
  return (
    <section aria-labelledby="paso-2" className="mt-8">
      <h2 id="paso-2" className="text-xl font-bold" {...focusTarget(`paso-2:${quote.id}`)}>
        2. {STEPS[1]}
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
