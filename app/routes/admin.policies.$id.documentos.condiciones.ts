import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminLoader } from "~/lib/admin-route.server";
import { positiveIdParam } from "~/lib/http";
import { downloadFrom } from "~/lib/list.server";

/** /admin/policies/{id}/documentos/condiciones: the policy's particular conditions (PDF), as its holder gets them. */
export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.policies.$id.documentos.condiciones", async ({ api, params, request, headers, context }) => {
    const id = positiveIdParam(params.id);
    return downloadFrom(
      await api.getResponse(`/admin/policies/${id}/documents/conditions`, { accept: "application/pdf", signal: request.signal }),
      headers,
      context,
    );
  });
