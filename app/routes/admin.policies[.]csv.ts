import type { LoaderFunctionArgs } from "@remix-run/node";
import { AdminPolicyExportQuerySchema } from "../../api/contract/admin-policies";
import { csvRoute } from "~/lib/admin-list.server";

/** /admin/policies.csv: every policy of /admin/policies's filtered list, in its order (streamed). */
export const loader = (args: LoaderFunctionArgs) => csvRoute(args, "routes/admin.policies[.]csv", AdminPolicyExportQuerySchema, "/admin/policies");
