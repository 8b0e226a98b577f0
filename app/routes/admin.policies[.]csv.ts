import type { LoaderFunctionArgs } from "@remix-run/node";
import { AdminPolicyExportQuerySchema } from "../../api/contract/admin-policies";
import { adminLoader } from "~/lib/admin-route.server";
import { csvExport } from "~/lib/list.server";

/** /admin/policies.csv: every policy of /admin/policies's filtered list, in its order (streamed). */
export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.policies[.]csv", ({ api, request, headers, context }) =>
    csvExport(
      request,
      api,
      { schema: AdminPolicyExportQuerySchema, apiPath: "/admin/policies/export", listPath: "/admin/policies" },
      headers,
      context,
    ),
  );
