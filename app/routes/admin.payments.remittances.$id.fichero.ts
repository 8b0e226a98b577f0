import type { LoaderFunctionArgs } from "@remix-run/node";
import { adminLoader } from "~/lib/admin-route.server";
import { positiveIdParam } from "~/lib/http";
import { downloadFrom } from "~/lib/list.server";

/** /admin/payments/remittances/{id}/fichero: the remittance's pain.008 XML, byte for byte as generated (ADR 029). */
export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.payments.remittances.$id.fichero", async ({ api, params, request, headers, context }) =>
    downloadFrom(
      await api.getResponse(`/admin/payments/remittances/${positiveIdParam(params.id)}/file`, { accept: "application/xml", signal: request.signal }),
      headers,
      context,
    ),
  );
