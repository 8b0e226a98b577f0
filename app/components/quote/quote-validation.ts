// The quote form's validator: zod and the line schemas, loaded by QuoteLineForm on the form's first
// use (a dynamic import, its own chunk; ADR 008). The action checks with the same schemas.
import { parseWithZod } from "@conform-to/zod";
import { QUOTE_FORM_SCHEMAS, type QuoteLine } from "../../../api/contract/quotes";

export function validateQuote(line: QuoteLine, formData: FormData) {
  return parseWithZod(formData, { schema: QUOTE_FORM_SCHEMAS[line] });
}
