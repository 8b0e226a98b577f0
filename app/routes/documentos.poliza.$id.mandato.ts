import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentNotFound, streamDocument } from "~/lib/documents.server";
import { POSITIVE_INT } from "~/lib/ids";

/** /documentos/poliza/{id}/mandato: the policy's SEPA mandate (PDF), for its owner (ADR 029). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!POSITIVE_INT.test(id)) throw documentNotFound();
  return streamDocument(request, context, `/me/policies/${id}/documents/mandate`);
}
