import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentNotFound, streamDocument } from "~/lib/documents.server";
import { POSITIVE_INT } from "~/lib/ids";

/** /documentos/poliza/{id}/condiciones[?version=N]: the policy's particular conditions (PDF), the one in force or version N, for its owner. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const version = new URL(request.url).searchParams.get("version");
  if (!POSITIVE_INT.test(id) || (version !== null && !POSITIVE_INT.test(version))) throw documentNotFound();
  return streamDocument(request, context, `/me/policies/${id}/documents/conditions${version ? `?version=${version}` : ""}`);
}
