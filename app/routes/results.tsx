import { redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { PricedPlanAnswer } from "../../api/contract/quotes";
import { CALLBACK_SLOTS, type CallbackSlot } from "../../api/contract/vocabulary";
import {
  CallbackAnswerSchema,
  CallbackBodySchema,
  isUuid,
  QUOTE_ALREADY_CONTRACTED_MESSAGE,
  QUOTE_DISCARDED_MESSAGE,
  QuoteSchema,
} from "~/lib/contract.server";
import { CALLBACK_DONE_PARAM, CALLBACK_SECTION_ID, CallbackForm } from "~/components/quote/callback-form";
import { ClosedQuote } from "~/components/quote/closed-quote";
import { PlanPrices } from "~/components/quote/plan-prices";
import { ApiError } from "~/lib/api.server";
import { priceChoice } from "~/lib/checkout.server";
import { notFound, invariantResponse } from "~/lib/http";
import { siteTitle } from "~/lib/page-title";
import {
  checkoutSearch,
  EXTRAS_PARAM,
  FREQUENCY_PARAM,
  notIncluded,
  parseExtras,
  parseFrequency,
  QUOTE_PARAM,
  sameSelection,
} from "~/lib/plan-choice";
import { lineOption, requoteHref } from "~/lib/quote-form";
import { quoteApi, quoteOwnerToken, QUOTE_NOT_FOUND } from "~/lib/quote-owner.server";
import { visitorAction, visitorLoader, type VisitorLoaderArgs, type VisitorSession } from "~/lib/visitor-route.server";

export const meta: MetaFunction = () => [{ title: siteTitle("Sus precios") }, { name: "robots", content: "noindex" }];

// Prices for one person's data: never kept by a shared cache.
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

type Prices = PricedPlanAnswer["prices"];

/** The API as the person who may read quote `id` (signed in, or holding its owner token), else 404. */
async function quoteReader({ request, context, getVisitor }: Pick<VisitorLoaderArgs, "request" | "context"> & VisitorSession, id: string) {
  const visitor = await getVisitor();
  const ownerToken = await quoteOwnerToken(request, context, id);
  // Nobody to prove ownership: the API would answer 404 anyway.
  if (!visitor && !ownerToken) throw notFound("Cotización no encontrada");
  return { api: quoteApi(context, request, { token: visitor?.token, ownerToken }), visitor };
}

async function readQuote(route: VisitorLoaderArgs, id: string) {
  const { api, visitor } = await quoteReader(route, id);
  // Someone else's quote answers 404, like one that does not exist.
  const quote = await api.get(`/quotes/${id}`, { schema: QuoteSchema, otherwise: QUOTE_NOT_FOUND });
  invariantResponse(quote, "Cotización no encontrada");
  return { quote, api, visitor };
}

export const loader = (args: LoaderFunctionArgs) =>
  visitorLoader(
    args,
    async (route) => {
      const { url } = route;
      const id = url.searchParams.get(QUOTE_PARAM) ?? "";
      if (!isUuid(id)) throw notFound("Cotización no encontrada");
      // "Contratar este plan" from a browser that ignores the button's formaction (w3m, Lynx) submits
      // the form here: the same choice goes on to the checkout.
      const toCheckout = checkoutSearch(url.searchParams);
      if (toCheckout) throw redirect(`/checkout?${toCheckout.toString()}`);
      const { quote, api, visitor } = await readQuote(route, id);

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
            const answer = await priceChoice(api, quote.id, { plan: plan.code, optionalGuarantees: chosen[plan.code], frequency });
            return answer instanceof ApiError ? { plan: plan.code, error: answer } : { plan: plan.code, prices: answer.prices };
          }),
        );
        for (const answer of answers) {
          if (answer.prices) repriced.set(answer.plan, answer.prices);
          else if (answer.error.status === 409) {
            // Expired, bought or discarded between reading and pricing: the API's word wins.
            statusMessage = answer.error.body.error;
            status =
              statusMessage === QUOTE_ALREADY_CONTRACTED_MESSAGE
                ? "contratada"
                : statusMessage === QUOTE_DISCARDED_MESSAGE
                  ? "descartada"
                  : "caducada";
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
          basePremiumCents: plan.basePremiumCents,
          riskPremiumCents: plan.riskPremiumCents,
          guarantees: plan.guarantees,
          missing: notIncluded(plan, quote.plans),
          optionalGuarantees: plan.optionalGuarantees,
          explanation: plan.explanation,
          prices: prices ?? plan.prices,
          extras,
          priceError: priceErrors.get(plan.code) ?? null,
        };
      });

      return {
        quote: { id: quote.id, line: quote.line, status, validUntil: quote.validUntil },
        statusMessage,
        frequency,
        plans,
        requoteHref: requoteHref(quote.line, quote.inputs as Record<string, unknown>),
        ipidHref: `/api/documents/ipid/${quote.line}`,
        signedIn: Boolean(visitor),
        visitorName: visitor?.user.name ?? "",
        callbackDone: (CALLBACK_SLOTS as readonly string[]).includes(url.searchParams.get(CALLBACK_DONE_PARAM) ?? "")
          ? (url.searchParams.get(CALLBACK_DONE_PARAM) as CallbackSlot)
          : null,
      };
    },
    { private: true },
  );

// "Quiero que me llamen" (issue 23): the API records the request and its consent as a lead of
// the sales pipeline; the page comes back to its section, which now says when we will call.
export const action = (args: ActionFunctionArgs) =>
  visitorAction(args, async (route) => {
    const url = new URL(route.request.url);
    const id = url.searchParams.get(QUOTE_PARAM) ?? "";
    if (!isUuid(id)) throw notFound("Cotización no encontrada");
    const body = route.form.parse(CallbackBodySchema, { honeypot: true });
    const { api } = await quoteReader(route, id);
    const answer = await api.post(`/quotes/${id}/callback`, { body, schema: CallbackAnswerSchema, otherwise: QUOTE_NOT_FOUND });
    invariantResponse(answer, "Cotización no encontrada");
    url.searchParams.set(CALLBACK_DONE_PARAM, answer.slot);
    return redirect(`${url.pathname}?${url.searchParams.toString()}#${CALLBACK_SECTION_ID}`, 303);
  });

export default function ResultsPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { quote } = data;
  const line = lineOption(quote.line);

  return (
    // The header's container: the plan cards line up with the logo and the menu.
    <div className="container-page py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Sus precios</h1>
      <p className="mt-3 text-lg text-slate-700">{line.name}</p>
      {quote.status === "cotizada" ? (
        <>
          <PlanPrices quote={quote} plans={data.plans} frequency={data.frequency} ipidHref={data.ipidHref} requoteHref={data.requoteHref} />
          <CallbackForm done={data.callbackDone} defaultName={data.visitorName} lastResult={lastResult} />
        </>
      ) : (
        <ClosedQuote status={quote.status} validUntil={quote.validUntil} message={data.statusMessage} requoteHref={data.requoteHref} />
      )}
    </div>
  );
}
