import type { LoaderFunctionArgs } from "@remix-run/node";
import { AuditExportQuerySchema } from "../../api/contract/audit";
import { csvRoute } from "~/lib/admin-list.server";

/** /admin/audit.csv: every row of /admin/audit's filtered list, in its order (streamed). */
export const loader = (args: LoaderFunctionArgs) => csvRoute(args, "routes/admin.audit[.]csv", AuditExportQuerySchema, "/admin/audit");
