import type { LoaderFunctionArgs } from "@remix-run/node";
import { GuaranteeExportQuerySchema } from "../../api/contract/guarantees";
import { csvRoute } from "~/lib/admin-list.server";

/** /admin/guarantees.csv: every guarantee of /admin/guarantees's filtered list, in its order (streamed). */
export const loader = (args: LoaderFunctionArgs) => csvRoute(args, "routes/admin.guarantees[.]csv", GuaranteeExportQuerySchema, "/admin/guarantees");
