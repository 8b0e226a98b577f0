import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentNotFound, POSITIVE_INT, streamDocument } from "./__checkout.documents.server";

/** /documentos/poliza/{id}/condiciones: the policy's particular conditions (PDF), for its owner. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!POSITIVE_INT.test(id)) throw documentNotFound();
  return streamDocument(request, context, `/me/policies/${id}/documents/conditions`);
}
