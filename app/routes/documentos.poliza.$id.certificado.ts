import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentNotFound, streamDocument } from "~/lib/documents.server";
import { POSITIVE_INT } from "~/lib/ids";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * /documentos/poliza/{id}/certificado: the certificate of insurance (PDF), for the policy's owner
 * (ADR 037). When it cannot be issued today (a recibo unpaid, the policy not in force) the visitor
 * goes back to the policy with the reason.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!POSITIVE_INT.test(id)) throw documentNotFound();
  return streamDocument(request, context, `/me/policies/${id}/documents/certificate`, {
    onRefusal: (message, headers) =>
      redirectWithToast(
        `/mi-poliza/${id}`,
        { type: "error", title: "No se puede emitir el certificado", description: message.replace(/\.$/, "") },
        { headers },
      ),
  });
}
