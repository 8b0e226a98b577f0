import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminLoader } from "~/lib/admin-route.server";
import { framedPreviewResponse } from "~/lib/framed-preview";
import { notFound } from "~/lib/http";

/**
 * /admin/email/{id}/html: the stored HTML part of one message (email:read), the source of the
 * message page's sandboxed <iframe>, under its own strict policy (app/lib/framed-preview.ts).
 */
export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.email.$id.html", async ({ api, params, request, headers }) => {
    const id = params.id ?? "";
    if (!/^\d{1,9}$/.test(id)) throw notFound();
    const answer = await api.getResponse(`/admin/emails/${id}/html`, { accept: "text/html", signal: request.signal });
    return framedPreviewResponse(await answer.text(), headers);
  });
