// The quote form's server half: its zod schemas, for the actions that take the form (/cotizar,
// /admin/policies/new) and for the HTML constraints the page renders. A page route imports them
// from here, never from the contract directly, so that zod stays out of /cotizar's first load: the
// browser gets the schemas only with the validator, on the form's first use (ADR 008).
import { getZodConstraint } from "@conform-to/zod";
import { QUOTE_FORM_SCHEMAS, type QuoteLine } from "../../api/contract/quotes";
import { parseForm } from "~/lib/parse-form.server";

/** A POSTed quote form checked by its line's schema (the same the browser's validator uses). */
export function parseQuoteForm(line: QuoteLine, formData: FormData) {
  return parseForm(formData, QUOTE_FORM_SCHEMAS[line]);
}

export type QuoteFormConstraint = ReturnType<typeof getZodConstraint>;

/** Each line's HTML constraints (required, min, max, pattern…), derived once from its schema; the loaders hand them to QuoteLineForm. */
export const QUOTE_FORM_CONSTRAINTS: Record<QuoteLine, QuoteFormConstraint> = {
  auto: getZodConstraint(QUOTE_FORM_SCHEMAS.auto),
  hogar: getZodConstraint(QUOTE_FORM_SCHEMAS.hogar),
  alquiler: getZodConstraint(QUOTE_FORM_SCHEMAS.alquiler),
};
