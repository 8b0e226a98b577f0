import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminLoader } from "~/lib/admin-route.server";
import { ApiError } from "~/lib/api.server";
import { positiveIdParam } from "~/lib/http";
import { downloadFrom } from "~/lib/list.server";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * /admin/policies/{id}/documentos/certificado: the certificate of insurance (PDF), documents:read
 * (ADR 037); the same one the customer gets that day. When it cannot be issued, back to the policy
 * with the reason.
 */
export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.policies.$id.documentos.certificado", async ({ api, params, request, headers, context }) => {
    const id = positiveIdParam(params.id);
    try {
      const response = await api.getResponse(`/admin/policies/${id}/documents/certificate`, { accept: "application/pdf", signal: request.signal });
      return downloadFrom(response, headers, context);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 409) throw error;
      return redirectWithToast(
        `/admin/policies/${id}#documentos`,
        { type: "error", title: "No se puede emitir el certificado", description: error.body.error.replace(/\.$/, "") },
        { headers },
      );
    }
  });
