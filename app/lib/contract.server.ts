// The API contract's runtime values (zod schemas, id checks, messages) for the loaders and actions
// of public route modules. A route module that imports a zod module itself keeps it, and zod, in
// its page's browser bundle even when only the loader uses it: esbuild keeps modules with top-level
// calls. Through this `.server` module the browser build gets nothing (ADR 008). Components, which
// run in the browser, import the zod-free modules (vocabulary, quote-questions, api/domain) instead.
export { isUuid } from "../../api/contract/ids";
export { DEFAULT_PAGE_SIZE } from "../../api/contract/list-query";
export { LastPolicyholderSchema } from "../../api/contract/auth";
export {
  PriceChoiceAnswerSchema,
  QUOTE_ALREADY_CONTRACTED_MESSAGE,
  QUOTE_DISCARDED_MESSAGE,
  QUOTE_EXPIRED_MESSAGE,
} from "../../api/contract/checkout";
export { CallbackAnswerSchema, CallbackBodySchema } from "../../api/contract/pipeline-leads";
export { PolicyListQuerySchema, PolicyListSchema, PolicySchema } from "../../api/contract/policies";
export { CreatedQuoteSchema, QuoteListQuerySchema, QuoteListSchema, QuoteSchema } from "../../api/contract/quotes";
export { checkoutBody, CheckoutFormSchema, formErrorsFromApi } from "./checkout-form";
