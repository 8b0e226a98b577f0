import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminLoader } from "~/lib/admin-route.server";
import { positiveIdParam } from "~/lib/http";
import { downloadFrom } from "~/lib/list.server";

/** /admin/policies/{id}/documentos/justificante/{sequence}: the justificante de pago of a collected recibo (PDF), documents:read. */
export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.policies.$id.documentos.justificante.$sequence", async ({ api, params, request, headers, context }) => {
    const id = positiveIdParam(params.id);
    const sequence = positiveIdParam(params.sequence);
    return downloadFrom(
      await api.getResponse(`/admin/policies/${id}/documents/recibos/${sequence}/receipt`, { accept: "application/pdf", signal: request.signal }),
      headers,
      context,
    );
  });
