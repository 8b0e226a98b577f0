// The price of a plan chosen from a quote's offer, as the API answers it (the visitor's checkout
// and staff's phone sale).
import { QUOTE_DISCARDED_MESSAGE, QUOTE_EXPIRED_MESSAGE, type PriceChoiceAnswer, type PriceChoiceBody } from "../contract/checkout";
import type { Database } from "../db/client";
import { readInsurer } from "../db/document-context.repo";
import type { StoredQuote } from "../db/quotes.repo";
import { startDateRange } from "../domain/calendar";
import { ApiProblem } from "../http";
import { chooseFromOffer, chosenStartDate, priceChoice } from "../services/checkout-quote";

/** POST /quotes/{id}/price's answer for a quote the caller may use (also staff's, by phone). */
export async function priceAnswer(db: Database, quote: StoredQuote, body: PriceChoiceBody, at: Date): Promise<PriceChoiceAnswer> {
  if (quote.status === "caducada") throw new ApiProblem(409, QUOTE_EXPIRED_MESSAGE);
  if (quote.status === "descartada") throw new ApiProblem(409, QUOTE_DISCARDED_MESSAGE);
  const { plan, optional } = chooseFromOffer(quote, body.plan, body.optionalGuarantees);
  const startDate = chosenStartDate(body.startDate, at);
  const prices = await priceChoice(db, quote, plan, optional, startDate, at);
  const insurer = await readInsurer(db, quote.line, at);
  return {
    plan: plan.code,
    optionalGuarantees: optional,
    frequency: body.frequency,
    startDate,
    startDates: startDateRange(at),
    price: prices[body.frequency],
    prices,
    insurer,
  };
}
