import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminLoader } from "~/lib/admin-route.server";
import { positiveIdParam } from "~/lib/http";
import { downloadFrom } from "~/lib/list.server";

/** /admin/policies/{id}/documentos/mandato: the policy's SEPA mandate (PDF), as its holder gets it (ADR 029). */
export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.policies.$id.documentos.mandato", async ({ api, params, request, headers, context }) =>
    downloadFrom(
      await api.getResponse(`/admin/policies/${positiveIdParam(params.id)}/documents/mandate`, { accept: "application/pdf", signal: request.signal }),
      headers,
      context,
    ),
  );
