import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { adminLoader } from "~/lib/admin-route.server";

/** /admin/settings/sepa (ADR 029) is now the "Cobros y recibos" group of the business settings (ADR 038): old links keep working. */
export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, "routes/admin.settings.sepa", async () => {
    throw redirect("/admin/settings/cobros#sepa_creditor", 301);
  });
