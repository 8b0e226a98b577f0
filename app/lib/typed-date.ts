// Dates typed by hand in the site's forms (ADR 019): the parser lives in the contract
// (api/contract/typed-date.ts) because the contract's form schemas use it too; this module wraps
// the contract's own object schemas for the forms that post them as they are (back office).
import { z } from "zod";
import { typedDateToIso } from "../../api/contract/typed-date";

export { formatTypedDate, parseTypedDate, typedDateToIso } from "../../api/contract/typed-date";

/**
 * The same object schema, its date fields read as typed (dd/mm/aaaa, d/m/aaaa, aaaa-mm-dd) and
 * checked by their own rules as ISO. The output is the schema's own (what the API takes).
 */
export function withTypedDates<T extends z.AnyZodObject>(schema: T, keys: readonly (keyof T["shape"] & string)[]): T {
  const shape: z.ZodRawShape = {};
  for (const key of keys) shape[key] = z.preprocess(typedDateToIso, schema.shape[key] as z.ZodTypeAny);
  return schema.extend(shape) as unknown as T;
}

/** The list filters that are dates: what was typed in the filter bar goes to the API as ISO. */
export const DATE_FILTERS: ReadonlySet<string> = new Set(["startFrom", "startTo", "from", "to"]);

/** The URL's date filters as ISO when they were typed as a date; everything else as it is. */
export function isoDateFilters(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of params) out.append(key, DATE_FILTERS.has(key) ? String(typedDateToIso(value)) : value);
  return out;
}
