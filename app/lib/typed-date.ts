// Dates typed by hand in the site's forms (ADR 020): the parser lives in the contract
// (api/contract/typed-date.ts) because the contract's form schemas use it too. Free of zod, so a
// page that only shows or reads a date does not load it (ADR 008); the schema wrapper for the back
// office's forms is in typed-date-schema.ts.
import { typedDateToIso } from "../../api/contract/typed-date";

export { formatTypedDate, parseTypedDate, typedDateToIso } from "../../api/contract/typed-date";

/** The list filters that are dates: what was typed in the filter bar goes to the API as ISO. */
export const DATE_FILTERS: ReadonlySet<string> = new Set([
  "startFrom",
  "startTo",
  "from",
  "to",
  "dueFrom",
  "dueTo",
  "collectionFrom",
  "collectionTo",
]);

/** The URL's date filters as ISO when they were typed as a date; everything else as it is. */
export function isoDateFilters(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of params) out.append(key, DATE_FILTERS.has(key) ? String(typedDateToIso(value)) : value);
  return out;
}
