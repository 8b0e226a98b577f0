import type { LoaderFunctionArgs } from "@remix-run/node";
import { GuaranteeExportQuerySchema } from "../../api/contract/guarantees";
import { adminLoader } from "~/lib/admin-route.server";
import { csvExport } from "~/lib/list.server";

/** /admin/guarantees.csv: every guarantee of /admin/guarantees's filtered list, in its order (streamed). */
export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.guarantees[.]csv", ({ api, request, headers, context }) =>
    csvExport(
      request,
      api,
      { schema: GuaranteeExportQuerySchema, apiPath: "/admin/guarantees/export", listPath: "/admin/guarantees" },
      headers,
      context,
    ),
  );
