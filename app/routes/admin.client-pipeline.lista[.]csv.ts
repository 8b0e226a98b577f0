import type { LoaderFunctionArgs } from "@remix-run/node";
import { ClientPipelineExportQuerySchema } from "../../api/contract/client-pipeline";
import { adminLoader } from "~/lib/admin-route.server";
import { csvExport } from "~/lib/list.server";
import { requireClientsRead } from "~/lib/pipeline-board.server";

/** /admin/client-pipeline/lista.csv: every client of the filtered list, in its order. Not csvRoute: the API's list is /admin/client-pipeline/clients. */
export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.client-pipeline.lista[.]csv", (ctx) => {
    requireClientsRead(ctx);
    const { api, request, headers, context } = ctx;
    return csvExport(
      request,
      api,
      { schema: ClientPipelineExportQuerySchema, apiPath: "/admin/client-pipeline/clients/export", listPath: "/admin/client-pipeline/lista" },
      headers,
      context,
    );
  });
