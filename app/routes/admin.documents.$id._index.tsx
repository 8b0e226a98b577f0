import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { AdminDocumentSchema } from "../../api/contract/documents";
import { formatDateTime, isoDateTime } from "../../api/contract/format";
import { hasPermission } from "../../api/contract/permissions";
import { DOCUMENT_KIND_LABELS } from "../../api/contract/vocabulary";
import { DetailHeader } from "~/components/admin/detail-header";
import {
  ADMIN_DOCUMENTS_PATH,
  adminDocumentDownloadPath,
  adminDocumentPath,
  documentAuthor,
  formatFileSize,
} from "~/components/document/document-list-columns";
import { adminPolicyPath } from "~/components/policy/admin-policy-header";
import { Badge } from "~/components/ui/badge";
import { ConfirmAction, ConfirmStep, type ConfirmCopy } from "~/components/ui/confirm-dialog";
import { Detail, DetailSection } from "~/components/ui/detail";
import { FormErrorsAlert } from "~/components/ui/error-summary";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { replyFor, type StaffActionReply } from "~/lib/form-intent";
import { notFound } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";
import { runStaffAction, staffIntent } from "~/lib/staff-action.server";
import { redirectWithToast } from "~/lib/toast.server";

/** /admin/documents/{id}: one stored document, its hash, every version of its series; regenerate (generated) or delete (uploads) — ADR 036. */
const ROUTE_ID = "routes/admin.documents.$id._index";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const documentId = (value: string | undefined) => {
  if (!value || !UUID.test(value)) throw notFound();
  return value;
};

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: adminTitle(data?.doc.document.title ?? "Documento", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ admin, api, params, request }) => {
    const doc = await api.get(`/admin/documents/${documentId(params.id)}`, { schema: AdminDocumentSchema, signal: request.signal });
    return { doc, canWrite: hasPermission(admin.role.permissions, "documents:write") };
  });

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form, params }) => {
    const id = documentId(params.id);
    // Without JavaScript the first press only asks (see ~/components/ui/confirm-dialog.tsx).
    return runStaffAction(form, {
      regenerate: staffIntent(z.object({}), async () => {
        const made = await api.post(`/admin/documents/${id}/regenerate`, { schema: AdminDocumentSchema });
        return redirectWithToast(adminDocumentPath(made.document.id), {
          type: "success",
          title: `Versión ${made.document.version} generada`,
          description: "Es la que descargan desde ahora el cliente y el equipo; las anteriores siguen guardadas.",
        });
      }),
      delete: staffIntent(z.object({}), async () => {
        await api.delete(`/admin/documents/${id}`, { schema: AdminDocumentSchema });
        return redirectWithToast(ADMIN_DOCUMENTS_PATH, {
          type: "success",
          title: "Documento eliminado",
          description: "Ya no se lista ni se descarga; queda en la auditoría.",
        });
      }),
    });
  });

const REGENERATE_COPY: ConfirmCopy = {
  title: "¿Generar una versión nueva?",
  description:
    "Se genera de nuevo con los datos de hoy como la versión siguiente. Desde ese momento es la que descargan el cliente y el equipo; las versiones anteriores se conservan y siguen descargándose.",
  confirmLabel: "Sí, regenerar",
  pendingText: "Regenerando…",
  variant: "primary",
};

const DELETE_COPY: ConfirmCopy = {
  title: "¿Eliminar este documento subido?",
  description: "Dejará de listarse y de descargarse. La eliminación queda en la auditoría con quién la hizo.",
  confirmLabel: "Sí, eliminar",
  pendingText: "Eliminando…",
  variant: "danger",
};

const SECTIONS = [
  ["datos", "Datos"],
  ["versiones", "Versiones"],
] as const;

export default function DocumentPage() {
  const { doc, canWrite } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StaffActionReply | undefined;
  const d = doc.document;
  const deleted = d.deletedAt !== null;

  return (
    <div className="space-y-8">
      <DetailHeader
        back={{ to: ADMIN_DOCUMENTS_PATH, label: "Documentos" }}
        title={d.title}
        badges={
          <>
            <Badge tone="neutral">{DOCUMENT_KIND_LABELS[d.kind]}</Badge>
            <Badge tone="neutral">{`Versión ${d.version}`}</Badge>
            {deleted ? <Badge tone="danger">Eliminado</Badge> : null}
          </>
        }
        sections={SECTIONS}
        sectionsLabel="Secciones del documento"
      >
        <div className="flex flex-wrap items-start gap-3">
          {deleted ? null : (
            <a href={adminDocumentDownloadPath(d.id)} download className="btn-primary">
              Descargar
            </a>
          )}
          {canWrite && doc.regenerable ? (
            <div>
              <FormErrorsAlert id="regenerar" lastResult={replyFor(reply, "regenerate")?.result} className="mb-3" />
              <ConfirmAction intent="regenerate" triggerLabel="Regenerar" copy={REGENERATE_COPY} triggerVariant="secondary" />
            </div>
          ) : null}
          {canWrite && doc.deletable ? (
            <div>
              <FormErrorsAlert id="eliminar" lastResult={replyFor(reply, "delete")?.result} className="mb-3" />
              <ConfirmAction intent="delete" triggerLabel="Eliminar" copy={DELETE_COPY} />
            </div>
          ) : null}
        </div>
      </DetailHeader>

      {reply?.confirm && reply.intent === "regenerate" ? <ConfirmStep intent="regenerate" copy={REGENERATE_COPY} /> : null}
      {reply?.confirm && reply.intent === "delete" ? <ConfirmStep intent="delete" copy={DELETE_COPY} /> : null}

      <DetailSection id="datos" title="Datos">
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
          <Detail term="Archivo">
            <span className="break-all">{d.filename}</span> ({d.contentType}, {formatFileSize(d.sizeBytes)})
          </Detail>
          <Detail term="Póliza">
            {d.policy ? (
              <Link to={adminPolicyPath(d.policy.id)} className="font-mono">
                {d.policy.number}
              </Link>
            ) : (
              "—"
            )}
          </Detail>
          <Detail term="Cliente">{d.client ? <Link to={`/admin/clients/${d.client.id}`}>{d.client.name}</Link> : "—"}</Detail>
          <Detail term="Emitido">
            <time dateTime={isoDateTime(d.createdAt)}>{formatDateTime(d.createdAt)}</time> por {documentAuthor(d.createdBy)}
          </Detail>
          <Detail term="Huella SHA-256">
            <span className="break-all font-mono text-sm">{d.sha256}</span>
          </Detail>
        </dl>
        <p className="mt-3 text-sm text-slate-700">
          Cada descarga comprueba los bytes guardados contra esta huella: si no coinciden, no se entrega ningún archivo.
        </p>
      </DetailSection>

      <DetailSection id="versiones" title="Versiones">
        <table className="w-full text-left">
          <caption className="sr-only">Versiones de este documento</caption>
          <thead>
            <tr>
              <th scope="col">Versión</th>
              <th scope="col">Emitida</th>
              <th scope="col" className="text-right">
                Tamaño
              </th>
              <th scope="col">Descarga</th>
            </tr>
          </thead>
          <tbody>
            {doc.versions.map((v) => (
              <tr key={v.id} className="border-t border-slate-200">
                <th scope="row" className="py-2 pr-3 font-normal">
                  {v.id === d.id ? `${v.version} (esta)` : <Link to={adminDocumentPath(v.id)}>{v.version}</Link>}
                </th>
                <td className="py-2 pr-3">
                  {formatDateTime(v.createdAt)}
                  <span className="block text-sm text-slate-600">{documentAuthor(v.createdBy)}</span>
                </td>
                <td className="py-2 pr-3 text-right tabular-nums">{formatFileSize(v.sizeBytes)}</td>
                <td className="py-2">
                  {v.deletedAt ? (
                    "Eliminada"
                  ) : (
                    <a href={adminDocumentDownloadPath(v.id)} download>
                      Descargar la versión {v.version}
                    </a>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </DetailSection>
    </div>
  );
}
