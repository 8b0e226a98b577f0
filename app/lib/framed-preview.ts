// A page the back office shows inside an <iframe>: an e-mail's HTML as it will be sent (ADR 040).
// Its inline styles and the site's CSP do not mix, so such a response carries its own policy —
// nothing loaded, no script, inline styles only, framed by this site alone. The route marks the
// response with FRAMED_PREVIEW_HEADER and the HTTP server (server/app.ts) swaps the headers, after
// the site's secure headers are set.
export const FRAMED_PREVIEW_HEADER = "x-framed-preview";
export const FRAMED_PREVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'; form-action 'none'; base-uri 'none'";

/** The HTML of an e-mail as a framed preview (never cached: it may hold a customer's data). */
export function framedPreviewResponse(html: string): Response {
  return new Response(html, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", [FRAMED_PREVIEW_HEADER]: "1" },
  });
}
