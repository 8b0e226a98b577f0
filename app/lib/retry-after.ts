// A form re-rendered after the API's 429 (too many attempts from the address, api/limits.ts)
// answers 429 with the API's Retry-After (app/lib/api-errors.server.ts refusalInit); Remix puts an
// action's headers on the page only through the route's `headers` export, which uses this.
import type { HeadersFunction } from "@remix-run/node";

/** The action's Retry-After, when it had one, plus `extra`. */
export const retryAfterHeaders =
  (extra: Record<string, string> = {}): HeadersFunction =>
  ({ actionHeaders }) => {
    const headers = new Headers(extra);
    const retryAfter = actionHeaders.get("Retry-After");
    if (retryAfter) headers.set("Retry-After", retryAfter);
    return headers;
  };
