// Thrown from loaders and actions; the shared error boundary renders the 404 page.

/** A 404 answer; `message` is for logs and never shown (the page says "Page Not Found"). */
export function notFound(message = "Not Found"): Response {
  return new Response(message, { status: 404, statusText: "Not Found" });
}

/** A 400 answer: the address carried something the API refused (a control character in a search). */
export function badRequest(message = "Petición no válida"): Response {
  return new Response(message, { status: 400, statusText: "Bad Request" });
}

/** A route param that must be a positive integer id; anything else is a 404, not a 500. */
export function positiveIdParam(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1) throw notFound();
  return id;
}

/**
 * Asserts instead of branching (the Epic Stack's invariantResponse): when `condition` is falsy
 * the loader ends with that answer (404 "Page Not Found" by default) and reads on otherwise.
 */
export function invariantResponse<T>(
  condition: T,
  message = "Not Found",
  init: ResponseInit = { status: 404, statusText: "Not Found" },
): asserts condition {
  if (!condition) throw new Response(message, init);
}

/** The session's headers plus `Cache-Control: private, no-store`: a page of one person's data. */
export function privateHeaders(source: HeadersInit | undefined): Headers {
  const headers = new Headers(source);
  headers.set("Cache-Control", "private, no-store");
  return headers;
}
