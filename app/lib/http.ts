// Thrown from loaders and actions; the shared error boundary renders the 404 page.

/** A 404 answer; `message` is for logs and never shown (the page says "Page Not Found"). */
export function notFound(message = "Not Found"): Response {
  return new Response(message, { status: 404, statusText: "Not Found" });
}

/** A route param that must be a positive integer id; anything else is a 404, not a 500. */
export function positiveIdParam(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id < 1) throw notFound();
  return id;
}

/** The session's headers plus `Cache-Control: private, no-store`: a page of one person's data. */
export function privateHeaders(source: HeadersInit | undefined): Headers {
  const headers = new Headers(source);
  headers.set("Cache-Control", "private, no-store");
  return headers;
}
