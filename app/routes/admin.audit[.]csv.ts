import type { LoaderFunctionArgs } from "@remix-run/node";
import { AuditExportQuerySchema } from "../../api/contract/audit";
import { adminLoader } from "~/lib/admin-route.server";
import { csvExport } from "~/lib/list.server";

/** /admin/audit.csv: every row of /admin/audit's filtered list, in its order (streamed). */
export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.audit[.]csv", ({ api, request, headers, context }) =>
    csvExport(request, api, { schema: AuditExportQuerySchema, apiPath: "/admin/audit/export", listPath: "/admin/audit" }, headers, context),
  );
