import type { LoaderFunctionArgs } from "@remix-run/node";
import { ClientExportQuerySchema } from "../../api/contract/clients";
import { csvRoute } from "~/lib/admin-list.server";

/** /admin/clients.csv: every client of /admin/clients's filtered list, in its order (streamed). */
export const loader = (args: LoaderFunctionArgs) => csvRoute(args, "routes/admin.clients[.]csv", ClientExportQuerySchema, "/admin/clients");
