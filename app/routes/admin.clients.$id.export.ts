import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminLoader } from "~/lib/admin-route.server";
import { positiveIdParam } from "~/lib/http";
import { downloadFrom } from "~/lib/list.server";

/** /admin/clients/{id}/export: the client's data file (cliente-<id>-datos.json), as the API names it (ADR 012). */
export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.clients.$id.export", async ({ api, params, request, headers, context }) => {
    const id = positiveIdParam(params.id);
    return downloadFrom(await api.getResponse(`/admin/clients/${id}/gdpr-export`, { signal: request.signal }), headers, context);
  });
