// A page the back office shows inside an <iframe>: an e-mail's HTML as it is or will be sent
// (ADR 039, ADR 040). Its inline styles and the site's CSP do not mix, so such a response carries
// its own policy (EMAIL_PREVIEW_CSP). The route marks the response with FRAMED_PREVIEW_HEADER and
// the HTTP server (server/app.ts) swaps the headers, after the site's secure headers are set.
import { EMAIL_PREVIEW_CSP, FRAMED_PREVIEW_HEADER } from "../../api/contract/emails";

/** The HTML of an e-mail as a framed preview (never cached: it may hold a customer's data). */
export function framedPreviewResponse(html: string, headers?: HeadersInit): Response {
  const out = new Headers(headers);
  out.set("Content-Type", "text/html; charset=utf-8");
  out.set("Cache-Control", "no-store");
  out.set("Content-Security-Policy", EMAIL_PREVIEW_CSP);
  out.set(FRAMED_PREVIEW_HEADER, "1");
  return new Response(html, { status: 200, headers: out });
}
