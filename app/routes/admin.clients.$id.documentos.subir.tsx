import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ClientDetailSchema } from "../../api/contract/clients";
import { DocumentUploadForm } from "~/components/document/entity-documents";
import { BackLink } from "~/components/ui/back-link";
import { adminLoader } from "~/lib/admin-route.server";
import { adminDocumentPaths } from "~/lib/document-paths";
import { uploadDocumentAction } from "~/lib/document-upload.server";
import { invariantResponse, positiveIdParam } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";

/**
 * /admin/clients/{id}/documentos/subir: where the client page's upload form posts (ADR 037). A
 * refused file comes back here with the reason and the title kept; an accepted one goes back to
 * the client. Opened directly, the same form on its own.
 */
const ROUTE_ID = "routes/admin.clients.$id.documentos.subir";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: adminTitle(data ? `Subir un documento del cliente ${data.name}` : "Subir un documento", matches) },
];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ api, params, request }) => {
    const id = positiveIdParam(params.id);
    const data = await api.get(`/admin/clients/${id}`, { schema: ClientDetailSchema, otherwise: { 404: null }, signal: request.signal });
    invariantResponse(data, "Cliente no encontrado");
    return { id, name: data.client.name };
  });

export const action = (args: ActionFunctionArgs) => uploadDocumentAction(args, ROUTE_ID, "clients");

export default function UploadClientDocumentPage() {
  const { id, name } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <div className="space-y-4">
      <BackLink to={`/admin/clients/${id}#documentos`}>{name}</BackLink>
      <h1 className="text-2xl font-bold tracking-tight">Documentos de {name}</h1>
      <DocumentUploadForm action={adminDocumentPaths.upload("clients", id)} lastResult={lastResult} headingLevel={2} />
    </div>
  );
}
