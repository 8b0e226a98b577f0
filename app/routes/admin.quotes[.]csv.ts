import type { LoaderFunctionArgs } from "@remix-run/node";
import { AdminQuoteExportQuerySchema } from "../../api/contract/admin-quotes";
import { csvRoute } from "~/lib/admin-list.server";

/** /admin/quotes.csv: every quote of /admin/quotes's filtered list, in its order (streamed). */
export const loader = (args: LoaderFunctionArgs) => csvRoute(args, "routes/admin.quotes[.]csv", AdminQuoteExportQuerySchema, "/admin/quotes");
