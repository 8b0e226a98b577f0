import type { SubmissionResult } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { retryAfterHeaders } from "~/lib/retry-after";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import type { Line as QuoteLine } from "../../api/contract/vocabulary";
import { QuoteLineForm } from "~/components/quote/quote-line-form";
import { UnsavedChangesGuard } from "~/components/unsaved-changes";
import { formErrorsFromBody } from "~/lib/api-errors.server";
import { ApiError, apiClient } from "~/lib/api.server";
import { rememberQuoteOwner } from "~/lib/quote-owner.server";
import { CreatedQuoteSchema } from "~/lib/contract.server";
import { parseQuoteForm, QUOTE_FORM_CONSTRAINTS, type QuoteFormConstraint } from "~/lib/quote-form.server";
import { FIELD_NAMES, LINE_FIELD, LINE_OPTIONS, LINE_PARAM, lineOption, parseLine, prefillFromSearch, typedValues } from "~/lib/quote-form";
import { siteTitle } from "~/lib/page-title";
import { visitorAction, visitorLoader } from "~/lib/visitor-route.server";

export const meta: MetaFunction = ({ matches }) => [
  { title: siteTitle("Calcular precio", matches) },
  {
    name: "description",
    content: "Calcule el precio de su seguro de coche, de hogar o de impago del alquiler en un par de minutos y compare los planes.",
  },
];

export const loader = (args: LoaderFunctionArgs) =>
  visitorLoader(args, async ({ url }) => {
    const line = parseLine(url.searchParams.get(LINE_PARAM));
    // "Volver a cotizar" (/results) links here with the previous inputs in the URL.
    return {
      line,
      defaultValue: line ? prefillFromSearch(line, url.searchParams) : {},
      constraint: line ? QUOTE_FORM_CONSTRAINTS[line] : null,
    };
  });

/** A failed submission answered with every value as the person typed it ("12.000", not "12000"). */
function keepTyped(result: SubmissionResult<string[]>, formData: FormData): SubmissionResult<string[]> {
  return { ...result, initialValue: typedValues(formData) };
}

/** A 429 (too many attempts from this address) keeps the API's Retry-After. */
export const headers = retryAfterHeaders();

export const action = (args: ActionFunctionArgs) =>
  visitorAction(args, async ({ request, context, form, getVisitor }) => {
    const line = parseLine(form.formData.get(LINE_FIELD));
    // The line travels in a hidden field the page always renders: without it the POST was not ours.
    if (!line) throw new Response("Seguro no válido", { status: 400, statusText: "Bad Request" });
    // A filled-in bot trap: the same form, every value kept, and a plain message (never an error page).
    const inputs = form.check(parseQuoteForm(line, form.formData), {
      honeypot: true,
      wrap: (result) => keepTyped(result, form.formData),
      // 400: the API's field errors; 422: a risk it will not insure (the reason on monthlyRent);
      // 429: too many quotes from this address, the message above the form, the values kept.
      refusal: (error) =>
        error instanceof ApiError ? { ...formErrorsFromBody(error.body, FIELD_NAMES[line]), status: error.status === 422 ? 422 : 400 } : null,
    });
    const visitor = await getVisitor();
    const quote = await apiClient(context, request, visitor?.token).post("/quotes", { body: { line, inputs }, schema: CreatedQuoteSchema });
    // Made without an account: this browser keeps the proof that the quote is its own.
    const headers = new Headers();
    if (quote.ownerToken) headers.append("Set-Cookie", await rememberQuoteOwner(request, context, quote.id, quote.ownerToken));
    return redirect(`/results?cotizacion=${encodeURIComponent(quote.id)}`, { headers });
  });

export default function CotizarPage() {
  const { line, defaultValue, constraint } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-10 sm:py-14">
      <div className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Calcular precio</h1>
        <p className="mt-3 text-lg text-slate-700">
          Responda unas preguntas y verá al momento el precio de cada plan. Calcular el precio no le obliga a contratar.
        </p>
        <LineChooser current={line} />
        {line && constraint ? (
          <LineQuote key={`${line}:${JSON.stringify(defaultValue)}`} line={line} defaultValue={defaultValue} constraint={constraint} />
        ) : (
          <p className="mt-6 text-slate-700">Elija el seguro que desea y le preguntaremos solo lo necesario para calcular su precio.</p>
        )}
      </div>
    </div>
  );
}

/** The line is chosen with plain links (/cotizar?linea=…): no JavaScript needed. */
function LineChooser({ current }: { current: QuoteLine | null }) {
  return (
    <section aria-labelledby="elegir-seguro" className="mt-8">
      <h2 id="elegir-seguro" className="text-xl font-bold text-slate-900">
        ¿Qué quiere asegurar?
      </h2>
      <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
        {LINE_OPTIONS.map((option) => {
          const selected = option.code === current;
          return (
            <li key={option.code}>
              <Link
                to={`/cotizar?${LINE_PARAM}=${option.code}`}
                aria-current={selected ? "true" : undefined}
                className={`flex min-h-[56px] items-center justify-between gap-2 rounded-md border-2 px-4 py-3 text-lg font-semibold no-underline hover:no-underline ${
                  selected ? "border-brand-700 bg-brand-50 text-brand-800" : "border-slate-400 bg-white text-slate-900 hover:border-brand-700"
                }`}
              >
                <span>{option.label}</span>
                {selected ? (
                  <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="h-6 w-6" fill="none">
                    <path d="m5 12.5 4.5 4.5L19 7.5" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** One line's form, with the unsaved-changes flag: it rises on the first edit and never asks on submit. */
function LineQuote({ line, defaultValue, constraint }: { line: QuoteLine; defaultValue: Record<string, string>; constraint: QuoteFormConstraint }) {
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const navigation = useNavigation();
  const [dirty, setDirty] = useState(false);
  return (
    <section aria-labelledby="datos-titulo" className="mt-10">
      {/* While the form is being sent (or the next page loads) there is nothing to lose. */}
      <UnsavedChangesGuard when={dirty && navigation.state === "idle"} />
      <h2 id="datos-titulo" className="text-2xl font-bold tracking-tight text-slate-900">
        {lineOption(line).heading}
      </h2>
      <QuoteLineForm
        line={line}
        defaultValue={defaultValue}
        constraint={constraint}
        lastResult={lastResult}
        onEdit={() => setDirty(true)}
        footer={
          // prettier-ignore
          <p className="mt-8 text-slate-600">
            Usaremos estos datos solo para calcular su precio. Más información en la <Link to="/politica-de-privacidad" className="underline">
              política de privacidad
            </Link>
            .
          </p>
        }
      />
    </section>
  );
}
