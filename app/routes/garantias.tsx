import { getFormProps, type Submission, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { EndorsementSchema, type EndorsementPriceAnswer, type GuaranteeCatalogue, type GuaranteeOptions } from "../../api/contract/endorsements";
import type { PolicySummary } from "../../api/contract/policies";
import { FREQUENCY_LABELS, type Frequency } from "../../api/contract/vocabulary";
import { focusTarget } from "~/components/focus-on-navigation";
import { ErrorSummary } from "~/components/ui/error-summary";
import { CheckboxField, Field, FieldErrors } from "~/components/ui/field";
import { RadioGroup } from "~/components/ui/radio-group";
import { SubmitButton, useIsPending } from "~/components/ui/submit-button";
import { useValidateChanged, VALIDATION_TIMING } from "~/components/ui/form-checks";
import { refusalInit } from "~/lib/api-errors.server";
import { ApiError, apiClient } from "~/lib/api.server";
import { getVisitor, requireVisitor } from "~/lib/auth.server";
import { validateCsrf } from "~/lib/csrf.server";
import { CARD_SECRET_FIELDS } from "../../api/contract/checkout-fields";
import { documentPaths } from "~/lib/document-paths";
import { ENDORSEMENT_FORM_ID, endorsementBody, EndorsementFormSchema, formErrorsFromApi, type EndorsementFormShape } from "~/lib/endorsement-form";
import { policiesInForce, readGuaranteeCatalogue, readGuaranteeOptions } from "~/lib/endorsements.server";
import { readFormData } from "~/lib/form-data.server";
import { formatDate, formatMoney } from "../../api/contract/format";
import { parseForm } from "~/lib/parse-form.server";
import { formatTypedDate, parseTypedDate } from "~/lib/typed-date";
import { notFound, privateHeaders } from "~/lib/http";
import { siteTitle } from "~/lib/page-title";
import { markSubmissionFailed } from "~/lib/failed-submission";

/**
 * /garantias. A signed-in customer with a policy in force adds guarantees to it (a suplemento):
 * step 1 is a GET form (which guarantees, from what date) whose answer shows the price of the
 * choice for the days left; step 2 is the POST that accepts the updated IPID and pays (card now,
 * or a recibo through the policy's direct debit), then /garantia-confirmada. Both work without
 * JavaScript. Anyone else sees the guarantees of each line and in which plans they are included,
 * with links to get a quote and to sign in.
 */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  // "Error: " after a refused POST (matches) or when the GET form's answer shows a problem.
  { title: siteTitle(data?.mode === "customer" ? "Añadir garantías" : "Garantías", data?.mode === "customer" && data.problem ? true : matches) },
  ...(data?.mode === "customer" ? [{ name: "robots", content: "noindex" }] : []),
];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const POLICY_PARAM = "poliza";
const DATE_PARAM = "fecha";
const GUARANTEE_PARAM = "garantia";
/** "Ver el precio" with no guarantee ticked: what to do, beside the guarantees. */
const NO_GUARANTEE_CHOSEN_MESSAGE = "Marque al menos una garantía para ver su precio";

type PublicData = { mode: "public"; signedIn: boolean; catalogue: GuaranteeCatalogue };
type ChooseData = { mode: "choose"; policies: PolicySummary[] };
type CustomerData = {
  mode: "customer";
  policies: PolicySummary[];
  options: GuaranteeOptions;
  chosen: string[];
  problem: { field: "fecha" | "garantia"; message: string } | null;
  idempotencyKey: string;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const visitor = await getVisitor(request, context);
  const inForce = visitor ? await policiesInForce(request, context, visitor) : [];
  if (!visitor || inForce.length === 0) {
    const catalogue = await readGuaranteeCatalogue(request, context);
    // The catalogue is the same for everyone, but the page carries the session's cookies: never shared.
    const headers = privateHeaders(visitor?.headers);
    return json<PublicData | ChooseData | CustomerData>({ mode: "public", signedIn: !!visitor, catalogue }, { headers });
  }
  const headers = privateHeaders(visitor.headers);
  const url = new URL(request.url);
  const asked = url.searchParams.get(POLICY_PARAM) ?? (inForce.length === 1 ? String(inForce[0]!.id) : null);
  if (!asked) return json<PublicData | ChooseData | CustomerData>({ mode: "choose", policies: inForce }, { headers });
  if (!inForce.some((p) => String(p.id) === asked)) throw notFound("Póliza no encontrada");
  const chosen = url.searchParams.getAll(GUARANTEE_PARAM).filter(Boolean);
  // Typed as dd/mm/aaaa (ADR 020): the API takes ISO; anything else goes as typed, for the API to refuse.
  const typed = url.searchParams.get(DATE_PARAM)?.trim();
  const date = typed ? (parseTypedDate(typed) ?? typed) : undefined;
  const { options, problem: refused } = await readGuaranteeOptions(request, context, visitor, asked, { effectiveDate: date, guarantees: chosen });
  // The form always sends the date: with it and no guarantee, "Ver el precio" was pressed with nothing ticked.
  const nothingTicked = url.searchParams.has(DATE_PARAM) && chosen.length === 0 && options.options.length > 0;
  const problem = refused ?? (nothingTicked ? { field: "garantia" as const, message: NO_GUARANTEE_CHOSEN_MESSAGE } : null);
  return json<PublicData | ChooseData | CustomerData>(
    {
      mode: "customer",
      policies: inForce,
      options,
      chosen: problem?.field === "garantia" ? [] : chosen,
      problem,
      idempotencyKey: crypto.randomUUID(),
    },
    { headers },
  );
}

type ActionAnswer = { result: SubmissionResult<string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request, context);
  await validateCsrf(request, context, formData);
  const visitor = await requireVisitor(request, context);
  const submission = parseForm(formData, EndorsementFormSchema);
  if (submission.status !== "success") {
    markSubmissionFailed(context);
    return json<ActionAnswer>({ result: submission.reply({ hideFields: [...CARD_SECRET_FIELDS] }) }, { status: 400 });
  }
  const value = submission.value;
  try {
    const endorsement = await apiClient(context, request, visitor.token).post(`/me/policies/${value.poliza}/endorsements`, {
      body: endorsementBody(value),
      schema: EndorsementSchema,
    });
    // 201 (new) and 200 (the same form sent again) both lead to the same suplemento.
    return redirect(`/garantia-confirmada?suplemento=${endorsement.id}`, { headers: visitor.headers });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 404) throw notFound("Póliza no encontrada");
    markSubmissionFailed(context);
    const hideFields = [...CARD_SECRET_FIELDS];
    if (error.status === 402) {
      return json<ActionAnswer>({ result: submission.reply({ fieldErrors: { cardNumber: [error.body.error] }, hideFields }) }, { status: 402 });
    }
    const fieldErrors = formErrorsFromApi(error.body.fieldErrors);
    const formErrors = [...(fieldErrors[""] ?? [])];
    delete fieldErrors[""];
    if (Object.keys(fieldErrors).length === 0 && formErrors.length === 0) formErrors.push(error.body.error);
    return json<ActionAnswer>(
      { result: submission.reply({ fieldErrors, formErrors, hideFields }) },
      refusalInit(error, error.status === 409 ? 409 : 400),
    );
  }
}

export default function GuaranteesPage() {
  const data = useLoaderData<typeof loader>() as PublicData | ChooseData | CustomerData;
  return (
    <div className="container-page py-10 sm:py-14">
      <div className="max-w-4xl">
        {data.mode === "public" ? <PublicCatalogue data={data} /> : null}
        {data.mode === "choose" ? <ChoosePolicy policies={data.policies} /> : null}
        {data.mode === "customer" ? <AddGuarantees data={data} /> : null}
      </div>
    </div>
  );
}

// ─── Visitors: the catalogue ─────────────────────────────────────────────────────────────────

function PublicCatalogue({ data }: { data: PublicData }) {
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Garantías</h1>
      <p className="mt-3 text-lg text-slate-700">
        Cada garantía cubre un tipo de daño o de gasto. Unas vienen incluidas en el plan que elija y otras puede añadirlas con coste.
      </p>
      <div className="mt-6 rounded-md border border-slate-300 bg-slate-50 p-4">
        {data.signedIn ? (
          // prettier-ignore
          <p>
            No tiene ninguna póliza en vigor a la que añadir garantías. Puede <Link to="/mi-poliza" className="underline">
              ver sus pólizas en Mi póliza
            </Link> o calcular el precio de un
            seguro nuevo.
          </p>
        ) : (
          // prettier-ignore
          <p>
            ¿Ya tiene una póliza con nosotros? <Link to="/login?redirectTo=/garantias" className="underline">
              Inicie sesión para añadir garantías a su póliza
            </Link>.
          </p>
        )}
      </div>
      {data.catalogue.lines.map((line) => (
        <section key={line.code} aria-labelledby={`ramo-${line.code}`} className="mt-10">
          <h2 id={`ramo-${line.code}`} className="text-2xl font-bold text-slate-900">
            {line.name}
          </h2>
          <p className="mt-1 text-slate-700">{line.description}</p>
          <p className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
            <Link to={`/cotizar?linea=${line.code}`}>Calcular el precio de su {line.name.toLowerCase()}</Link>
            <a href={documentPaths.ipid(line.code)}>Documento de información del producto (IPID)</a>
          </p>
          {/* A table from 768 px (640, a 1280 px window at 200 %, is too narrow for its columns);
              below, a one-column table: each guarantee's row header says in two lines what the
              hidden columns say. Rows and cells keep their table display on every
              screen (only whole cells are hidden), so the table's meaning needs no ARIA roles: a
              browser that drops a table's semantics when its rows become blocks never sees one. */}
          <div className="mt-4">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Garantías de {line.name} por plan</caption>
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-2 pr-3">
                    Garantía
                  </th>
                  <CatalogueHeader>Límite</CatalogueHeader>
                  <CatalogueHeader>Franquicia</CatalogueHeader>
                  {line.plans.map((p) => (
                    <CatalogueHeader key={p.code}>{p.name}</CatalogueHeader>
                  ))}
                </tr>
              </thead>
              <tbody>
                {line.guarantees.map((g) => (
                  <tr key={g.code} className="border-b border-slate-200 align-top">
                    <th scope="row" className="py-3 font-normal md:py-2 md:pr-3">
                      <span className="font-semibold">{g.name}</span>
                      <span className="block text-slate-600">{g.description}</span>
                      {/* On a phone the columns below are hidden: what they say, in two lines. */}
                      <span className="mt-1 block md:hidden">{planSummary(g, line.plans)}</span>
                      <span className="block text-slate-600 md:hidden">
                        Límite: {g.limitText ?? "—"} · Franquicia: {g.deductibleCents > 0 ? formatMoney(g.deductibleCents) : "sin franquicia"}
                      </span>
                    </th>
                    <CatalogueCell>{g.limitText ?? "—"}</CatalogueCell>
                    <CatalogueCell>{g.deductibleCents > 0 ? formatMoney(g.deductibleCents) : "Sin franquicia"}</CatalogueCell>
                    {line.plans.map((p) => (
                      <CatalogueCell key={p.code}>
                        {g.includedIn.includes(p.code) ? "✓ Incluida" : g.optionalIn.includes(p.code) ? "Opcional" : "✕ No disponible"}
                      </CatalogueCell>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </>
  );
}

/** A column header of the catalogue's table shown from 640 px, as its cells. */
function CatalogueHeader({ children }: { children: React.ReactNode }) {
  return (
    <th scope="col" className="hidden py-2 pr-3 md:table-cell">
      {children}
    </th>
  );
}

/** One cell of the catalogue's table, from 768 px (a phone reads the row header's summary instead). */
function CatalogueCell({ children }: { children: React.ReactNode }) {
  return <td className="hidden md:table-cell md:py-2 md:pr-3">{children}</td>;
}

/** "Incluida en Todo riesgo. Opcional en Terceros." — the plan columns in one line. */
function planSummary(g: { includedIn: readonly string[]; optionalIn: readonly string[] }, plans: readonly { code: string; name: string }[]): string {
  const names = (codes: readonly string[]) =>
    plans
      .filter((p) => codes.includes(p.code))
      .map((p) => p.name)
      .join(", ");
  const parts = [g.includedIn.length ? `Incluida en ${names(g.includedIn)}.` : "", g.optionalIn.length ? `Opcional en ${names(g.optionalIn)}.` : ""];
  return parts.filter(Boolean).join(" ") || "No disponible en ningún plan.";
}

// ─── Customers: choose the policy ─────────────────────────────────────────────────────────────

function ChoosePolicy({ policies }: { policies: PolicySummary[] }) {
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Añadir garantías a su póliza</h1>
      <p className="mt-3 text-lg text-slate-700">¿A qué póliza quiere añadir garantías?</p>
      <PolicyLinks policies={policies} current={null} />
    </>
  );
}

function PolicyLinks({ policies, current }: { policies: PolicySummary[]; current: number | null }) {
  return (
    <nav aria-label="Sus pólizas en vigor" className="mt-4">
      <ul className="space-y-2">
        {policies.map((p) => (
          <li key={p.id}>
            {p.id === current ? (
              <span aria-current="page" className="font-semibold">
                {p.lineName}: plan {p.plan.name} ({p.number})
              </span>
            ) : (
              <Link to={`/garantias?${POLICY_PARAM}=${p.id}`}>
                {p.lineName}: plan {p.plan.name} ({p.number})
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

// ─── Customers: choose, read the price, pay ──────────────────────────────────────────────────

function Breakdown({ price, caption }: { price: EndorsementPriceAnswer; caption: string }) {
  const rows: Array<[string, number, string?]> = [
    ["Prima neta por los días que quedan", price.net],
    ["Recargo por fraccionamiento", price.fractionation, "El de la forma de pago de su póliza."],
    ["Consorcio de Compensación de Seguros", price.consorcio, "Ya va en los recibos de la anualidad: no se cobra otra vez."],
    ["Recargo CLEA", price.clea],
    ["IPS (impuesto sobre las primas de seguros)", price.ips],
  ];
  return (
    <table className="mt-2 w-full max-w-md text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <tbody>
        {rows.map(([label, amount, hint]) => (
          <tr key={label} className="border-b border-slate-200">
            <th scope="row" className="py-1 pr-3 font-normal">
              {label}
              {hint ? <span className="block text-xs text-slate-600">{hint}</span> : null}
            </th>
            <td className="py-1 text-right tabular-nums">{formatMoney(amount)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row" className="py-1 pr-3 font-semibold">
            Total
          </th>
          <td className="py-1 text-right font-semibold tabular-nums">{formatMoney(price.total)}</td>
        </tr>
      </tbody>
    </table>
  );
}

function AddGuarantees({ data }: { data: CustomerData }) {
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

          {selected ? <PayStep data={data} selection={selected} effectiveDate={options.effectiveDates.chosen} /> : null}
        </>
      )}
    </>
  );
}

function PayStep({
  data,
  selection,
  effectiveDate,
}: {
  data: CustomerData;
  selection: NonNullable<GuaranteeOptions["selection"]>;
  effectiveDate: string;
}) {
  const { options } = data;
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.result;
  const submitting = useIsPending();
  const hydrated = useHydrated();
  const submittedKey = lastResult?.initialValue?.idempotencyKey;
  const [idempotencyKey] = useState(typeof submittedKey === "string" && submittedKey ? submittedKey : data.idempotencyKey);
  const [form, fields] = useForm<EndorsementFormShape>({
    id: ENDORSEMENT_FORM_ID,
    lastResult,
    defaultValue: { method: "card" },
    ...VALIDATION_TIMING,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EndorsementFormSchema }) as unknown as Submission<EndorsementFormShape>,
  });
  useValidateChanged(form);
  useEffect(() => {
    if (!lastResult) return;
    const element = document.getElementById(form.id);
    if (!(element instanceof HTMLFormElement)) return;
    for (const name of CARD_SECRET_FIELDS) {
      const input = element.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = "";
    }
  }, [lastResult, form.id]);
  const names = options.options.filter((o) => selection.guarantees.includes(o.code)).map((o) => o.name);
  const mandate = options.payWith.includes("mandate");
  const method = mandate && fields.method.value === "mandate" ? "mandate" : "card";
  const frequency = options.policy.frequency as Frequency;

  return (
    <section aria-labelledby="resumen-titulo" className="mt-10">
      <h2
        id="resumen-titulo"
        className="text-2xl font-bold text-slate-900"
        {...focusTarget(`precio:${selection.guarantees.join(",")}:${effectiveDate}`)}
      >
        Resumen y pago
      </h2>
      {/* prettier-ignore */}
      <p className="mt-2 text-slate-700">
        Añade <strong>{names.join(", ")}</strong> a su póliza {options.policy.number} desde el <strong>{formatDate(effectiveDate)}</strong> hasta el vencimiento (
        {formatDate(options.policy.endDate)}). Se cobra en un solo recibo, aunque su póliza se pague de forma {FREQUENCY_LABELS[frequency]?.toLowerCase() ?? frequency}.
      </p>
      <Breakdown price={selection.price} caption="Desglose del suplemento" />

      <div className="mt-6">
        <ErrorSummary form={form} fields={[fields.ipid, fields.method, fields.cardNumber, fields.expiry, fields.cvc, fields.cardHolder]} />
      </div>
      <Form method="post" {...getFormProps(form)} className="mt-2">
        <AuthenticityTokenInput />
        <input type="hidden" name="poliza" value={options.policy.id} />
        {selection.guarantees.map((code) => (
          <input key={code} type="hidden" name="garantia" value={code} />
        ))}
        <input type="hidden" name="fecha" value={effectiveDate} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />

        {mandate ? (
          <RadioGroup
            meta={fields.method}
            legend="Cómo quiere pagar"
            options={[
              { value: "card", label: "Con tarjeta, ahora" },
              {
                value: "mandate",
                label: `Domiciliado en su cuenta${options.policy.payment?.label ? ` ${options.policy.payment.label}` : ""}, el ${formatDate(effectiveDate)}`,
              },
            ]}
          />
        ) : (
          <input type="hidden" name="method" value="card" />
        )}
        <fieldset className="mt-6 rounded-md border border-slate-300 p-4" hidden={hydrated && method !== "card"}>
          <legend className="px-1 text-lg font-bold text-slate-900">Pago con tarjeta</legend>
          <Field meta={fields.cardNumber} label="Número de la tarjeta" width="md" inputProps={{ autoComplete: "cc-number", inputMode: "numeric" }} />
          <Field meta={fields.expiry} label="Caducidad" hint="MM/AA, por ejemplo 08/29" width="xs" inputProps={{ autoComplete: "cc-exp" }} />
          <Field
            meta={fields.cvc}
            label="Código de seguridad (CVC)"
            hint="Las 3 o 4 cifras del dorso"
            width="xs"
            inputProps={{ autoComplete: "cc-csc", inputMode: "numeric" }}
          />
          <Field meta={fields.cardHolder} label="Titular de la tarjeta" width="lg" inputProps={{ autoComplete: "cc-name" }} />
        </fieldset>

        <CheckboxField
          meta={fields.ipid}
          label={
            // prettier-ignore
            <>
              He leído el <a href={documentPaths.ipid(options.policy.line)} className="underline">
                documento de información del producto (IPID) actualizado
              </a> y acepto añadir estas garantías
            </>
          }
        />
        <div className="mt-8">
          <SubmitButton pendingText="Añadiendo…" pending={submitting} disabled={submitting}>
            {method === "card"
              ? `Añadir y pagar ${formatMoney(selection.price.total)}`
              : `Añadir garantías (${formatMoney(selection.price.total)} domiciliados)`}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
