import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DetailSection } from "~/components/ui/detail";
import { getFormProps } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import type { ReactNode } from "react";
import { z } from "zod";
import {
  AdminPolicySchema,
  CancelPolicyBodySchema,
  NoteBodySchema,
  StopRenewalBodySchema,
  SuspendPolicyBodySchema,
  type AdminPolicy,
  type AdminPolicyAction,
} from "../../api/contract/admin-policies";
import {
  ACTOR_TYPES,
  CANCELLATION_REASON_LABELS,
  CANCELLATION_REASONS,
  FREQUENCY_LABELS,
  PAYMENT_METHOD_LABELS,
  POLICY_EVENTS,
  POLICY_STATUS_LABELS,
  RENEWAL_STOPPER_LABELS,
  RENEWAL_STOPPERS,
  type CancellationReason,
  type RenewalStopper,
} from "../../api/contract/vocabulary";
import { AdminPolicyHeader, adminPolicyPath, adminPolicyPaymentsPath } from "~/components/policy/admin-policy-header";
import { ConfirmedForm } from "~/components/policy/confirmed-form";
import { Fact } from "~/components/policy/policy-facts";
import { PolicyGuarantees } from "~/components/policy/policy-guarantees";
import { PolicyRiskFacts } from "~/components/policy/policy-risk";
import { InsurerInfo } from "~/components/policy/insurer-info";
import { ReciboTable } from "~/components/policy/recibo-table";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { ConfirmStep, type ConfirmCopy } from "~/components/ui/confirm-dialog";
import { ErrorSummary } from "~/components/ui/error-summary";
import { DateField, SelectField, TextareaField } from "~/components/ui/field";
import { parseTypedDate } from "~/lib/typed-date";
import { withTypedDates } from "~/lib/typed-date-schema";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { loadAdminPolicy } from "~/lib/admin-policies.server";
import { formatDate, formatDateTime, formatMoney, isoDateTime } from "../../api/contract/format";
import { adminDocumentPaths, documentPaths } from "~/lib/document-paths";
import { adminTitle } from "~/lib/page-title";
import { positiveIdParam } from "~/lib/http";
import { runStaffAction, staffIntent } from "~/lib/staff-action.server";
import { redirectWithToast } from "~/lib/toast.server";
import { INTENT_FIELD, replyFor, type StaffActionReply } from "~/lib/form-intent";

/**
 * /admin/policies/{id}: one policy as staff see it: the actions its state allows now (each asks
 * first), its lifecycle, risk, guarantees, recibos in short, history and internal notes.
 */
const ROUTE_ID = "routes/admin.policies.$id._index";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: adminTitle(data ? `Póliza ${data.data.policy.number}` : "Póliza", matches) },
];

export const loader = (args: LoaderFunctionArgs) => adminLoader(args, ROUTE_ID, (context) => loadAdminPolicy(context, ROUTE_ID));

const NoFields = z.object({});
// The cancellation's date is typed as dd/mm/aaaa (ADR 020); the API takes it as ISO.
const CancelForm = withTypedDates(CancelPolicyBodySchema, ["effectiveDate"]);
type Intent = AdminPolicyAction | "note";

/** What each action says once done, from the policy as the API answers it afterwards. */
const DONE: Record<Intent, { title: string; detail?: (p: AdminPolicy) => string }> = {
  suspend: {
    title: "Cobertura suspendida",
    detail: () => "La póliza queda suspendida hasta que se rehabilite. El historial dice si se ha avisado al cliente por correo.",
  },
  reactivate: {
    title: "Póliza rehabilitada",
    detail: (p) =>
      p.lifecycle.coverResumesAt ? `La cobertura se reanuda el ${formatDateTime(p.lifecycle.coverResumesAt)}.` : "La póliza vuelve a estar en vigor.",
  },
  cancel: {
    title: "Póliza anulada",
    detail: (p) =>
      p.lifecycle.cancellation
        ? `Con efecto ${formatDate(p.lifecycle.cancellation.effectiveDate)}; sus recibos pendientes quedan anulados. El historial dice si se ha avisado al cliente por correo.`
        : "",
  },
  "stop-renewal": { title: "Renovación detenida", detail: (p) => `La póliza vencerá el ${formatDate(p.policy.endDate)}.` },
  renew: {
    title: "Renovación preparada",
    detail: (p) =>
      p.lifecycle.renewalOffer
        ? `Nueva anualidad del ${formatDate(p.lifecycle.renewalOffer.startDate)} al ${formatDate(p.lifecycle.renewalOffer.endDate)}, prima total ${formatMoney(p.lifecycle.renewalOffer.totalPremiumCents)}. Se ha enviado el aviso al cliente.`
        : "",
  },
  note: { title: "Nota añadida" },
};

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form, params }) => {
    const id = positiveIdParam(params.id);
    const act = <S extends z.AnyZodObject>(intent: Intent, schema: S, options?: { confirm?: boolean }) =>
      staffIntent(
        schema,
        async (values) => {
          const path = intent === "note" ? "notes" : intent;
          const policy = await api.post(`/admin/policies/${id}/${path}`, { body: values, schema: AdminPolicySchema });
          return redirectWithToast(adminPolicyPath(id), {
            type: "success",
            title: DONE[intent].title,
            description: DONE[intent].detail?.(policy) || undefined,
          });
        },
        options,
      );
    return runStaffAction(form, {
      suspend: act("suspend", SuspendPolicyBodySchema),
      reactivate: act("reactivate", NoFields),
      cancel: act("cancel", CancelForm),
      "stop-renewal": act("stop-renewal", StopRenewalBodySchema),
      renew: act("renew", NoFields),
      note: act("note", NoteBodySchema, { confirm: false }),
    });
  });

// ─── Confirmations ──────────────────────────────────────────────────────────────────────────

/** The question of each action; without JavaScript, `values` are the fields sent, repeated in it. */
function confirmCopy(intent: AdminPolicyAction, number: string, values: Record<string, string> = {}): ConfirmCopy {
  switch (intent) {
    case "suspend":
      return {
        title: `¿Suspender la cobertura de la póliza ${number}?`,
        description: withValues(
          "Mientras esté suspendida no cubre ningún siniestro. Se rehabilita cuando el cliente paga lo pendiente. El cliente recibe un aviso por correo con el motivo.",
          values.reason ? [`Motivo: ${values.reason}`] : [],
        ),
        confirmLabel: "Sí, suspender",
        pendingText: "Suspendiendo…",
        variant: "danger",
      };
    case "reactivate":
      return {
        title: `¿Rehabilitar la póliza ${number}?`,
        description: "Vuelve a estar en vigor; la cobertura se reanuda 24 horas después del pago (art. 15 LCS).",
        confirmLabel: "Sí, rehabilitar",
        pendingText: "Rehabilitando…",
        variant: "primary",
      };
    case "cancel":
      return {
        title: `¿Anular la póliza ${number}?`,
        description: withValues(
          "La anulación no se puede deshacer: sus recibos pendientes se anulan. El cliente recibe un aviso por correo con el motivo (sin la nota).",
          [
            ...(values.reason ? [`Motivo: ${CANCELLATION_REASON_LABELS[values.reason as CancellationReason] ?? values.reason}`] : []),
            ...(values.effectiveDate ? [`Fecha de efecto: ${safeDate(values.effectiveDate)}`] : []),
            ...(values.note ? [`Nota: ${values.note}`] : []),
          ],
        ),
        confirmLabel: "Sí, anular la póliza",
        pendingText: "Anulando…",
        variant: "danger",
      };
    case "stop-renewal":
      return {
        title: `¿Detener la renovación de la póliza ${number}?`,
        description: withValues(
          "La póliza no se prorrogará: vencerá en su fecha de vencimiento.",
          values.by ? [`Se opone: ${RENEWAL_STOPPER_LABELS[values.by as RenewalStopper] ?? values.by}`] : [],
        ),
        confirmLabel: "Sí, detener la renovación",
        pendingText: "Deteniendo…",
        variant: "danger",
      };
    case "renew":
      return {
        title: `¿Preparar ahora la renovación de la póliza ${number}?`,
        description:
          "Se tarifica la próxima anualidad con la tarifa vigente y se envía al cliente el aviso con la nueva prima. La anualidad cambia en la fecha de vencimiento.",
        confirmLabel: "Sí, renovar",
        pendingText: "Renovando…",
        variant: "primary",
      };
  }
}

function withValues(text: string, lines: string[]): ReactNode {
  if (lines.length === 0) return text;
  return (
    <>
      <p>{text}</p>
      <ul className="mt-2 list-disc pl-6">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </>
  );
}

/** A date as typed (dd/mm/aaaa, aaaa-mm-dd…) shown as dd/mm/aaaa, or as typed when it is no date. */
function safeDate(value: string): string {
  const iso = parseTypedDate(value);
  return iso ? formatDate(iso) : value;
}

// ─── The page ───────────────────────────────────────────────────────────────────────────────

export default function AdminPolicyPage() {
  const { data, canWrite } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StaffActionReply | undefined;
  const { policy } = data;
  const confirming = reply?.confirm && reply.intent !== "note" && data.actions.includes(reply.intent as AdminPolicyAction) ? reply : null;

  // Staff open a policy to read it: the summary first (situation, holder, risk, guarantees,
  // recibos), then the actions, each closed until asked for. The step that confirms an action
  // without JavaScript stays at the top: it is what the person is doing now, and takes focus.
  return (
    <div className="space-y-8">
      <AdminPolicyHeader data={data}>
        {canWrite && data.actions.length > 0 ? (
          <p>
            <a href="#acciones">Ir a las acciones</a>
          </p>
        ) : null}
      </AdminPolicyHeader>

      {canWrite && confirming ? (
        <ConfirmStep
          intent={confirming.intent}
          copy={confirmCopy(confirming.intent as AdminPolicyAction, policy.number, confirming.confirm)}
          fields={confirming.confirm}
        />
      ) : null}

      <DetailSection id="situacion" title="Situación">
        <LifecycleFacts data={data} />
      </DetailSection>

      <DetailSection id="tomador" title="Tomador">
        <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
          <Fact term="Nombre">{policy.policyholder.name}</Fact>
          <Fact term="NIF/NIE">{policy.policyholder.nif ?? "—"}</Fact>
          <Fact term="Correo electrónico">
            <span className="break-all">{policy.policyholder.email ?? "—"}</span>
          </Fact>
          <Fact term="Teléfono">{policy.policyholder.phone ?? "—"}</Fact>
          <Fact term="Dirección">
            {[policy.policyholder.address, [policy.policyholder.postalCode, policy.policyholder.city].filter(Boolean).join(" ")]
              .filter(Boolean)
              .join(", ") || "—"}
          </Fact>
        </dl>
      </DetailSection>

      <DetailSection id="riesgo" title="Riesgo asegurado">
        <PolicyRiskFacts policy={policy} />
        {policy.insurer ? (
          <InsurerInfo insurer={policy.insurer} intro="La entidad que cubre el riesgo de esta póliza (la del ramo cuando se contrató)." />
        ) : null}
        {canWrite && policy.status !== "anulada" && policy.status !== "vencida" ? (
          <p className="mt-4">
            <Link to={`/admin/policies/${policy.id}/edit`} className="underline">
              Modificar la matrícula o la dirección del riesgo, o el IBAN de los recibos
            </Link>
          </p>
        ) : null}
      </DetailSection>

      <DetailSection id="garantias" title="Garantías">
        <PolicyGuarantees policy={policy} />
      </DetailSection>

      <DetailSection id="recibos" title="Recibos">
        {data.recibos.length === 0 ? (
          <p className="mt-2 text-slate-700">La póliza no tiene recibos.</p>
        ) : (
          <ReciboTable
            badges
            policy={{
              number: policy.number,
              recibos: data.recibos.map((r) => ({
                sequence: r.sequence,
                kind: r.kind,
                period: r.period,
                dueDate: r.dueDate,
                amount: r.amountCents,
                status: r.status,
                paidAt: r.paidAt,
              })),
            }}
            pdfHref={(sequence) => adminDocumentPaths.recibo(policy.id, sequence)}
          />
        )}
        <p className="mt-3">
          <Link to={adminPolicyPaymentsPath(policy.id)}>Ver los recibos y cobros</Link>
        </p>
      </DetailSection>

      {/* Remounted by each change of the policy (its history grows): the form just confirmed is
          gone, so FocusOnNavigation takes the focus to the page's heading, as after a page change.
          The cancellation's default date is the API's today: its clock judges the date too. */}
      {canWrite ? <ActionsSection key={data.history.length} data={data} today={data.today} reply={reply} /> : null}

      <DetailSection id="documentos" title="Documentos">
        <ul className="mt-2 list-disc space-y-1 pl-6">
          <li>
            <a href={adminDocumentPaths.conditions(policy.id)} download>
              Condiciones particulares (PDF)
            </a>
          </li>
          <li>
            <a href={documentPaths.ipid(policy.line)}>Documento de información del producto (IPID) (PDF)</a>
          </li>
        </ul>
        <p className="mt-2 text-sm text-slate-700">
          Los recibos en PDF, en la tabla de recibos. Son los mismos documentos que el cliente descarga desde Mi póliza.
        </p>
      </DetailSection>

      <DetailSection id="historial" title="Historial">
        <History history={data.history} />
      </DetailSection>

      <DetailSection id="notas" title="Notas internas">
        <Notes notes={data.notes} canWrite={canWrite} reply={replyFor(reply, "note")} />
      </DetailSection>
    </div>
  );
}

function LifecycleFacts({ data }: { data: AdminPolicy }) {
  const { policy, lifecycle, payment } = data;
  return (
    <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
      <Fact term="Estado">{POLICY_STATUS_LABELS[policy.status]}</Fact>
      <Fact term="Anualidad">{data.term}</Fact>
      <Fact term="Fecha de efecto">{formatDate(policy.startDate)}</Fact>
      <Fact term="Fecha de vencimiento">{formatDate(policy.endDate)}</Fact>
      <Fact term="Contratada el">{formatDateTime(policy.createdAt)}</Fact>
      <Fact term="Prima total anual">
        {formatMoney(policy.premium.total)}
        {policy.termPremium.total !== policy.premium.total ? (
          <span className="block text-sm font-normal text-slate-600">
            Con los suplementos de esta anualidad; se emitió por {formatMoney(policy.termPremium.total)}.
          </span>
        ) : null}
      </Fact>
      <Fact term="Forma de pago">{FREQUENCY_LABELS[policy.frequency]}</Fact>
      <Fact term="Medio de pago">
        {payment.method ? PAYMENT_METHOD_LABELS[payment.method] : "—"}
        {payment.iban ? ` (${payment.iban})` : ""}
        {payment.method
          ? payment.hasMandate
            ? ", con mandato para los cobros siguientes"
            : ", sin mandato: los cobros siguientes no se pueden cargar"
          : ""}
      </Fact>
      {lifecycle.suspendedAt ? <Fact term="Suspendida el">{formatDateTime(lifecycle.suspendedAt)}</Fact> : null}
      {lifecycle.coverResumesAt ? <Fact term="La cobertura se reanuda el">{formatDateTime(lifecycle.coverResumesAt)}</Fact> : null}
      {lifecycle.cancellation ? (
        // prettier-ignore
        <Fact term="Anulación">
          {CANCELLATION_REASON_LABELS[lifecycle.cancellation.reason]}, con efecto {formatDate(lifecycle.cancellation.effectiveDate)} (registrada el {formatDateTime(lifecycle.cancellation.at)})
        </Fact>
      ) : null}
      {lifecycle.renewalStopped ? (
        // prettier-ignore
        <Fact term="Renovación">
          Detenida: {RENEWAL_STOPPER_LABELS[lifecycle.renewalStopped.by].toLowerCase()} se opone a la prórroga (el {formatDateTime(lifecycle.renewalStopped.at)})
        </Fact>
      ) : null}
      {lifecycle.renewalOffer ? (
        // prettier-ignore
        <Fact term="Renovación preparada">
          Del {formatDate(lifecycle.renewalOffer.startDate)} al {formatDate(lifecycle.renewalOffer.endDate)}, nueva prima total {formatMoney(lifecycle.renewalOffer.totalPremiumCents)} (ahora {formatMoney(policy.premium.total)}). {lifecycle.renewalOffer.noticeSentAt ? `Aviso enviado el ${formatDateTime(lifecycle.renewalOffer.noticeSentAt)}.` : "Aviso sin enviar."}
        </Fact>
      ) : null}
    </dl>
  );
}

function History({ history }: { history: AdminPolicy["history"] }) {
  if (history.length === 0) return <p className="mt-2 text-slate-700">Sin movimientos todavía.</p>;
  return (
    <ScrollRegion label="Historial de la póliza" className="mt-3 rounded-md border border-slate-200 bg-white">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">Historial de la póliza, lo más reciente primero</caption>
        <thead className="bg-slate-50">
          <tr className="border-b border-slate-300">
            <th scope="col" className="px-3 py-2">
              Fecha
            </th>
            <th scope="col" className="px-3 py-2">
              Quién
            </th>
            <th scope="col" className="px-3 py-2">
              Qué
            </th>
            <th scope="col" className="px-3 py-2">
              Estado
            </th>
          </tr>
        </thead>
        <tbody>
          {history.map((entry) => (
            <tr key={entry.id} className="border-b border-slate-200 align-top">
              <td className="whitespace-nowrap px-3 py-2">
                <time dateTime={isoDateTime(entry.at)}>{formatDateTime(entry.at)}</time>
              </td>
              <td className="px-3 py-2">{entry.actorLabel ?? ACTOR_TYPES[entry.actorType]}</td>
              <th scope="row" className="px-3 py-2 font-normal">
                <span className="font-semibold">{POLICY_EVENTS[entry.event as keyof typeof POLICY_EVENTS] ?? entry.event}</span>
                <span className="block text-slate-700">{entry.summary}</span>
              </th>
              <td className="whitespace-nowrap px-3 py-2">
                {entry.fromStatus && entry.toStatus && entry.fromStatus !== entry.toStatus ? (
                  <>
                    <span className="sr-only">De </span>
                    {POLICY_STATUS_LABELS[entry.fromStatus]}
                    <span aria-hidden="true"> → </span>
                    <span className="sr-only"> a </span>
                    {POLICY_STATUS_LABELS[entry.toStatus]}
                  </>
                ) : entry.toStatus && !entry.fromStatus ? (
                  POLICY_STATUS_LABELS[entry.toStatus]
                ) : (
                  <span className="text-slate-600">Sin cambio</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function Notes({ notes, canWrite, reply }: { notes: AdminPolicy["notes"]; canWrite: boolean; reply: StaffActionReply | undefined }) {
  return (
    <>
      {notes.length === 0 ? (
        <p className="mt-2 text-slate-700">No hay notas.{canWrite ? " Añade la primera con el formulario de abajo." : ""}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-md border border-slate-200 bg-white p-3">
              <p className="text-sm text-slate-600">
                {note.authorLabel}, <time dateTime={isoDateTime(note.at)}>{formatDateTime(note.at)}</time>
              </p>
              <p className="mt-1 whitespace-pre-line">{note.body}</p>
            </li>
          ))}
        </ul>
      )}
      {/* Remounted when a note is added, so the box is empty again. */}
      {canWrite ? <NoteForm key={notes.length} lastResult={reply?.result} /> : null}
    </>
  );
}

function NoteForm({ lastResult }: { lastResult: StaffActionReply["result"] }) {
  const [form, fields] = useZodForm({ id: "nueva-nota", schema: NoteBodySchema, lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 max-w-xl">
      <AuthenticityTokenInput />
      <ErrorSummary form={form} fields={[fields.body]} />
      <TextareaField
        meta={fields.body}
        label="Nueva nota"
        hint="Solo la ve el equipo; queda en el historial con tu nombre."
        rows={3}
        width="full"
        className="mt-2"
      />
      <SubmitButton intent="note" pendingText="Guardando la nota…" className="mt-4">
        Añadir nota
      </SubmitButton>
    </Form>
  );
}

// ─── Actions ────────────────────────────────────────────────────────────────────────────────

const ACTION_PANELS: Record<AdminPolicyAction, { title: string; text: string; trigger: string; variant: "primary" | "secondary" | "danger" }> = {
  suspend: { title: "Suspender la cobertura", text: "La póliza deja de cubrir hasta que se rehabilite.", trigger: "Suspender", variant: "danger" },
  reactivate: {
    title: "Rehabilitar",
    text: "Vuelve a ponerla en vigor. No se puede con un recibo impagado hace más de un mes: antes hay que cobrarlo.",
    trigger: "Rehabilitar póliza",
    variant: "secondary",
  },
  cancel: {
    title: "Anular la póliza",
    text: "Termina el contrato en la fecha de efecto y anula sus recibos pendientes.",
    trigger: "Anular póliza",
    variant: "danger",
  },
  "stop-renewal": {
    title: "Detener la renovación",
    text: "Oposición a la prórroga tácita: el cliente, con un mes de antelación al vencimiento; la aseguradora, con dos (art. 22 LCS).",
    trigger: "Detener la renovación",
    variant: "danger",
  },
  renew: {
    title: "Renovar ahora",
    text: "Tarifica la próxima anualidad y envía el aviso al cliente; se puede desde dos meses antes del vencimiento.",
    trigger: "Renovar ahora",
    variant: "secondary",
  },
};

/**
 * The actions the policy's state allows, each closed until asked for: the ones with fields behind
 * a disclosure (<details>: opens without JavaScript, by keyboard too), open again when refused so
 * the reason shows; the ones without fields are their button, which asks first like the others.
 */
function ActionsSection({ data, today, reply }: { data: AdminPolicy; today: string; reply: StaffActionReply | undefined }) {
  const { policy } = data;
  return (
    <DetailSection id="acciones" title="Acciones">
      {data.actions.length === 0 ? (
        <p className="mt-2 text-slate-700">
          En su estado actual ({POLICY_STATUS_LABELS[policy.status].toLowerCase()}) la póliza no admite ninguna acción.
        </p>
      ) : (
        <ul className="mt-3 grid items-start gap-4 md:grid-cols-2">
          {data.actions.map((intent) => {
            const panel = ACTION_PANELS[intent];
            const own = replyFor(reply, intent);
            const form = <ActionForm intent={intent} number={policy.number} today={today} lastResult={own?.result} />;
            return (
              <li key={intent} className="rounded-md border border-slate-200 bg-white p-4">
                {intent === "reactivate" || intent === "renew" ? (
                  <>
                    <p className="text-slate-700">{panel.text}</p>
                    {form}
                  </>
                ) : (
                  <details open={own?.result?.status === "error" || undefined}>
                    <summary className="min-h-[44px] cursor-pointer py-2 font-semibold text-brand-800">{panel.title}…</summary>
                    <p className="mt-1 text-slate-700">{panel.text}</p>
                    {form}
                  </details>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </DetailSection>
  );
}

const CANCEL_OPTIONS = CANCELLATION_REASONS.map((reason) => ({ value: reason, label: CANCELLATION_REASON_LABELS[reason] }));
const STOPPER_OPTIONS = RENEWAL_STOPPERS.map((by) => ({ value: by, label: RENEWAL_STOPPER_LABELS[by] }));

function ActionForm({
  intent,
  number,
  today,
  lastResult,
}: {
  intent: AdminPolicyAction;
  number: string;
  today: string;
  lastResult: StaffActionReply["result"];
}) {
  const panel = ACTION_PANELS[intent];
  const common = {
    id: `accion-${intent}`,
    hidden: { [INTENT_FIELD]: intent },
    lastResult,
    triggerLabel: panel.trigger,
    triggerVariant: panel.variant,
    copy: confirmCopy(intent, number),
    className: "mt-3",
  };
  switch (intent) {
    case "suspend":
      return (
        <ConfirmedForm {...common} schema={SuspendPolicyBodySchema}>
          {(fields) => (
            <TextareaField
              meta={fields.reason}
              label="Motivo de la suspensión"
              hint="Se envía al cliente en el aviso por correo: escríbelo para que lo entienda."
              rows={3}
              className="mt-2"
              width="full"
            />
          )}
        </ConfirmedForm>
      );
    case "cancel":
      return (
        <ConfirmedForm {...common} schema={CancelForm} defaultValue={{ effectiveDate: formatDate(today) }}>
          {(fields) => (
            <>
              <SelectField
                meta={fields.reason}
                label="Motivo de la anulación"
                hint="El desistimiento solo cabe en los 14 días siguientes a la contratación, y no en el seguro de coche (incluye la responsabilidad civil obligatoria)."
                placeholder="Elige el motivo"
                options={CANCEL_OPTIONS}
                width="sm"
                className="mt-2"
              />
              <DateField meta={fields.effectiveDate} label="Fecha de efecto" hint="Por defecto, hoy." example={formatDate(today)} className="mt-4" />
              <TextareaField
                meta={fields.note}
                label="Nota (opcional)"
                hint="Solo para el equipo: el aviso al cliente no la incluye."
                rows={2}
                width="full"
                className="mt-4"
              />
            </>
          )}
        </ConfirmedForm>
      );
    case "stop-renewal":
      return (
        <ConfirmedForm {...common} schema={StopRenewalBodySchema}>
          {(fields) => (
            <SelectField
              meta={fields.by}
              label="Quién se opone a la prórroga"
              placeholder="Elige quién"
              options={STOPPER_OPTIONS}
              width="sm"
              className="mt-2"
            />
          )}
        </ConfirmedForm>
      );
    case "reactivate":
    case "renew":
      return <ConfirmedForm {...common} schema={NoFields} />;
  }
}
