import type { LoaderFunctionArgs } from "@remix-run/node";
import { LeadExportQuerySchema } from "../../api/contract/pipeline-leads";
import { adminLoader } from "~/lib/admin-route.server";
import { csvExport } from "~/lib/list.server";

/** /admin/pipeline/lista.csv: every lead of the filtered list, in its order. Not csvRoute: the API's list is /admin/pipeline/leads. */
export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.pipeline.lista[.]csv", ({ api, request, headers, context }) =>
    csvExport(
      request,
      api,
      { schema: LeadExportQuerySchema, apiPath: "/admin/pipeline/leads/export", listPath: "/admin/pipeline/lista" },
      headers,
      context,
    ),
  );
