import { getFormProps, getInputProps, useForm, type FieldMetadata, type Submission, type SubmissionResult } from "@conform-to/react";
import { notFound } from "~/lib/http";
import { UUID } from "~/lib/ids";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import {
  PriceChoiceAnswerSchema,
  QUOTE_ALREADY_CONTRACTED_MESSAGE,
  QUOTE_DISCARDED_MESSAGE,
  QUOTE_EXPIRED_MESSAGE,
} from "../../api/contract/checkout";
import { FREQUENCY_LABELS, PolicySchema } from "../../api/contract/policies";
import { FREQUENCIES, QuoteSchema } from "../../api/contract/quotes";
import { CheckboxField, Field, FieldErrors } from "~/components/ui/field";
import { ErrorSummary, markSubmissionFailed } from "~/components/ui/error-summary";
import { SubmitButton } from "~/components/ui/submit-button";
import { ApiError } from "~/lib/api.server";
import { requireVisitor } from "~/lib/auth.server";
import { validateCsrf } from "~/lib/csrf.server";
import { formatDate, formatMoney } from "~/lib/format";
import { quoteApi, quoteOwnerToken } from "~/lib/quote-owner.server";
import type { loader as rootLoader } from "~/root";
import {
  checkoutBody,
  CheckoutFormSchema,
  formErrorsFromApi,
  SECRET_FIELDS,
  type CheckoutFormShape,
} from "./__checkout.form";
import { lineOption, requoteHref } from "~/lib/quote-form";
import { EXTRAS_PARAM, FREQUENCY_PARAM, parseFrequency, QUOTE_PARAM, recibosSummary } from "~/lib/plan-choice";
import { siteTitle } from "~/lib/page-title";

export const meta: MetaFunction = ({ matches }) => [
  { title: siteTitle("Contratar", matches) },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });


/** The signed-in visitor and an API client that can read this quote (bearer + owner token if kept). */
async function quoteAccess(request: Request, context: LoaderFunctionArgs["context"], id: string) {
  const visitor = await requireVisitor(request, context);
  const ownerToken = await quoteOwnerToken(request, context, id);
  return { visitor, api: quoteApi(context, request, { token: visitor.token, ownerToken }) };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const id = url.searchParams.get(QUOTE_PARAM) ?? "";
  const plan = url.searchParams.get("plan") ?? "";
  // Not signed in: requireVisitor sends the visitor to /login?redirectTo=<this URL>.
  const { visitor, api } = await quoteAccess(request, context, id);
  if (!UUID.test(id) || !plan) throw notFound("Cotización no encontrada");
  const frequency = parseFrequency(url.searchParams.get(FREQUENCY_PARAM));
  const extras = url.searchParams.getAll(EXTRAS_PARAM);

  let quote;
  try {
    quote = await api.get(`/quotes/${id}`, { schema: QuoteSchema });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound("Cotización no encontrada");
    throw error;
  }
  const planInfo = quote.plans.find((p) => p.code === plan);
  if (!planInfo) throw notFound("Cotización no encontrada");
  const requote = requoteHref(quote.line, quote.inputs as Record<string, unknown>);
  const base = {
    quote: { id: quote.id, line: quote.line, status: quote.status, validUntil: quote.validUntil },
    requoteHref: requote,
    plan: { code: planInfo.code, name: planInfo.name, deductibleCents: planInfo.deductibleCents },
    extras,
    extraNames: planInfo.optionalGuarantees.filter((g) => extras.includes(g.code)).map((g) => g.name),
    frequency,
    // Generated once per page view; the form keeps it across failed submissions (one policy per click).
    idempotencyKey: crypto.randomUUID(),
    ipidHref: `/api/documents/ipid/${quote.line}`,
  };
  const responseHeaders = new Headers(visitor.headers);
  responseHeaders.set("Cache-Control", "private, no-store");

  if (quote.status !== "cotizada") return json({ ...base, closed: closedMessage(quote.status), prices: null }, { headers: responseHeaders });
  try {
    const answer = await api.post(`/quotes/${id}/price`, {
      body: { plan, optionalGuarantees: extras, frequency },
      schema: PriceChoiceAnswerSchema,
    });
    return json({ ...base, extras: answer.optionalGuarantees, closed: null, prices: answer.prices }, { headers: responseHeaders });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 409) return json({ ...base, closed: error.body.error, prices: null }, { headers: responseHeaders });
    throw notFound("Cotización no encontrada");
  }
}

function closedMessage(status: string): string {
  if (status === "contratada") return QUOTE_ALREADY_CONTRACTED_MESSAGE;
  if (status === "caducada") return QUOTE_EXPIRED_MESSAGE;
  return QUOTE_DISCARDED_MESSAGE;
}

/** `closed`: the quote can no longer be bought (expired, discarded or bought meanwhile). */
type ActionAnswer = { result: SubmissionResult<string[]>; closed: { message: string; contracted: boolean } | null };

const CLOSED_MESSAGES = new Set([QUOTE_EXPIRED_MESSAGE, QUOTE_DISCARDED_MESSAGE, QUOTE_ALREADY_CONTRACTED_MESSAGE]);

export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const formData = await request.formData();
  await validateCsrf(request, context, formData);
  const id = url.searchParams.get(QUOTE_PARAM) ?? "";
  const { visitor, api } = await quoteAccess(request, context, id);
  if (!UUID.test(id)) throw notFound("Cotización no encontrada");

  const submission = parseWithZod(formData, { schema: CheckoutFormSchema });
  if (submission.status !== "success") {
    markSubmissionFailed(context);
    return json<ActionAnswer>({ result: submission.reply({ hideFields: [...SECRET_FIELDS] }), closed: null }, { status: 400 });
  }
  const method = submission.value.method;
  try {
    const policy = await api.post(`/quotes/${id}/checkout`, { body: checkoutBody(submission.value), schema: PolicySchema });
    // 201 (new) and 200 (the same idempotency key again) both lead to the same policy.
    return redirect(`/cotizacion-confirmada?poliza=${policy.id}`, { headers: visitor.headers });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404) throw notFound("Cotización no encontrada");
    markSubmissionFailed(context);
    const hideFields = [...SECRET_FIELDS];
    if (error.status === 402) {
      // Declined: the message where the fix is (the card number, or the IBAN for a direct debit).
      const field = method === "card" ? "cardNumber" : "iban";
      return json<ActionAnswer>({ result: submission.reply({ fieldErrors: { [field]: [error.body.error] }, hideFields }), closed: null }, { status: 402 });
    }
    if (error.status === 409 && CLOSED_MESSAGES.has(error.body.error)) {
      const closed = { message: error.body.error, contracted: error.body.error === QUOTE_ALREADY_CONTRACTED_MESSAGE };
      return json<ActionAnswer>({ result: submission.reply({ formErrors: [error.body.error], hideFields }), closed }, { status: 409 });
    }
    // Other 409s (a NIF of another account, an idempotency key used elsewhere) and 400: field errors.
    const fieldErrors = formErrorsFromApi(error.body.fieldErrors, method);
    const formErrors = [...(fieldErrors[""] ?? [])];
    delete fieldErrors[""];
    if (Object.keys(fieldErrors).length === 0 && formErrors.length === 0) formErrors.push(error.body.error);
    return json<ActionAnswer>({ result: submission.reply({ fieldErrors, formErrors, hideFields }), closed: null }, { status: error.status === 409 ? 409 : 400 });
  }
}

export default function CheckoutPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const line = lineOption(data.quote.line);
  const closed = actionData?.closed ?? null;
  return (
    <div className="container-page py-10 sm:py-14">
      <div className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Contratar su seguro</h1>
        <p className="mt-3 text-lg text-slate-700">
          {line.name}: plan {data.plan.name}
        </p>
        {data.closed || closed || !data.prices ? (
          <Closed
            message={closed?.message ?? data.closed ?? ""}
            requoteHref={data.requoteHref}
            contracted={closed?.contracted ?? data.quote.status === "contratada"}
          />
        ) : (
          <CheckoutForm data={{ ...data, prices: data.prices }} lastResult={actionData?.result} />
        )}
      </div>
    </div>
  );
}

function Closed({ message, requoteHref, contracted }: { message: string; requoteHref: string; contracted: boolean }) {
  return (
    <section aria-labelledby="aviso-titulo" className="mt-8 rounded-md border-l-8 border-amber-500 bg-amber-50 p-4 sm:p-6">
      <h2 id="aviso-titulo" className="text-xl font-bold text-slate-900">
        {contracted ? "Ya ha contratado esta cotización" : "No se puede contratar esta cotización"}
      </h2>
      <p className="mt-2 text-slate-800">{message}</p>
      <p className="mt-4">
        {contracted ? (
          <Link to="/mi-poliza" className="btn-primary">
            Ir a Mi póliza
          </Link>
        ) : (
          <Link to={requoteHref} className="btn-primary">
            Volver a cotizar
          </Link>
        )}
      </p>
    </section>
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Prices = NonNullable<LoaderData["prices"]>;

function CheckoutForm({ data, lastResult }: { data: LoaderData & { prices: Prices }; lastResult: SubmissionResult<string[]> | undefined }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  // The key of this page view: kept across failed submissions (and their reloads of the loader).
  const submittedKey = lastResult?.initialValue?.idempotencyKey;
  const [idempotencyKey] = useState(typeof submittedKey === "string" && submittedKey ? submittedKey : data.idempotencyKey);
  const [form, fields] = useForm<CheckoutFormShape>({
    id: "checkout",
    lastResult,
    defaultValue: { plan: data.plan.code, frequency: data.frequency, method: "card", extras: data.extras },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // The schema is a union on the payment method; conform sees its flat set of fields.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CheckoutFormSchema }) as unknown as Submission<CheckoutFormShape>,
  });
  const hydrated = useHydrated();
  // Each answer of the server leaves card number and CVC empty, as the page without JavaScript does.
  useEffect(() => {
    if (!lastResult) return;
    const element = document.getElementById(form.id);
    if (!(element instanceof HTMLFormElement)) return;
    for (const name of SECRET_FIELDS) {
      const input = element.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [lastResult, form.id]);
  const method = fields.method.value === "sepa" ? "sepa" : "card";
  const frequency = (FREQUENCIES as readonly string[]).includes(fields.frequency.value ?? "") ? (fields.frequency.value as keyof Prices) : data.frequency;
  const price = data.prices[frequency];
  const site = root?.site;

  const summaryFields = [
    fields.name,
    fields.nif,
    fields.birthDate,
    fields.phone,
    fields.address,
    fields.postalCode,
    fields.city,
    fields.frequency,
    fields.method,
    fields.cardNumber,
    fields.expiry,
    fields.cvc,
    fields.cardHolder,
    fields.iban,
    fields.sepaHolder,
    fields.terms,
    fields.privacy,
    fields.ipid,
  ];

  return (
    <>
      <section aria-labelledby="resumen" className="mt-8 rounded-md border border-slate-300 bg-white p-4 sm:p-6">
        <h2 id="resumen" className="text-xl font-bold text-slate-900">
          Resumen
        </h2>
        <dl className="mt-3 space-y-2">
          <Row term="Plan">{data.plan.name}</Row>
          {data.extraNames.length > 0 ? <Row term="Garantías añadidas">{data.extraNames.join(", ")}</Row> : null}
          <Row term="Forma de pago">{FREQUENCY_LABELS[frequency]}</Row>
          <Row term="Precio total al año">
            <strong>{formatMoney(price.total)}</strong>
          </Row>
          <Row term="Recibos">{recibosSummary(price.recibos)}</Row>
          <Row term="Franquicia">{data.plan.deductibleCents > 0 ? formatMoney(data.plan.deductibleCents) : "Sin franquicia"}</Row>
          <Row term="Precio válido hasta">{formatDate(data.quote.validUntil)}</Row>
        </dl>
        <p className="mt-3">
          <a href={data.ipidHref}>Documento de información del producto (IPID), en PDF</a>
        </p>
      </section>

      <div className="mt-8">
        <ErrorSummary form={form} fields={summaryFields} />
      </div>
      <Form method="post" {...getFormProps(form)} className="mt-2">
        <AuthenticityTokenInput />
        <input type="hidden" name={QUOTE_PARAM} value={data.quote.id} />
        <input type="hidden" name="plan" value={data.plan.code} />
        {data.extras.map((code) => (
          <input key={code} type="hidden" name="extras" value={code} />
        ))}
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />

        <fieldset className="mt-6">
          <legend className="text-2xl font-bold text-slate-900">Datos del tomador</legend>
          <p className="mt-1 text-slate-600">La persona que contrata el seguro y paga los recibos.</p>
          <Field meta={fields.name} label="Nombre y apellidos" width="lg" inputProps={{ autoComplete: "name" }} />
          <Field meta={fields.nif} label="NIF o NIE" hint="Por ejemplo, 12345678Z" width="sm" inputProps={{ autoComplete: "off", spellCheck: false, autoCapitalize: "characters" }} />
          <Field meta={fields.birthDate} type="date" label="Fecha de nacimiento" width="sm" inputProps={{ autoComplete: "bday" }} />
          <Field meta={fields.phone} type="tel" label="Teléfono" hint="Por ejemplo, 600 123 456" width="sm" inputProps={{ autoComplete: "tel" }} />
          <Field meta={fields.address} label="Dirección" hint="Calle, número, piso y puerta" width="lg" inputProps={{ autoComplete: "street-address" }} />
          <Field meta={fields.postalCode} label="Código postal" width="xs" inputProps={{ autoComplete: "postal-code", inputMode: "numeric" }} />
          <Field meta={fields.city} label="Población" width="md" inputProps={{ autoComplete: "address-level2" }} />
        </fieldset>

        <RadioGroup
          meta={fields.frequency}
          legend="Forma de pago"
          options={FREQUENCIES.map((f) => ({
            value: f,
            label: `${FREQUENCY_LABELS[f]}: ${formatMoney(data.prices[f].total)} al año (${recibosSummary(data.prices[f].recibos)})`,
          }))}
        />

        <RadioGroup
          meta={fields.method}
          legend="Medio de pago"
          options={[
            { value: "card", label: "Tarjeta" },
            { value: "sepa", label: "Domiciliación SEPA" },
          ]}
        />
        {/* Without JavaScript both groups are shown and the radio above decides which one counts. */}
        <div>
          <fieldset className="mt-6 rounded-md border border-slate-300 p-4" data-method="card" hidden={hydrated && method !== "card"}>
            <legend className="px-1 text-lg font-bold text-slate-900">Pago con tarjeta</legend>
            <Field meta={fields.cardNumber} label="Número de la tarjeta" width="md" inputProps={{ autoComplete: "cc-number", inputMode: "numeric" }} />
            <Field meta={fields.expiry} label="Caducidad" hint="MM/AA, por ejemplo 08/29" width="xs" inputProps={{ autoComplete: "cc-exp" }} />
            <Field meta={fields.cvc} label="Código de seguridad (CVC)" hint="Las 3 o 4 cifras del dorso" width="xs" inputProps={{ autoComplete: "cc-csc", inputMode: "numeric" }} />
            <Field meta={fields.cardHolder} label="Titular de la tarjeta" width="lg" inputProps={{ autoComplete: "cc-name" }} />
          </fieldset>
          <fieldset className="mt-6 rounded-md border border-slate-300 p-4" data-method="sepa" hidden={hydrated && method !== "sepa"}>
            <legend className="px-1 text-lg font-bold text-slate-900">Domiciliación SEPA</legend>
            <Field meta={fields.iban} label="IBAN" hint="Por ejemplo, ES91 2100 0418 4502 0005 1332" width="lg" inputProps={{ autoComplete: "off", spellCheck: false }} />
            <Field meta={fields.sepaHolder} label="Titular de la cuenta" width="lg" inputProps={{ autoComplete: "name" }} />
          </fieldset>
        </div>

        <fieldset className="mt-8">
          <legend className="text-2xl font-bold text-slate-900">Consentimientos</legend>
          <CheckboxField
            meta={fields.terms}
            label={
              <>
                Acepto las <Link to="/terminos-y-condiciones">condiciones de contratación</Link>
              </>
            }
          />
          <CheckboxField
            meta={fields.privacy}
            label={
              <>
                Acepto la <Link to="/politica-de-privacidad">política de privacidad</Link>
              </>
            }
          />
          <CheckboxField
            meta={fields.ipid}
            label={
              <>
                He leído el <a href={data.ipidHref}>documento de información del producto (IPID)</a>
              </>
            }
          />
          <CheckboxField
            meta={fields.marketing}
            label="Deseo recibir comunicaciones comerciales de Cotiza (opcional)"
            hint="Puede retirar este consentimiento cuando quiera."
          />
        </fieldset>

        {site ? (
          <section aria-labelledby="distribuidor" className="mt-8 rounded-md bg-slate-50 p-4 text-slate-700">
            <h2 id="distribuidor" className="text-lg font-bold text-slate-900">
              Información del distribuidor
            </h2>
            <p className="mt-2">
              {site.distributorName} (NIF {site.distributorTaxId}), inscrito en el Registro de distribuidores de seguros de la DGSFP con la
              clave {site.registrationNumber}. {site.address}.
            </p>
            <p className="mt-2">
              Para presentar una queja o reclamación, escriba a <a href={`mailto:${site.complaintsEmail}`}>{site.complaintsEmail}</a>. Si no
              queda satisfecho, puede acudir al Servicio de Reclamaciones de la Dirección General de Seguros y Fondos de Pensiones.
            </p>
          </section>
        ) : null}

        <div className="mt-8">
          <SubmitButton pendingText="Contratando…" pending={submitting} disabled={submitting}>
            Contratar y pagar {formatMoney(price.recibos[0]?.amount ?? price.total)}
          </SubmitButton>
        </div>
      </Form>
    </>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4">
      <dt className="text-slate-700">{term}</dt>
      <dd className="text-right font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

function RadioGroup({
  meta,
  legend,
  options,
}: {
  meta: FieldMetadata<string>;
  legend: string;
  options: { value: string; label: string }[];
}) {
  const invalid = Boolean(meta.errors?.length);
  return (
    <fieldset className={`mt-8 ${invalid ? "border-l-4 border-red-700 pl-3" : ""}`} aria-describedby={invalid ? meta.errorId : undefined}>
      <legend className="text-2xl font-bold text-slate-900">{legend}</legend>
      <FieldErrors id={meta.errorId} errors={meta.errors} className="mt-1" />
      <div id={meta.id} className="mt-3 space-y-2">
        {options.map((option) => {
          const { key, ...props } = getInputProps(meta, { type: "radio", value: option.value });
          const id = `${meta.id}-${option.value}`;
          return (
            <div key={option.value} className="flex items-start gap-3">
              <input key={key} {...props} id={id} className="mt-1 h-6 w-6 shrink-0 accent-brand-700" />
              <label htmlFor={id} className="min-h-[32px] font-medium text-slate-900">
                {option.label}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
