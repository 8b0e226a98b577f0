import type { LoaderFunctionArgs } from "@remix-run/node";
import { ClientExportQuerySchema } from "../../api/contract/clients";
import { adminLoader } from "~/lib/admin-route.server";
import { csvExport } from "~/lib/list.server";

/** /admin/clients.csv: every client of /admin/clients's filtered list, in its order (streamed). */
export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.clients[.]csv", ({ api, request, headers, context }) =>
    csvExport(request, api, { schema: ClientExportQuerySchema, apiPath: "/admin/clients/export", listPath: "/admin/clients" }, headers, context),
  );
