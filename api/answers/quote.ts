// A stored quote as the API answers it (the visitor's GET /quotes/{id} and staff's phone sale).
import type { Quote } from "../contract/quotes";
import type { StoredQuote } from "../db/quotes.repo";

export function quoteAnswer(quote: StoredQuote): Quote {
  return {
    id: quote.id,
    line: quote.line,
    status: quote.status,
    validUntil: quote.validUntil.toISOString(),
    createdAt: quote.createdAt.toISOString(),
    inputs: quote.inputs as Quote["inputs"],
    plans: quote.plans,
  };
}
