import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentNotFound, streamDocument } from "~/lib/documents.server";
import { POSITIVE_INT } from "~/lib/ids";

/**
 * /mi-poliza/{id}/siniestros/{claimId}/ficheros/{fileId}: a photo or document of the customer's own
 * claim, the stored bytes as the API checked them against their hash. Someone else's: 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { claimId = "", fileId = "" } = params;
  if (!POSITIVE_INT.test(params.id ?? "") || !POSITIVE_INT.test(claimId) || !POSITIVE_INT.test(fileId)) throw documentNotFound();
  return streamDocument(request, context, `/me/claims/${claimId}/files/${fileId}`);
}
