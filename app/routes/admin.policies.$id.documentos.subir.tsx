import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminPolicySchema } from "../../api/contract/admin-policies";
import { DocumentUploadForm } from "~/components/document/entity-documents";
import { BackLink } from "~/components/ui/back-link";
import { adminLoader } from "~/lib/admin-route.server";
import { adminDocumentPaths } from "~/lib/document-paths";
import { uploadDocumentAction } from "~/lib/document-upload.server";
import { invariantResponse, positiveIdParam } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";

/**
 * /admin/policies/{id}/documentos/subir: where the policy page's upload form posts (ADR 037). A
 * refused file comes back here with the reason and the title kept; an accepted one goes back to
 * the policy. Opened directly, the same form on its own.
 */
const ROUTE_ID = "routes/admin.policies.$id.documentos.subir";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: adminTitle(data ? `Subir un documento a la póliza ${data.number}` : "Subir un documento", matches) },
];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ api, params, request }) => {
    const id = positiveIdParam(params.id);
    const data = await api.get(`/admin/policies/${id}`, { schema: AdminPolicySchema, otherwise: { 404: null }, signal: request.signal });
    invariantResponse(data, "Póliza no encontrada");
    return { id, number: data.policy.number };
  });

export const action = (args: ActionFunctionArgs) => uploadDocumentAction(args, ROUTE_ID, "policies");

export default function UploadPolicyDocumentPage() {
  const { id, number } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <div className="space-y-4">
      <BackLink to={`/admin/policies/${id}#documentos`}>{`Póliza ${number}`}</BackLink>
      <h1 className="text-2xl font-bold tracking-tight">Documentos de la póliza {number}</h1>
      <DocumentUploadForm action={adminDocumentPaths.upload("policies", id)} lastResult={lastResult} headingLevel={2} />
    </div>
  );
}
