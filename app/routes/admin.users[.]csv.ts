import type { LoaderFunctionArgs } from "@remix-run/node";
import { AdminUserExportQuerySchema } from "../../api/contract/admin-users";
import { csvRoute } from "~/lib/admin-list.server";

/** /admin/users.csv: every account of /admin/users's filtered list, in its order (streamed). */
export const loader = (args: LoaderFunctionArgs) => csvRoute(args, "routes/admin.users[.]csv", AdminUserExportQuerySchema, "/admin/users");
