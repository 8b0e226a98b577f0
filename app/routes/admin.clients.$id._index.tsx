import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import {
  CLIENT_STAGE_LABELS,
  CLIENT_STAGE_TONES,
  ClientDetailSchema,
  ClientErasureSchema,
  ClientNoteSchema,
  NewClientNoteSchema,
  NOTE_MAX_LENGTH,
} from "../../api/contract/clients";
import { hasPermission } from "../../api/contract/permissions";
import { MoveClientBodySchema, MovedCardSchema } from "../../api/contract/pipeline";
import { formatDate, formatDateTime, formatMoney, isoDateTime } from "../../api/contract/format";
import { DetailHeader } from "~/components/admin/detail-header";
import { HistorySection } from "~/components/admin/history-section";
import { NotesSection } from "~/components/admin/notes-section";
import { ClientStageForm } from "~/components/client/client-stage-form";
import { ClientConsents, ClientDocuments, ClientRights, clientHistoryEntries, ERASE_COPY } from "~/components/client/client-sections";
import { Capped, CountedTable, emailColumns, POLICY_COLUMNS, QUOTE_COLUMNS, reciboColumns } from "~/components/client/client-tables";
import { DataTable } from "~/components/list/data-table";
import { Badge } from "~/components/ui/badge";
import { ConfirmStep } from "~/components/ui/confirm-dialog";
import { Detail, DetailSection } from "~/components/ui/detail";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { loadEntityDocuments } from "~/lib/document-upload.server";
import { adminDocumentPaths } from "~/lib/document-paths";
import { EntityDocumentsPanel } from "~/components/document/entity-documents";
import { canOpen } from "~/lib/admin-routes";
import { replyFor, type StaffActionReply } from "~/lib/form-intent";
import { positiveIdParam } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";
import { runStaffAction, staffIntent } from "~/lib/staff-action.server";
import { redirectWithToast } from "~/lib/toast.server";

/** /admin/clients/{id}: everything about one client, in sections; notes, the data file and erasure. */
const ROUTE_ID = "routes/admin.clients.$id._index";
const clientPath = (id: number | string) => `/admin/clients/${id}`;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: adminTitle(data?.detail.client.name ?? "Cliente", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async (context) => {
    const { admin, api, params, request } = context;
    const id = positiveIdParam(params.id);
    const [detail, stored] = await Promise.all([
      api.get(clientPath(id), { schema: ClientDetailSchema, signal: request.signal }),
      loadEntityDocuments(context, "clients"),
    ]);
    return {
      stored,
      detail,
      canWrite: hasPermission(admin.role.permissions, "clients:write"),
      canSell: canOpen(admin.role.permissions, "routes/admin.policies.new"),
      // The policies' PDFs open to whoever may read policies (their own route's guard).
      canDownload: canOpen(admin.role.permissions, "routes/admin.policies.$id.documentos.condiciones"),
      canReadEmail: canOpen(admin.role.permissions, "routes/admin.email.$id._index"),
    };
  });

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form, params }) => {
    const id = positiveIdParam(params.id);
    return runStaffAction(form, {
      note: staffIntent(
        NewClientNoteSchema,
        async (body) => {
          await api.post(`${clientPath(id)}/notes`, { body, schema: ClientNoteSchema });
          return redirectWithToast(`${clientPath(id)}#notas`, { type: "success", title: "Nota añadida" });
        },
        { confirm: false },
      ),
      stage: staffIntent(
        MoveClientBodySchema,
        async (body) => {
          const moved = await api.post(`/admin/client-pipeline/clients/${id}/move`, { body, schema: MovedCardSchema });
          return redirectWithToast(clientPath(id), {
            type: "success",
            title: "Cliente movido",
            description: `Ahora está en ${CLIENT_STAGE_LABELS[moved.stage as keyof typeof CLIENT_STAGE_LABELS] ?? moved.stage}.`,
          });
        },
        { confirm: false },
      ),
      erase: staffIntent(z.object({}), async () => {
        await api.post(`${clientPath(id)}/erase`, { schema: ClientErasureSchema });
        return redirectWithToast(clientPath(id), {
          type: "success",
          title: "Datos anonimizados",
          description: "Sus pólizas y recibos se conservan sin datos que le identifiquen.",
        });
      }),
    });
  });

const SECTIONS = [
  ["datos", "Datos"],
  ["polizas", "Pólizas"],
  ["recibos", "Recibos"],
  ["cotizaciones", "Cotizaciones"],
  ["consentimientos", "Consentimientos"],
  ["documentos", "Documentos"],
  ["correos", "Correos"],
  ["notas", "Notas"],
  ["historial", "Historial"],
  ["derechos", "Datos personales"],
] as const;

export default function ClientPage() {
  const { detail, canWrite, canSell, canDownload, canReadEmail, stored } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StaffActionReply | undefined;
  const { client, erasedAt } = detail;
  const editable = canWrite && erasedAt === null;

  return (
    <div className="space-y-8">
      <DetailHeader
        back={{ to: "/admin/clients", label: "Clientes" }}
        title={client.name}
        badges={
          <>
            <Badge tone={CLIENT_STAGE_TONES[client.stage]}>{CLIENT_STAGE_LABELS[client.stage]}</Badge>
            {erasedAt ? <Badge tone="neutral">Anonimizado el {formatDate(erasedAt)}</Badge> : null}
          </>
        }
        sections={SECTIONS}
        sectionsLabel="Secciones del cliente"
      >
        {canWrite ? (
          <div className="flex flex-wrap gap-3">
            {editable ? (
              <Link to={`${clientPath(client.id)}/edit`} className="btn-primary">
                Editar datos
              </Link>
            ) : null}
            <a href={`${clientPath(client.id)}/export`} className="btn-secondary" download>
              Descargar sus datos (JSON)
            </a>
          </div>
        ) : (
          <p className="text-slate-700">Puedes ver este cliente, pero no cambiarlo: tu rol no incluye gestionar clientes.</p>
        )}
        {canSell && erasedAt === null ? (
          <p>
            <Link to={`/admin/policies/new?cliente=${client.id}`} className="underline">
              Nueva póliza por teléfono para este cliente
            </Link>
          </p>
        ) : null}
      </DetailHeader>

      {reply?.confirm && reply.intent === "erase" && detail.erasure.allowed ? <ConfirmStep intent="erase" copy={ERASE_COPY} /> : null}

      <DetailSection id="datos" title="Datos">
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
          <Detail term="NIF/NIE">{client.nif ?? "—"}</Detail>
          <Detail term="Fecha de nacimiento">{client.birthDate ? formatDate(client.birthDate) : "—"}</Detail>
          <Detail term="Correo electrónico">{client.email ?? "—"}</Detail>
          <Detail term="Teléfono">{client.phone ?? "—"}</Detail>
          <Detail term="Dirección">
            {[client.address, [client.postalCode, client.city].filter(Boolean).join(" ")].filter(Boolean).join(", ") || "—"}
          </Detail>
          <Detail term="Cuenta de visitante">
            {detail.account ? `${detail.account.email}${detail.account.active ? "" : " (desactivada)"}` : "Sin cuenta"}
          </Detail>
          <Detail term="Cliente desde">
            <time dateTime={isoDateTime(client.createdAt)}>{formatDate(client.createdAt)}</time>
          </Detail>
          <Detail term="Última modificación">
            <time dateTime={isoDateTime(client.updatedAt)}>{formatDateTime(client.updatedAt)}</time>
          </Detail>
        </dl>
        {editable ? <ClientStageForm key={client.stage} stage={client.stage} lastResult={replyFor(reply, "stage")?.result} /> : null}
      </DetailSection>

      <DetailSection id="polizas" title="Pólizas">
        <DataTable
          caption="Pólizas del cliente"
          columns={POLICY_COLUMNS}
          rows={detail.policies}
          rowKey={(p) => p.id}
          empty={<p>No tiene pólizas.</p>}
        />
      </DetailSection>

      <DetailSection id="recibos" title="Recibos">
        <p className="mb-3 text-slate-700">
          {detail.recibos.total} recibos; pendiente de cobro: {formatMoney(detail.recibos.pendingAmount)}
          {detail.recibos.returned > 0 ? `; ${detail.recibos.returned} devueltos` : ""}.
          <Capped shown={detail.recibos.items.length} total={detail.recibos.total} />
        </p>
        <DataTable
          caption="Recibos de sus pólizas"
          columns={reciboColumns(canDownload)}
          rows={detail.recibos.items}
          rowKey={(r) => `${r.policyId}-${r.sequence}`}
          empty={<p>No hay recibos.</p>}
        />
      </DetailSection>

      <DetailSection id="cotizaciones" title="Cotizaciones">
        <CountedTable
          caption="Cotizaciones de su cuenta"
          columns={QUOTE_COLUMNS}
          list={detail.quotes}
          rowKey={(q) => q.id}
          empty={
            <p>
              {detail.account ? "No ha pedido cotizaciones con su cuenta." : "No tiene cuenta de visitante: sus cotizaciones no se pueden asociar."}
            </p>
          }
        />
      </DetailSection>

      <ClientConsents consents={detail.consents} />

      <ClientDocuments documents={detail.documents} canDownload={canDownload}>
        <EntityDocumentsPanel
          documents={stored.documents}
          allHref={`/admin/documents?client=${client.id}`}
          uploadHref={stored.canUpload && erasedAt === null ? adminDocumentPaths.upload("clients", client.id) : null}
        />
      </ClientDocuments>

      <DetailSection id="correos" title="Correos enviados">
        <CountedTable
          caption="Correos enviados al cliente"
          columns={emailColumns(canReadEmail)}
          list={detail.emails}
          rowKey={(e) => e.id}
          empty={<p>No se le ha enviado ningún correo.</p>}
        />
      </DetailSection>

      <NotesSection
        notes={detail.notes.items}
        total={detail.notes.total}
        intro="Solo las ve el equipo; el cliente no."
        empty="Todavía no hay notas."
        form={
          editable ? { schema: NewClientNoteSchema, hint: `Hasta ${NOTE_MAX_LENGTH} caracteres.`, lastResult: replyFor(reply, "note")?.result } : null
        }
      />

      <HistorySection caption="Historial del cliente" entries={clientHistoryEntries(detail.timeline)} empty="No hay nada registrado." />

      <ClientRights detail={detail} canWrite={canWrite} lastResult={replyFor(reply, "erase")?.result} />
    </div>
  );
}
