import type { LoaderFunctionArgs } from "@remix-run/node";
import { EMAIL_PREVIEW_CSP } from "../../api/contract/emails";
import { adminLoader } from "~/lib/admin-route.server";
import { notFound } from "~/lib/http";

/**
 * /admin/email/{id}/html: the stored HTML part of one message (email:read), the source of the
 * message page's sandboxed <iframe>. It answers under its own strict policy (server/app.ts keeps it
 * instead of the site's nonce policy, which would block the e-mail's inline styles; ADR 039).
 */
export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.email.$id.html", async ({ api, params, request, headers }) => {
    const id = params.id ?? "";
    if (!/^\d{1,9}$/.test(id)) throw notFound();
    const answer = await api.getResponse(`/admin/emails/${id}/html`, { accept: "text/html", signal: request.signal });
    const out = new Headers(headers);
    out.set("Content-Type", "text/html; charset=utf-8");
    out.set("Content-Security-Policy", EMAIL_PREVIEW_CSP);
    out.set("X-Content-Type-Options", "nosniff");
    out.set("X-Frame-Options", "SAMEORIGIN");
    out.set("Referrer-Policy", "no-referrer");
    return new Response(await answer.text(), { status: 200, headers: out });
  });
