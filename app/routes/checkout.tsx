import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { retryAfterHeaders } from "~/lib/retry-after";
import { useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import {
  checkoutBody,
  CheckoutFormSchema,
  formErrorsFromApi,
  isUuid,
  LastPolicyholderSchema,
  PolicySchema,
  PriceChoiceAnswerSchema,
  QUOTE_ALREADY_CONTRACTED_MESSAGE,
  QUOTE_DISCARDED_MESSAGE,
  QUOTE_EXPIRED_MESSAGE,
  QuoteSchema,
} from "~/lib/contract.server";
import { CARD_SECRET_FIELDS } from "../../api/contract/checkout-fields";
import { CheckoutForm, type HolderDefaults } from "~/components/checkout/checkout-form";
import { ClosedCheckout } from "~/components/checkout/closed-checkout";
import { refusalInit } from "~/lib/api-errors.server";
import { ApiError, apiClient } from "~/lib/api.server";
import { requireVisitor } from "~/lib/auth.server";
import { validateCsrf } from "~/lib/csrf.server";
import { readFormData } from "~/lib/form-data.server";
import { parseForm } from "~/lib/parse-form.server";
import { notFound, privateHeaders, invariantResponse } from "~/lib/http";
import { siteTitle } from "~/lib/page-title";
import { checkoutSearch, EXTRAS_PARAM, extrasOfPlan, FREQUENCY_PARAM, parseFrequency, PLAN_PARAM, QUOTE_PARAM } from "~/lib/plan-choice";
import { lineOption, requoteHref } from "~/lib/quote-form";
import { quoteApi, quoteOwnerToken, QUOTE_NOT_FOUND } from "~/lib/quote-owner.server";
import type { loader as rootLoader } from "~/root";
import { markSubmissionFailed } from "~/lib/failed-submission";

export const meta: MetaFunction = ({ matches }) => [{ title: siteTitle("Contratar", matches) }, { name: "robots", content: "noindex" }];

/** Private; a 429 (too many checkouts from this address) keeps the API's Retry-After. */
export const headers = retryAfterHeaders({ "Cache-Control": "private, no-store" });

/** The signed-in visitor and an API client that can read this quote (bearer + owner token if kept). */
async function quoteAccess(request: Request, context: LoaderFunctionArgs["context"], id: string) {
  const visitor = await requireVisitor(request, context);
  const ownerToken = await quoteOwnerToken(request, context, id);
  return { visitor, api: quoteApi(context, request, { token: visitor.token, ownerToken }) };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // A plan card's button (formaction /checkout): on to the same choice as `plan={code}`.
  const canonical = checkoutSearch(url.searchParams);
  if (canonical && canonical.toString() !== url.searchParams.toString()) throw redirect(`/checkout?${canonical.toString()}`);
  const id = url.searchParams.get(QUOTE_PARAM) ?? "";
  const plan = url.searchParams.get(PLAN_PARAM) ?? "";
  // Not signed in: requireVisitor sends the visitor to /login?redirectTo=<this URL>.
  const { visitor, api } = await quoteAccess(request, context, id);
  if (!isUuid(id) || !plan) throw notFound("Cotización no encontrada");
  const frequency = parseFrequency(url.searchParams.get(FREQUENCY_PARAM));
  const extras = extrasOfPlan(url.searchParams.getAll(EXTRAS_PARAM), plan);

  const quote = await api.get(`/quotes/${id}`, { schema: QuoteSchema, otherwise: QUOTE_NOT_FOUND });
  invariantResponse(quote, "Cotización no encontrada");
  const planInfo = quote.plans.find((p) => p.code === plan);
  if (!planInfo) throw notFound("Cotización no encontrada");
  const requote = requoteHref(quote.line, quote.inputs as Record<string, unknown>);
  const base = {
    holder: {} as HolderDefaults,
    quote: {
      id: quote.id,
      line: quote.line,
      status: quote.status,
      validUntil: quote.validUntil,
      // The dwelling's postal code is the quote's (the price depends on it).
      postalCode: typeof quote.inputs.postalCode === "string" ? quote.inputs.postalCode : "",
    },
    requoteHref: requote,
    plan: { code: planInfo.code, name: planInfo.name, deductibleCents: planInfo.deductibleCents },
    extras,
    extraNames: planInfo.optionalGuarantees.filter((g) => extras.includes(g.code)).map((g) => g.name),
    frequency,
    // Generated once per page view; the form keeps it across failed submissions (one policy per click).
    idempotencyKey: crypto.randomUUID(),
    ipidHref: `/api/documents/ipid/${quote.line}`,
  };
  const responseHeaders = privateHeaders(visitor.headers);
  // A returning customer: the policyholder of their last policy, to edit if anything changed.
  base.holder = await lastPolicyholder(context, request, visitor.token);

  if (quote.status !== "cotizada")
    return json({ ...base, closed: closedMessage(quote.status), prices: null, startDates: null, insurer: null }, { headers: responseHeaders });
  try {
    const answer = await api.post(`/quotes/${id}/price`, {
      body: { plan, optionalGuarantees: extras, frequency },
      schema: PriceChoiceAnswerSchema,
    });
    // The start dates the API's clock allows today; the default (tomorrow) is the one the prices were dated from.
    const startDates = { ...answer.startDates, default: answer.startDate };
    return json(
      { ...base, extras: answer.optionalGuarantees, closed: null, prices: answer.prices, startDates, insurer: answer.insurer },
      { headers: responseHeaders },
    );
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 409)
      return json({ ...base, closed: error.body.error, prices: null, startDates: null, insurer: null }, { headers: responseHeaders });
    throw notFound("Cotización no encontrada");
  }
}

/** The policyholder fields of the customer's last policy (never payment data); empty for a first purchase. */
async function lastPolicyholder(context: LoaderFunctionArgs["context"], request: Request, token: string): Promise<HolderDefaults> {
  try {
    const { policyholder } = await apiClient(context, request, token).get("/me/policyholder", { schema: LastPolicyholderSchema });
    if (!policyholder) return {};
    return Object.fromEntries(
      Object.entries(policyholder).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== ""),
    );
  } catch (error) {
    // Not worth failing the purchase: the customer types them as the first time.
    if (error instanceof ApiError) return {};
    throw error;
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
  const formData = await readFormData(request, context);
  await validateCsrf(request, context, formData);
  const id = url.searchParams.get(QUOTE_PARAM) ?? "";
  const { visitor, api } = await quoteAccess(request, context, id);
  if (!isUuid(id)) throw notFound("Cotización no encontrada");

  const submission = parseForm(formData, CheckoutFormSchema);
  if (submission.status !== "success") {
    markSubmissionFailed(context);
    return json<ActionAnswer>({ result: submission.reply({ hideFields: [...CARD_SECRET_FIELDS] }), closed: null }, { status: 400 });
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
    const hideFields = [...CARD_SECRET_FIELDS];
    if (error.status === 402) {
      // Declined: the message where the fix is (the card number, or the IBAN for a direct debit).
      const field = method === "card" ? "cardNumber" : "iban";
      return json<ActionAnswer>(
        { result: submission.reply({ fieldErrors: { [field]: [error.body.error] }, hideFields }), closed: null },
        { status: 402 },
      );
    }
    if (error.status === 409 && CLOSED_MESSAGES.has(error.body.error)) {
      const closed = { message: error.body.error, contracted: error.body.error === QUOTE_ALREADY_CONTRACTED_MESSAGE };
      return json<ActionAnswer>({ result: submission.reply({ formErrors: [error.body.error], hideFields }), closed }, { status: 409 });
    }
    // Other 409s (a NIF of another account, an idempotency key used elsewhere) and 400: field
    // errors; a 429 (too many checkouts from this address): its message above the form.
    const fieldErrors = formErrorsFromApi(error.body.fieldErrors, method, { sameAsHolder: submission.value.riskSameAsHolder });
    const formErrors = [...(fieldErrors[""] ?? [])];
    delete fieldErrors[""];
    if (Object.keys(fieldErrors).length === 0 && formErrors.length === 0) formErrors.push(error.body.error);
    return json<ActionAnswer>(
      { result: submission.reply({ fieldErrors, formErrors, hideFields }), closed: null },
      refusalInit(error, error.status === 409 ? 409 : 400),
    );
  }
}

export default function CheckoutPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const line = lineOption(data.quote.line);
  const closed = actionData?.closed ?? null;
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <div className="container-page py-10 sm:py-14">
      <div className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Contratar su seguro</h1>
        <p className="mt-3 text-lg text-slate-700">
          {line.name}: plan {data.plan.name}
        </p>
        {data.closed || closed || !data.prices || !data.startDates ? (
          <ClosedCheckout
            message={closed?.message ?? data.closed ?? ""}
            requoteHref={data.requoteHref}
            contracted={closed?.contracted ?? data.quote.status === "contratada"}
          />
        ) : (
          <CheckoutForm
            data={{ ...data, prices: data.prices, startDates: data.startDates }}
            site={root?.site}
            lastResult={actionData?.result}
            holder={data.holder}
          />
        )}
      </div>
    </div>
  );
}
