import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminLoader } from "~/lib/admin-route.server";
import { positiveIdParam } from "~/lib/http";
import { downloadFrom } from "~/lib/list.server";

/** /admin/policies/{id}/documentos/recibo/{sequence}: one recibo of the policy (PDF), as its holder gets it. */
export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.policies.$id.documentos.recibo.$sequence", async ({ api, params, request, headers, context }) => {
    const id = positiveIdParam(params.id);
    const sequence = positiveIdParam(params.sequence);
    return downloadFrom(
      await api.getResponse(`/admin/policies/${id}/documents/recibos/${sequence}`, { accept: "application/pdf", signal: request.signal }),
      headers,
      context,
    );
  });
