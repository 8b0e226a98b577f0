import type { LoaderFunctionArgs } from "@remix-run/node";
import { AdminPaymentPageExportQuerySchema } from "../../api/contract/admin-payments";
import { adminLoader } from "~/lib/admin-route.server";
import { csvExport } from "~/lib/list.server";

/**
 * /admin/payments.csv: every recibo of /admin/payments's filtered list, in its order (streamed). Not
 * csvRoute: the page is /admin/payments, the API's list /admin/payments/recibos.
 */
export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.payments[.]csv", ({ api, request, headers, context }) =>
    csvExport(
      request,
      api,
      { schema: AdminPaymentPageExportQuerySchema, apiPath: "/admin/payments/recibos/export", listPath: "/admin/payments" },
      headers,
      context,
    ),
  );
