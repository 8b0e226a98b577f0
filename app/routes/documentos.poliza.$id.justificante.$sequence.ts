import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentNotFound, streamDocument } from "~/lib/documents.server";
import { POSITIVE_INT } from "~/lib/ids";

/** /documentos/poliza/{id}/justificante/{sequence}: the justificante de pago of a collected recibo (PDF), for its owner. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const sequence = params.sequence ?? "";
  if (!POSITIVE_INT.test(id) || !POSITIVE_INT.test(sequence)) throw documentNotFound();
  return streamDocument(request, context, `/me/policies/${id}/recibos/${sequence}/receipt`);
}
