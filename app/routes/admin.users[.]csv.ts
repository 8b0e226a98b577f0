import type { LoaderFunctionArgs } from "@remix-run/node";
import { AdminUserExportQuerySchema } from "../../api/contract/admin-users";
import { adminLoader } from "~/lib/admin-route.server";
import { csvExport } from "~/lib/list.server";

/** /admin/users.csv: every account of /admin/users's filtered list, in its order (streamed). */
export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.users[.]csv", ({ api, request, headers, context }) =>
    csvExport(request, api, { schema: AdminUserExportQuerySchema, apiPath: "/admin/users/export", listPath: "/admin/users" }, headers, context),
  );
