import { getFormProps, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import {
  CLIENT_STAGE_LABELS,
  CLIENT_STAGE_TONES,
  ClientDetailSchema,
  ClientErasureSchema,
  ClientNoteSchema,
  NewClientNoteSchema,
  NOTE_MAX_LENGTH,
  type ClientDetail,
  type ClientTimelineEntry,
} from "../../api/contract/clients";
import { hasPermission } from "../../api/contract/permissions";
import {
  CONSENT_PURPOSE_LABELS,
  EMAIL_STATUS_LABELS,
  EMAIL_STATUS_TONES,
  FREQUENCY_LABELS,
  LINE_LABELS,
  POLICY_STATUS_LABELS,
  POLICY_STATUS_TONES,
  QUOTE_STATUS_LABELS,
  QUOTE_STATUS_TONES,
  RECIBO_STATUS_LABELS,
  RECIBO_STATUS_TONES,
} from "../../api/contract/vocabulary";
import { DataTable, type Column } from "~/components/list/data-table";
import { BackLink } from "~/components/ui/back-link";
import { canOpen } from "~/lib/admin-routes";
import { Badge } from "~/components/ui/badge";
import { Detail, DetailSection } from "~/components/ui/detail";
import { ConfirmAction, ConfirmStep, type ConfirmCopy } from "~/components/ui/confirm-dialog";
import { ErrorSummary, FormErrorsAlert } from "~/components/ui/error-summary";
import { TextareaField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { adminAction, adminLoader, type IntentReply } from "~/lib/admin-route.server";
import { adminDocumentPaths, documentPaths } from "~/lib/document-paths";
import { formatDate, formatDateTime, formatMoney, isoDateTime } from "../../api/contract/format";
import { positiveIdParam } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";
import { redirectWithToast } from "~/lib/toast.server";
import { needsConfirmation } from "~/lib/form-intent";

/** /admin/clients/{id}: everything about one client, in sections; notes, the data file and erasure. */
const ROUTE_ID = "routes/admin.clients.$id._index";
const clientPath = (id: number | string) => `/admin/clients/${id}`;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: adminTitle(data?.detail.client.name ?? "Cliente", matches) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ admin, api, params, request }) => {
    const id = positiveIdParam(params.id);
    const detail = await api.get(clientPath(id), { schema: ClientDetailSchema, signal: request.signal });
    return {
      detail,
      canWrite: hasPermission(admin.role.permissions, "clients:write"),
      canSell: canOpen(admin.role.permissions, "routes/admin.policies.new"),
      // The policies' PDFs open to whoever may read policies (their own route's guard).
      canDownload: canOpen(admin.role.permissions, "routes/admin.policies.$id.documentos.condiciones"),
    };
  });

const INTENTS = ["note", "erase"] as const;
type Intent = (typeof INTENTS)[number];
type ActionData = IntentReply<Intent>;

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form, params }) => {
    const id = positiveIdParam(params.id);
    const { intent, wrap } = form.intent(INTENTS);
    if (intent === "note") {
      const body = form.parse(NewClientNoteSchema, { wrap });
      await api.post(`${clientPath(id)}/notes`, { body, schema: ClientNoteSchema });
      return redirectWithToast(`${clientPath(id)}#notas`, { type: "success", title: "Nota añadida" });
    }
    // Without JavaScript the first press only asks (see ~/components/ui/confirm-dialog.tsx).
    if (needsConfirmation(form.formData)) return { intent, confirm: true } satisfies ActionData;
    form.expectNoFields({ wrap });
    await api.post(`${clientPath(id)}/erase`, { schema: ClientErasureSchema });
    return redirectWithToast(clientPath(id), {
      type: "success",
      title: "Datos anonimizados",
      description: "Sus pólizas y recibos se conservan sin datos que le identifiquen.",
    });
  });

const ERASE_COPY: ConfirmCopy = {
  title: "¿Anonimizar los datos de este cliente?",
  description:
    "Se borran su nombre, NIF/NIE, contacto, dirección y fecha de nacimiento, sus notas y las IP de sus consentimientos, y se desactiva su cuenta. Sus pólizas y recibos se conservan sin datos que le identifiquen. No se puede deshacer.",
  confirmLabel: "Sí, anonimizar",
  pendingText: "Anonimizando…",
  variant: "danger",
};

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
  const { detail, canWrite, canSell, canDownload } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { client, erasedAt } = detail;
  const editable = canWrite && erasedAt === null;

  return (
    <div className="space-y-8">
      <BackLink to="/admin/clients">Clientes</BackLink>
      <header className="space-y-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight">{client.name}</h1>
          <Badge tone={CLIENT_STAGE_TONES[client.stage]}>{CLIENT_STAGE_LABELS[client.stage]}</Badge>
          {erasedAt ? <Badge tone="neutral">Anonimizado el {formatDate(erasedAt)}</Badge> : null}
        </div>
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
        <nav aria-label="Secciones del cliente">
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {SECTIONS.map(([id, label]) => (
              <li key={id}>
                <a href={`#${id}`}>{label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </header>

      {actionData?.confirm && actionData.intent === "erase" && detail.erasure.allowed ? <ConfirmStep intent="erase" copy={ERASE_COPY} /> : null}

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
        <Capped shown={detail.quotes.items.length} total={detail.quotes.total} block />
        <DataTable
          caption="Cotizaciones de su cuenta"
          columns={QUOTE_COLUMNS}
          rows={detail.quotes.items}
          rowKey={(q) => q.id}
          empty={
            <p>
              {detail.account ? "No ha pedido cotizaciones con su cuenta." : "No tiene cuenta de visitante: sus cotizaciones no se pueden asociar."}
            </p>
          }
        />
      </DetailSection>

      <DetailSection id="consentimientos" title="Consentimientos">
        {detail.consents.length === 0 ? (
          <p className="text-slate-700">No hay consentimientos registrados.</p>
        ) : (
          <ul className="space-y-1">
            {detail.consents.map((consent, index) =>
              // prettier-ignore
              <li key={index}>
                <strong>{CONSENT_PURPOSE_LABELS[consent.purpose]}</strong>: {consent.granted ? "aceptado" : "rechazado"} el <time dateTime={isoDateTime(consent.at)}>{formatDateTime(consent.at)}</time>
                {consent.channel === "telefono" ? (
                  <span className="text-slate-700"> por teléfono{consent.recordedBy ? `, registrado por ${consent.recordedBy}` : ""}</span>
                ) : consent.ip ? (
                  <span className="font-mono text-sm text-slate-700"> desde {consent.ip}</span>
                ) : null}
              </li>,
            )}
          </ul>
        )}
      </DetailSection>

      <DetailSection id="documentos" title="Documentos">
        {detail.documents.length === 0 ? (
          <p className="text-slate-700">No hay documentos.</p>
        ) : (
          <>
            <ul className="space-y-1">
              {detail.documents.map((doc) => (
                <li key={doc.name}>
                  {doc.kind === "ipid" ? (
                    <a href={documentPaths.ipid(doc.line)} download>
                      {doc.name}
                    </a>
                  ) : canDownload && doc.policyId !== null ? (
                    <a href={adminDocumentPaths.conditions(doc.policyId)} download>
                      {doc.name} (PDF)
                    </a>
                  ) : (
                    doc.name
                  )}
                </li>
              ))}
            </ul>
            <p className="mt-2 text-sm text-slate-700">
              {canDownload
                ? "Los recibos en PDF, en la tabla de recibos. Son los mismos documentos que el cliente descarga desde Mi póliza."
                : "Tu rol no incluye ver pólizas: las condiciones particulares y los recibos en PDF no se pueden descargar desde aquí."}
            </p>
          </>
        )}
      </DetailSection>

      <DetailSection id="correos" title="Correos enviados">
        <Capped shown={detail.emails.items.length} total={detail.emails.total} block />
        <DataTable
          caption="Correos enviados al cliente"
          columns={EMAIL_COLUMNS}
          rows={detail.emails.items}
          rowKey={(e) => e.id}
          empty={<p>No se le ha enviado ningún correo.</p>}
        />
      </DetailSection>

      <DetailSection id="notas" title="Notas internas">
        <p className="mb-3 text-slate-700">Solo las ve el equipo; el cliente no.</p>
        {editable ? <NoteForm key={detail.notes.total} lastResult={actionData?.intent === "note" ? actionData.result : undefined} /> : null}
        {detail.notes.items.length === 0 ? (
          <p className="mt-4 text-slate-700">Todavía no hay notas.</p>
        ) : (
          <ul className="mt-4 space-y-3">
            {detail.notes.items.map((note) => (
              <li key={note.id} className="rounded-md border border-slate-200 bg-white p-3">
                <p className="whitespace-pre-wrap">{note.body}</p>
                <p className="mt-1 text-sm text-slate-600">
                  {note.authorLabel}, <time dateTime={isoDateTime(note.at)}>{formatDateTime(note.at)}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </DetailSection>

      <DetailSection id="historial" title="Historial">
        {detail.timeline.length === 0 ? (
          <p className="text-slate-700">No hay nada registrado.</p>
        ) : (
          <ol className="space-y-3">
            {detail.timeline.map((entry, index) => (
              <TimelineItem key={index} entry={entry} />
            ))}
          </ol>
        )}
      </DetailSection>

      <DetailSection id="derechos" title="Datos personales">
        <p className="text-slate-700">
          A petición del cliente: «Descargar sus datos» le da una copia de todo lo que guardamos de él. Anonimizar borra lo que le identifica; solo se
          puede cuando no tiene pólizas vivas y ha pasado el plazo legal de conservación.
        </p>
        {erasedAt ? (
          <p className="mt-3 font-semibold">Sus datos se anonimizaron el {formatDateTime(erasedAt)}.</p>
        ) : canWrite ? (
          <EraseControl detail={detail} lastResult={actionData?.intent === "erase" ? actionData.result : undefined} />
        ) : null}
      </DetailSection>
    </div>
  );
}

function Capped({ shown, total, block }: { shown: number; total: number; block?: boolean }) {
  if (shown >= total) return null;
  const text = ` Se muestran los ${shown} más recientes de ${total}.`;
  return block ? <p className="mb-3 text-slate-700">{text.trim()}</p> : <>{text}</>;
}

const dateCell = (value: string) => <time dateTime={value}>{formatDate(value)}</time>;

const POLICY_COLUMNS: Column<ClientDetail["policies"][number]>[] = [
  { id: "number", header: "Número", rowHeader: true, className: "font-mono whitespace-nowrap", cell: (p) => p.number },
  { id: "line", header: "Ramo", cell: (p) => LINE_LABELS[p.line] },
  { id: "plan", header: "Plan", cell: (p) => p.plan.name },
  { id: "status", header: "Estado", cell: (p) => <Badge tone={POLICY_STATUS_TONES[p.status]}>{POLICY_STATUS_LABELS[p.status]}</Badge> },
  { id: "start", header: "Efecto", className: "whitespace-nowrap", cell: (p) => dateCell(p.startDate) },
  { id: "end", header: "Vencimiento", className: "whitespace-nowrap", cell: (p) => dateCell(p.endDate) },
  { id: "frequency", header: "Pago", cell: (p) => FREQUENCY_LABELS[p.frequency] },
  { id: "total", header: "Prima total", align: "end", className: "whitespace-nowrap", cell: (p) => formatMoney(p.total) },
];

type ClientRecibo = ClientDetail["recibos"]["items"][number];
const RECIBO_COLUMNS: Column<ClientRecibo>[] = [
  { id: "policy", header: "Póliza", className: "font-mono whitespace-nowrap", cell: (r) => r.policyNumber },
  { id: "sequence", header: "Recibo", rowHeader: true, cell: (r) => `n.º ${r.sequence}` },
  { id: "due", header: "Vencimiento", className: "whitespace-nowrap", cell: (r) => dateCell(r.dueDate) },
  { id: "status", header: "Estado", cell: (r) => <Badge tone={RECIBO_STATUS_TONES[r.status]}>{RECIBO_STATUS_LABELS[r.status]}</Badge> },
  { id: "paid", header: "Cobrado", className: "whitespace-nowrap", cell: (r) => (r.paidAt ? dateCell(r.paidAt) : "—") },
  { id: "amount", header: "Importe", align: "end", className: "whitespace-nowrap", cell: (r) => formatMoney(r.amount) },
];

/** The recibos' columns, with each recibo's PDF for whoever may read policies. */
function reciboColumns(canDownload: boolean): Column<ClientRecibo>[] {
  if (!canDownload) return RECIBO_COLUMNS;
  return [
    ...RECIBO_COLUMNS,
    {
      id: "pdf",
      header: "Documento",
      cell: (r) => (
        <a href={adminDocumentPaths.recibo(r.policyId, r.sequence)} download>
          PDF
          {/* prettier-ignore */}
          <span className="sr-only"> del recibo {r.sequence} de la póliza {r.policyNumber}</span>
        </a>
      ),
    },
  ];
}

const QUOTE_COLUMNS: Column<ClientDetail["quotes"]["items"][number]>[] = [
  { id: "created", header: "Fecha", rowHeader: true, className: "whitespace-nowrap", cell: (q) => dateCell(q.createdAt) },
  { id: "line", header: "Ramo", cell: (q) => LINE_LABELS[q.line] },
  { id: "status", header: "Estado", cell: (q) => <Badge tone={QUOTE_STATUS_TONES[q.status]}>{QUOTE_STATUS_LABELS[q.status]}</Badge> },
  { id: "valid", header: "Válida hasta", className: "whitespace-nowrap", cell: (q) => dateCell(q.validUntil) },
  { id: "best", header: "Desde", align: "end", className: "whitespace-nowrap", cell: (q) => (q.bestPrice === null ? "—" : formatMoney(q.bestPrice)) },
];

const EMAIL_COLUMNS: Column<ClientDetail["emails"]["items"][number]>[] = [
  { id: "created", header: "Fecha", className: "whitespace-nowrap", cell: (e) => <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time> },
  { id: "subject", header: "Asunto", rowHeader: true, cell: (e) => e.subject },
  { id: "to", header: "Para", className: "break-all", cell: (e) => e.to },
  { id: "status", header: "Estado", cell: (e) => <Badge tone={EMAIL_STATUS_TONES[e.status]}>{EMAIL_STATUS_LABELS[e.status]}</Badge> },
];

function TimelineItem({ entry }: { entry: ClientTimelineEntry }) {
  const changes = entry.source === "audit" && (entry.before != null || entry.after != null);
  return (
    <li className="border-l-4 border-slate-300 pl-3">
      <p>
        <time dateTime={entry.at} className="tabular-nums text-slate-700">
          {formatDateTime(entry.at)}
        </time>{" "}
        <strong>{entry.label}</strong>
        {entry.policyNumber ? <span className="font-mono text-sm"> · {entry.policyNumber}</span> : null}
        {entry.actorLabel ? <span className="text-slate-700"> · {entry.actorLabel}</span> : null}
      </p>
      {entry.summary ? <p className="text-slate-700">{entry.summary}</p> : null}
      {changes ? (
        <details className="mt-1 text-sm">
          <summary className="cursor-pointer text-brand-700">Ver antes y después</summary>
          <dl className="mt-1 grid gap-x-3 sm:grid-cols-[max-content_1fr]">
            <dt className="font-semibold">Antes</dt>
            <dd className="break-all font-mono text-xs">{entry.before == null ? "—" : JSON.stringify(entry.before)}</dd>
            <dt className="font-semibold">Después</dt>
            <dd className="break-all font-mono text-xs">{entry.after == null ? "—" : JSON.stringify(entry.after)}</dd>
          </dl>
        </details>
      ) : null}
    </li>
  );
}

function NoteForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useZodForm({ id: "nueva-nota", schema: NewClientNoteSchema, lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-xl">
      <AuthenticityTokenInput />
      <ErrorSummary form={form} fields={[fields.body]} />
      <TextareaField label="Nueva nota" hint={`Hasta ${NOTE_MAX_LENGTH} caracteres.`} meta={fields.body} rows={3} className="mt-0" />
      <SubmitButton intent="note" pendingText="Guardando nota…" className="mt-3">
        Añadir nota
      </SubmitButton>
    </Form>
  );
}

function EraseControl({ detail, lastResult }: { detail: ClientDetail; lastResult: SubmissionResult<string[]> | undefined }) {
  return (
    <div className="mt-3">
      <FormErrorsAlert id="anonimizar" lastResult={lastResult} className="mb-3" />
      <ConfirmAction
        intent="erase"
        triggerLabel="Anonimizar datos"
        copy={ERASE_COPY}
        disabledReason={detail.erasure.allowed ? undefined : (detail.erasure.reason ?? "No se pueden anonimizar ahora.")}
      />
    </div>
  );
}
