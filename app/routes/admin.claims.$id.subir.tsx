import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminClaimSchema } from "../../api/contract/admin-claims";
import { CLAIM_DOCUMENT_KIND_LABELS } from "../../api/contract/claim-vocabulary";
import { checkUploadedFile } from "../../api/contract/uploads";
import { adminClaimPath } from "~/components/claim/claim-list-columns";
import { ClaimFileForm, ClaimFileFormSchema } from "~/components/claim/claim-file-form";
import { BackLink } from "~/components/ui/back-link";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { invariantResponse, positiveIdParam } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * /admin/claims/{id}/subir: where the claim page's upload form posts (the perito's report, an
 * invoice…), under ADR 037's body limit (server/app.ts). A refused file comes back here with the
 * reason and the kind kept; an accepted one goes back to the claim's files. Opened directly, the form on its own.
 */
const ROUTE_ID = "routes/admin.claims.$id.subir";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: adminTitle(data ? `Subir un fichero al siniestro ${data.number}` : "Subir un fichero", matches) },
];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ api, params, request }) => {
    const id = positiveIdParam(params.id);
    const claim = await api.get(`/admin/claims/${id}`, { schema: AdminClaimSchema, otherwise: { 404: null }, signal: request.signal });
    invariantResponse(claim, "Siniestro no encontrado");
    return { id, number: claim.number };
  });

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form, params }) => {
    const id = positiveIdParam(params.id);
    const { kind, file } = form.parse(ClaimFileFormSchema, { fields: ["kind", "file"], hideFields: ["file"] });
    const check = checkUploadedFile({ name: file.name, content: new Uint8Array(await file.arrayBuffer()) });
    if (!check.ok) form.fail({ fieldErrors: { file: [check.message] } });
    const body = new FormData();
    body.set("kind", kind);
    body.set("file", file, file.name);
    await api.post(`/admin/claims/${id}/files`, { body, schema: AdminClaimSchema });
    return redirectWithToast(`${adminClaimPath(id)}#ficheros`, {
      type: "success",
      title: "Fichero subido",
      description: `${CLAIM_DOCUMENT_KIND_LABELS[kind]}: ${file.name}`,
    });
  });

export default function UploadClaimFilePage() {
  const { id, number } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <div className="space-y-4">
      <BackLink to={`${adminClaimPath(id)}#ficheros`}>{`Siniestro ${number}`}</BackLink>
      <h1 className="text-2xl font-bold tracking-tight">Subir un fichero al siniestro {number}</h1>
      <div className="max-w-xl">
        <ClaimFileForm claimId={id} lastResult={lastResult} />
      </div>
    </div>
  );
}
