import type { LoaderFunctionArgs } from "@remix-run/node";
import { AdminEmailExportQuerySchema } from "../../api/contract/emails";
import { csvRoute } from "~/lib/admin-list.server";

/** /admin/email.csv: every e-mail of /admin/email's filtered list, in its order (streamed). */
export const loader = (args: LoaderFunctionArgs) => csvRoute(args, "routes/admin.email[.]csv", AdminEmailExportQuerySchema, "/admin/emails");
