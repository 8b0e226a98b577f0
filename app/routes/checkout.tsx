import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { retryAfterHeaders } from "~/lib/retry-after";
import { useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { SubmissionResult } from "@conform-to/react";
import { checkoutBody, CheckoutFormSchema, isUuid, PolicySchema, QUOTE_ALREADY_CONTRACTED_MESSAGE, QuoteSchema } from "~/lib/contract.server";
import { CARD_SECRET_FIELDS } from "../../api/contract/checkout-fields";
import { CheckoutForm, type HolderDefaults } from "~/components/checkout/checkout-form";
import { ClosedCheckout } from "~/components/checkout/closed-checkout";
import { checkoutRefusalErrors, CLOSED_QUOTE_MESSAGES, closedQuoteMessage } from "~/lib/checkout-refusal.server";
import { ApiError } from "~/lib/api.server";
import { lastPolicyholder, priceChoice } from "~/lib/checkout.server";
import { notFound, invariantResponse } from "~/lib/http";
import { siteTitle } from "~/lib/page-title";
import { checkoutSearch, EXTRAS_PARAM, extrasOfPlan, FREQUENCY_PARAM, parseFrequency, PLAN_PARAM, QUOTE_PARAM } from "~/lib/plan-choice";
import { lineOption, requoteHref } from "~/lib/quote-form";
import { quoteApi, quoteOwnerToken, QUOTE_NOT_FOUND } from "~/lib/quote-owner.server";
import type { loader as rootLoader } from "~/root";
import type { z } from "zod";
import { visitorAction, visitorLoader, type Refusal, type VisitorLoaderArgs } from "~/lib/visitor-route.server";

export const meta: MetaFunction = ({ matches }) => [{ title: siteTitle("Contratar", matches) }, { name: "robots", content: "noindex" }];

/** Private; a 429 (too many checkouts from this address) keeps the API's Retry-After. */
export const headers = retryAfterHeaders({ "Cache-Control": "private, no-store" });

/** The signed-in visitor and an API client that can read this quote (bearer + owner token if kept). */
async function quoteAccess({ request, context, requireVisitor }: Pick<VisitorLoaderArgs, "request" | "context" | "requireVisitor">, id: string) {
  const visitor = await requireVisitor();
  const ownerToken = await quoteOwnerToken(request, context, id);
  return { visitor, api: quoteApi(context, request, { token: visitor.token, ownerToken }) };
}

export const loader = (args: LoaderFunctionArgs) =>
  visitorLoader(
    args,
    async (route) => {
      const { request, context, url } = route;
      // A plan card's button (formaction /checkout): on to the same choice as `plan={code}`.
      const canonical = checkoutSearch(url.searchParams);
      if (canonical && canonical.toString() !== url.searchParams.toString()) throw redirect(`/checkout?${canonical.toString()}`);
      const id = url.searchParams.get(QUOTE_PARAM) ?? "";
      const plan = url.searchParams.get(PLAN_PARAM) ?? "";
      // Not signed in: requireVisitor sends the visitor to /login?redirectTo=<this URL>.
      const { visitor, api } = await quoteAccess(route, id);
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
      // A returning customer: the policyholder of their last policy, to edit if anything changed.
      base.holder = await lastPolicyholder(context, request, visitor.token);

      const closed = { prices: null, startDates: null, insurer: null };
      if (quote.status !== "cotizada") return { ...base, closed: closedQuoteMessage(quote.status), ...closed };
      const answer = await priceChoice(api, id, { plan, optionalGuarantees: extras, frequency });
      if (answer instanceof ApiError) {
        if (answer.status === 409) return { ...base, closed: answer.body.error, ...closed };
        throw notFound("Cotización no encontrada");
      }
      // The start dates the API's clock allows today; the default (tomorrow) is the one the prices were dated from.
      const startDates = { ...answer.startDates, default: answer.startDate };
      return { ...base, extras: answer.optionalGuarantees, closed: null, prices: answer.prices, startDates, insurer: answer.insurer };
    },
    { private: true },
  );

/** `closed`: the quote can no longer be bought (expired, discarded or bought meanwhile). */
type ActionAnswer = { result: SubmissionResult<string[]>; closed: { message: string; contracted: boolean } | null };

export const action = (args: ActionFunctionArgs) =>
  visitorAction(args, async (route) => {
    const id = new URL(route.request.url).searchParams.get(QUOTE_PARAM) ?? "";
    const { api } = await quoteAccess(route, id);
    if (!isUuid(id)) throw notFound("Cotización no encontrada");
    const value = route.form.parse(CheckoutFormSchema, {
      hideFields: CARD_SECRET_FIELDS,
      wrap: (result) => ({ result, closed: null }) satisfies ActionAnswer,
      refusal: checkoutRefusal,
    });
    const policy = await api.post(`/quotes/${id}/checkout`, { body: checkoutBody(value), schema: PolicySchema });
    // 201 (new) and 200 (the same idempotency key again) both lead to the same policy.
    return redirect(`/cotizacion-confirmada?poliza=${policy.id}`);
  });

/** How the API's refusal of a checkout is shown: where the fix is, or the quote closed. */
function checkoutRefusal(error: unknown, value: z.output<typeof CheckoutFormSchema>): Refusal | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 404) throw notFound("Cotización no encontrada");
  if (error.status === 402) {
    // Declined: the message where the fix is (the card number, or the IBAN for a direct debit).
    const field = value.method === "card" ? "cardNumber" : "iban";
    return { fieldErrors: { [field]: [error.body.error] }, status: 402 };
  }
  if (error.status === 409 && CLOSED_QUOTE_MESSAGES.has(error.body.error)) {
    const closed = { message: error.body.error, contracted: error.body.error === QUOTE_ALREADY_CONTRACTED_MESSAGE };
    return { formErrors: [error.body.error], status: 409, wrap: (result) => ({ result, closed }) satisfies ActionAnswer };
  }
  // Other 409s (a NIF of another account, an idempotency key used elsewhere) and 400: field
  // errors; a 429 (too many checkouts from this address): its message above the form.
  return { ...checkoutRefusalErrors(error.body, value.method, { sameAsHolder: value.riskSameAsHolder }), status: error.status === 409 ? 409 : 400 };
}

export default function CheckoutPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionAnswer | undefined;
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
