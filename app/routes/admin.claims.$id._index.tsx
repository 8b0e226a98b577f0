import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { AdminClaimSchema, ClaimHandlersSchema, type AdminClaim } from "../../api/contract/admin-claims";
import {
  CLAIM_CHECK_LABELS,
  CLAIM_CHECK_RESULT_TONES,
  CLAIM_CONTACT_TIME_LABELS,
  CLAIM_DOCUMENT_KIND_LABELS,
  CLAIM_EVENT_TYPE_INFO,
  CLAIM_EVENTS,
  CLAIM_FRAUD_SIGNAL_LABELS,
  CLAIM_PLAIN_TARGETS,
  CLAIM_STATUS_LABELS,
  CLAIM_TRANSITIONS,
  type ClaimEvent,
} from "../../api/contract/claim-vocabulary";
import type { ClaimCoverResult } from "../../api/contract/claims";
import { formatDate, formatDateTime, formatMoney } from "../../api/contract/format";
import { LINE_LABELS } from "../../api/contract/vocabulary";
import { formatFileSize } from "../../api/contract/uploads";
import { DetailHeader } from "~/components/admin/detail-header";
import { HistorySection } from "~/components/admin/history-section";
import {
  AcceptForm,
  acceptCopy,
  AssignForm,
  CLAIM_FORMS,
  CloseOrReopenForm,
  closeCopy,
  ExpertForm,
  MessageForm,
  payablePreview,
  rejectCopy,
  RejectForm,
  reopenCopy,
  RequestDocumentForm,
  ReserveForm,
  StatusForm,
  type ClaimIntent,
} from "~/components/claim/claim-actions";
import { ClaimFileForm } from "~/components/claim/claim-file-form";
import { ADMIN_CLAIMS_PATH, adminClaimPath } from "~/components/claim/claim-list-columns";
import { ClaimStatusBadge } from "~/components/claim/claim-status-badge";
import { Badge } from "~/components/ui/badge";
import { ConfirmStep, type ConfirmCopy } from "~/components/ui/confirm-dialog";
import { Detail, DetailSection } from "~/components/ui/detail";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { replyFor, type StaffActionReply } from "~/lib/form-intent";
import { positiveIdParam } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";
import { runStaffAction, staffIntent } from "~/lib/staff-action.server";
import { redirectWithToast } from "~/lib/toast.server";

/** /admin/claims/{id}: one claim for its handler — what was declared, the cover checked line by line, the signals, the reserve, the thread — and the actions. */
const ROUTE_ID = "routes/admin.claims.$id._index";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: adminTitle(data ? `Siniestro ${data.claim.number}` : "Siniestro", matches) },
];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ api, params, request }) => {
    const claim = await api.get(`/admin/claims/${positiveIdParam(params.id)}`, { schema: AdminClaimSchema, signal: request.signal });
    // The handlers only for whoever may assign.
    const handlers = claim.can.write
      ? (await api.get("/admin/claims/handlers", { schema: ClaimHandlersSchema, signal: request.signal })).handlers
      : [];
    return { claim, handlers };
  });

type Toast = { title: string; description?: string };

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form, params }) => {
    const id = positiveIdParam(params.id);
    const post = async (path: string, body: unknown, toast: (claim: AdminClaim) => Toast, hash = "") => {
      const claim = await api.post(`/admin/claims/${id}/${path}`, { body, schema: AdminClaimSchema });
      return redirectWithToast(`${adminClaimPath(id)}${hash}`, { type: "success", ...toast(claim) });
    };
    const intents: Record<ClaimIntent, ReturnType<typeof staffIntent>> = {
      assign: staffIntent(
        CLAIM_FORMS.assign,
        (body) => post("assign", body, (c) => ({ title: c.handler ? `Asignado a ${c.handler.name}` : "Sin tramitador" })),
        {
          confirm: false,
        },
      ),
      status: staffIntent(
        CLAIM_FORMS.status,
        (body) => post("status", body, (c) => ({ title: `Ahora está ${CLAIM_STATUS_LABELS[c.status].toLowerCase()}` })),
        {
          confirm: false,
        },
      ),
      reserve: staffIntent(CLAIM_FORMS.reserve, (body) => post("reserve", body, (c) => ({ title: `Reserva de ${formatMoney(c.reserveCents)}` })), {
        confirm: false,
      }),
      accept: staffIntent(CLAIM_FORMS.accept, (body) =>
        post("accept", body, (c) => ({
          title: "Siniestro aceptado",
          description: `A pagar ${formatMoney(c.accepted?.payableCents ?? 0)} (franquicia ${formatMoney(c.accepted?.deductibleCents ?? 0)})`,
        })),
      ),
      reject: staffIntent(CLAIM_FORMS.reject, (body) =>
        post("reject", body, () => ({ title: "Siniestro rechazado", description: "El cliente verá el motivo" })),
      ),
      close: staffIntent(CLAIM_FORMS.close, (body) => post("status", { ...body, status: "cerrado" }, () => ({ title: "Siniestro cerrado" }))),
      reopen: staffIntent(CLAIM_FORMS.reopen, (body) => post("status", { ...body, status: "reabierto" }, () => ({ title: "Siniestro reabierto" }))),
      message: staffIntent(CLAIM_FORMS.message, (body) => post("messages", body, () => ({ title: "Mensaje enviado al cliente" }), "#mensajes"), {
        confirm: false,
      }),
      request: staffIntent(
        CLAIM_FORMS.request,
        (body) => post("document-requests", body, () => ({ title: "Documento pedido", description: "El cliente recibe un correo" }), "#ficheros"),
        { confirm: false },
      ),
      expert: staffIntent(
        CLAIM_FORMS.expert,
        (body) => post("expert", body, (c) => ({ title: `Perito designado: ${c.expert?.name ?? ""}` }), "#perito"),
        {
          confirm: false,
        },
      ),
    };
    return runStaffAction(form, intents);
  });

const RESULT_LABELS = { ok: "Cumple", fallo: "Falla", aviso: "Aviso" } as const;

function Checklist({ title, cover }: { title: string; cover: ClaimCoverResult }) {
  return (
    <div className="mt-3">
      <h3 className="text-lg font-bold">{title}</h3>
      <p className="text-slate-700">
        {`Reglas aplicadas al día ${formatDate(cover.occurredOn)}: `}
        <strong>{cover.covered ? "cubierto" : "no cubierto"}</strong>.
      </p>
      <ul className="mt-2 space-y-2">
        {cover.lines.map((line) => (
          <li key={line.check} className="rounded-md border border-slate-200 bg-white p-3">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={CLAIM_CHECK_RESULT_TONES[line.result]}>{RESULT_LABELS[line.result]}</Badge>
              <span className="font-semibold">{CLAIM_CHECK_LABELS[line.check]}</span>
              {line.article ? <span className="text-sm text-slate-700">({line.article})</span> : null}
            </div>
            <p className="mt-1">{line.reason}</p>
          </li>
        ))}
      </ul>
      {cover.amounts ? (
        <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
          <Detail term="Garantía">{cover.amounts.guaranteeCode}</Detail>
          <Detail term="Importe">{cover.amounts.claimedCents === null ? "Sin importe" : formatMoney(cover.amounts.claimedCents)}</Detail>
          <Detail term="Franquicia">{formatMoney(cover.amounts.deductibleCents)}</Detail>
          <Detail term="Límite">{cover.amounts.limitCents === null ? "Sin límite en euros" : formatMoney(cover.amounts.limitCents)}</Detail>
          <Detail term="A pagar">{cover.amounts.payableCents === null ? "—" : formatMoney(cover.amounts.payableCents)}</Detail>
        </dl>
      ) : null}
    </div>
  );
}

function confirmCopyOf(intent: string, claim: AdminClaim, fields: Record<string, string>): ConfirmCopy | null {
  if (intent === "accept") return acceptCopy(claim.number, payablePreview(fields.acceptedCents, claim.coverAtDeclaration?.amounts ?? null));
  if (intent === "reject") return rejectCopy(claim.number);
  if (intent === "close") return closeCopy(claim.number);
  if (intent === "reopen") return reopenCopy(claim.number);
  return null;
}

export default function AdminClaimPage() {
  const { claim, handlers } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StaffActionReply | undefined;
  const result = (intent: ClaimIntent) => replyFor(reply, intent)?.result;
  const next = CLAIM_TRANSITIONS[claim.status];
  const plain = CLAIM_PLAIN_TARGETS.filter((t): t is "en_revision" | "peritacion" => (t === "en_revision" || t === "peritacion") && next.includes(t));
  const done = claim.status === "pagado" || claim.status === "cerrado" || claim.status === "rechazado";
  const canPay = claim.can.pay && claim.status === "aceptado" && (claim.accepted?.payableCents ?? 0) > 0;
  const confirming = claim.can.write && reply?.confirm ? confirmCopyOf(reply.intent, claim, reply.confirm) : null;
  const unread = claim.thread.messages.filter((m) => m.author === "cliente" && m.readAt === null).length;
  const info = CLAIM_EVENT_TYPE_INFO[claim.eventType];

  return (
    <article className="space-y-8">
      <DetailHeader
        back={{ to: ADMIN_CLAIMS_PATH, label: "Siniestros" }}
        title={`Siniestro ${claim.number}`}
        badges={
          <>
            <ClaimStatusBadge status={claim.status} />
            {claim.covered ? null : <Badge tone="danger">No cubierto según las reglas</Badge>}
            {claim.fraudSignals.length > 0 ? <Badge tone="warning">{`${claim.fraudSignals.length} señal(es) de fraude`}</Badge> : null}
          </>
        }
        sections={[
          ["declarado", "Lo declarado"],
          ["cobertura", "Cobertura"],
          ["senales", "Señales"],
          ["reserva", "Reserva"],
          ["perito", "Perito"],
          ["ficheros", "Documentos"],
          ["mensajes", "Mensajes"],
          ...(claim.can.write || canPay ? ([["acciones", "Acciones"]] as const) : []),
          ["historial", "Historial"],
        ]}
        sectionsLabel="Secciones del siniestro"
      >
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
          <Detail term="Seguro">{`${LINE_LABELS[claim.line]}: ${info.label}`}</Detail>
          <Detail term="Póliza">
            <Link to={`/admin/policies/${claim.policy.id}`}>{claim.policy.number}</Link>
          </Detail>
          <Detail term="Tomador">{claim.holder}</Detail>
          <Detail term="Tramitador">{claim.handler?.name ?? "Sin asignar"}</Detail>
        </dl>
        {canPay ? (
          <p>
            <Link to={`${adminClaimPath(claim.id)}/pagar`} className="btn-primary">
              Pagar la indemnización
            </Link>
          </p>
        ) : null}
      </DetailHeader>

      {confirming && reply ? <ConfirmStep intent={reply.intent} copy={confirming} fields={reply.confirm} /> : null}

      <DetailSection id="declarado" title="Lo declarado">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
          <Detail term="Ocurrido">{formatDateTime(claim.occurredAt)}</Detail>
          <Detail term="Declarado">{formatDateTime(claim.declaredAt)}</Detail>
          <Detail term="Dónde">{claim.place ?? "—"}</Detail>
          <Detail term="Importe reclamado">{claim.claimedCents === null ? "Sin importe" : formatMoney(claim.claimedCents)}</Detail>
          <Detail term="Teléfono">{claim.contact.phone ?? "—"}</Detail>
          <Detail term="Correo">{claim.contact.email ?? "—"}</Detail>
          <Detail term="Cuándo llamar">{claim.contact.time ? CLAIM_CONTACT_TIME_LABELS[claim.contact.time] : "—"}</Detail>
          {claim.otherPlate ? <Detail term="Matrícula del otro vehículo">{claim.otherPlate}</Detail> : null}
          {claim.otherInsurer ? <Detail term="Aseguradora del otro vehículo">{claim.otherInsurer}</Detail> : null}
          {claim.rentMonthsUnpaid !== null ? <Detail term="Mensualidades impagadas">{String(claim.rentMonthsUnpaid)}</Detail> : null}
        </dl>
        <h3 className="mt-4 text-lg font-bold">Descripción</h3>
        <p className="whitespace-pre-line">{claim.description}</p>
      </DetailSection>

      <DetailSection id="cobertura" title="Cobertura">
        {claim.coverAtDeclaration ? <Checklist title="Al declararlo" cover={claim.coverAtDeclaration} /> : <p>Sin comprobación.</p>}
        {claim.coverAtAcceptance ? <Checklist title="Al aceptarlo" cover={claim.coverAtAcceptance} /> : null}
        {claim.accepted ? (
          <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
            <Detail term="Importe aceptado">{formatMoney(claim.accepted.acceptedCents)}</Detail>
            <Detail term="Franquicia aplicada">{formatMoney(claim.accepted.deductibleCents)}</Detail>
            <Detail term="Límite aplicado">
              {claim.accepted.limitCents === null ? "Sin límite en euros" : formatMoney(claim.accepted.limitCents)}
            </Detail>
            <Detail term="A pagar">{formatMoney(claim.accepted.payableCents)}</Detail>
          </dl>
        ) : null}
        {claim.rejectionReason ? (
          <div className="mt-4">
            <h3 className="text-lg font-bold">Motivo del rechazo (lo lee el cliente)</h3>
            <p className="whitespace-pre-line">{claim.rejectionReason}</p>
          </div>
        ) : null}
        {claim.payment ? (
          <p className="mt-4">{`Pagado el ${formatDateTime(claim.payment.paidAt)}: ${formatMoney(claim.payment.paidCents)} a ${claim.payment.ibanMasked}${
            claim.payment.reference ? ` (ref. ${claim.payment.reference})` : ""
          }${claim.payment.paidBy ? `, por ${claim.payment.paidBy}` : ""}.`}</p>
        ) : null}
      </DetailSection>

      <DetailSection id="senales" title="Señales de fraude">
        <p className="text-slate-700">Son señales para que las mires, no una decisión: no rechazan ni retrasan nada.</p>
        {claim.fraudSignals.length === 0 ? (
          <p className="mt-2">Ninguna señal.</p>
        ) : (
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {claim.fraudSignals.map((s) => (
              <li key={s.signal}>
                <strong>{CLAIM_FRAUD_SIGNAL_LABELS[s.signal]}</strong>: {s.detail}
              </li>
            ))}
          </ul>
        )}
      </DetailSection>

      <DetailSection id="reserva" title="Reserva">
        <p>
          Reserva actual: <strong>{formatMoney(claim.reserveCents)}</strong>
        </p>
        {claim.reserveChanges.length === 0 ? (
          <p className="mt-2 text-slate-700">Sin cambios de reserva.</p>
        ) : (
          <ul className="mt-2 space-y-1">
            {claim.reserveChanges.map((r, i) => (
              <li
                key={i}
              >{`${formatDateTime(r.at)}: de ${formatMoney(r.fromCents)} a ${formatMoney(r.toCents)} — ${r.reason}${r.actor ? ` (${r.actor})` : ""}`}</li>
            ))}
          </ul>
        )}
      </DetailSection>

      <DetailSection id="perito" title="Perito">
        {claim.expert ? (
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
            <Detail term="Nombre">{claim.expert.name}</Detail>
            <Detail term="Contacto">{[claim.expert.phone, claim.expert.email].filter(Boolean).join(", ")}</Detail>
            <Detail term="Designado">{`${formatDateTime(claim.expert.appointedAt)}${claim.expert.appointedBy ? ` por ${claim.expert.appointedBy}` : ""}`}</Detail>
            {claim.expert.note ? <Detail term="Nota">{claim.expert.note}</Detail> : null}
          </dl>
        ) : (
          <p className="text-slate-700">Sin perito designado.</p>
        )}
      </DetailSection>

      <DetailSection id="ficheros" title="Documentos">
        <h3 className="text-lg font-bold">Ficheros</h3>
        {claim.thread.files.length === 0 ? (
          <p className="text-slate-700">Ningún fichero todavía.</p>
        ) : (
          <ul className="mt-2 space-y-1">
            {claim.thread.files.map((f) => (
              <li key={f.id}>
                <a href={`${adminClaimPath(claim.id)}/ficheros/${f.id}`} download>
                  {`${CLAIM_DOCUMENT_KIND_LABELS[f.kind]}: ${f.filename}`}
                </a>
                {` (${formatFileSize(f.sizeBytes)}, ${f.uploadedBy === "cliente" ? "del cliente" : "del tramitador"}, ${formatDateTime(f.at)})`}
              </li>
            ))}
          </ul>
        )}
        <h3 className="mt-4 text-lg font-bold">Documentos pedidos al cliente</h3>
        {claim.thread.requests.length === 0 ? (
          <p className="text-slate-700">Ninguno.</p>
        ) : (
          <ul className="mt-2 space-y-1">
            {claim.thread.requests.map((r) => (
              <li key={r.id}>
                <Badge tone={r.fulfilledAt ? "success" : "warning"}>{r.fulfilledAt ? "Recibido" : "Pendiente"}</Badge>
                {` ${CLAIM_DOCUMENT_KIND_LABELS[r.kind]}${r.note ? `: ${r.note}` : ""} — pedido el ${formatDateTime(r.requestedAt)}${
                  r.fulfilledAt ? `, recibido el ${formatDateTime(r.fulfilledAt)}` : ""
                }`}
              </li>
            ))}
          </ul>
        )}
      </DetailSection>

      <DetailSection id="mensajes" title="Mensajes con el cliente">
        {unread > 0 ? <p className="text-slate-700">{`${unread} mensaje(s) del cliente sin leer.`}</p> : null}
        {claim.thread.messages.length === 0 ? (
          <p className="text-slate-700">Ningún mensaje todavía.</p>
        ) : (
          <ol className="mt-2 space-y-3">
            {claim.thread.messages.map((m) => (
              <li
                key={m.id}
                className={`rounded-md border p-3 ${m.author === "cliente" ? "border-slate-200 bg-white" : "border-brand-200 bg-brand-50"}`}
              >
                <p className="text-sm text-slate-700">
                  {`${m.author === "cliente" ? `${claim.holder} (cliente)` : (m.authorName ?? "Tramitador")} · ${formatDateTime(m.at)}${
                    m.readAt ? ` · leído el ${formatDateTime(m.readAt)}` : " · sin leer"
                  }`}
                </p>
                <p className="mt-1 whitespace-pre-line">{m.body}</p>
              </li>
            ))}
          </ol>
        )}
        {claim.can.write ? (
          <div className="mt-4 max-w-xl">
            <MessageForm key={claim.thread.messages.length} lastResult={result("message")} />
          </div>
        ) : null}
      </DetailSection>

      {claim.can.write ? (
        <DetailSection id="acciones" title="Acciones">
          <div key={claim.history.length} className="grid gap-8 lg:grid-cols-2">
            <ActionBox title="Asignar">
              <AssignForm handlers={handlers} handlerId={claim.handler?.id ?? null} lastResult={result("assign")} />
            </ActionBox>
            {plain.length > 0 ? (
              <ActionBox title="Cambiar el estado">
                <StatusForm targets={plain} lastResult={result("status")} />
              </ActionBox>
            ) : null}
            {!done ? (
              <ActionBox title="Reserva">
                <ReserveForm lastResult={result("reserve")} />
              </ActionBox>
            ) : null}
            {next.includes("aceptado") ? (
              <ActionBox title="Aceptar">
                <AcceptForm number={claim.number} amounts={claim.coverAtDeclaration?.amounts ?? null} lastResult={result("accept")} />
              </ActionBox>
            ) : null}
            {next.includes("rechazado") ? (
              <ActionBox title="Rechazar">
                <RejectForm number={claim.number} lastResult={result("reject")} />
              </ActionBox>
            ) : null}
            {next.includes("cerrado") ? (
              <ActionBox title="Cerrar">
                <CloseOrReopenForm kind="close" number={claim.number} lastResult={result("close")} />
              </ActionBox>
            ) : null}
            {next.includes("reabierto") ? (
              <ActionBox title="Reabrir">
                <CloseOrReopenForm kind="reopen" number={claim.number} lastResult={result("reopen")} />
              </ActionBox>
            ) : null}
            {claim.status !== "cerrado" ? (
              <ActionBox title="Pedir un documento al cliente">
                <RequestDocumentForm lastResult={result("request")} />
              </ActionBox>
            ) : null}
            {!done ? (
              <ActionBox title="Designar un perito">
                <ExpertForm lastResult={result("expert")} />
              </ActionBox>
            ) : null}
            <ActionBox title="Subir un fichero (el informe del perito)">
              <ClaimFileForm claimId={claim.id} />
            </ActionBox>
          </div>
        </DetailSection>
      ) : null}

      <HistorySection
        caption="Historial del siniestro"
        empty="Sin cambios registrados."
        entries={claim.history.map((h, i) => ({
          key: i,
          at: h.at,
          label: CLAIM_EVENTS[h.event as ClaimEvent] ?? h.event,
          summary: h.note ? `${h.summary}. Nota: ${h.note}` : h.summary,
          actor: h.actor,
        }))}
      />
    </article>
  );
}

function ActionBox({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-md border border-slate-200 bg-white p-4" aria-label={title}>
      <h3 className="text-lg font-bold">{title}</h3>
      {children}
    </section>
  );
}
