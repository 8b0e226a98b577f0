import type { LoaderFunctionArgs } from "@remix-run/node";
import { AdminDocumentExportQuerySchema } from "../../api/contract/documents";
import { csvRoute } from "~/lib/admin-list.server";

/** /admin/documents.csv: every document of /admin/documents's filtered list, in its order (streamed). */
export const loader = (args: LoaderFunctionArgs) =>
  csvRoute(args, "routes/admin.documents[.]csv", AdminDocumentExportQuerySchema, "/admin/documents");
