import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentNotFound, streamDocument } from "~/lib/documents.server";
import { isUuid } from "../../api/contract/ids";

/** /documentos/cotizacion/{id}: the quote as a PDF, for whoever may read the quote. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!isUuid(id)) throw documentNotFound();
  return streamDocument(request, context, `/quotes/${id}/document`, { quoteId: id });
}
