import type { ReactNode } from "react";
import { z } from "zod";
import {
  CancelPolicyBodySchema,
  StopRenewalBodySchema,
  SuspendPolicyBodySchema,
  type AdminPolicy,
  type AdminPolicyAction,
} from "../../../api/contract/admin-policies";
import { formatDate } from "../../../api/contract/format";
import {
  CANCELLATION_REASON_LABELS,
  CANCELLATION_REASONS,
  POLICY_STATUS_LABELS,
  RENEWAL_STOPPER_LABELS,
  RENEWAL_STOPPERS,
  type CancellationReason,
  type RenewalStopper,
} from "../../../api/contract/vocabulary";
import { ConfirmedForm } from "~/components/admin/confirmed-form";
import type { ConfirmCopy } from "~/components/ui/confirm-dialog";
import { DetailSection } from "~/components/ui/detail";
import { DateField, SelectField, TextareaField } from "~/components/ui/field";
import { INTENT_FIELD, replyFor, type StaffActionReply } from "~/lib/form-intent";
import { parseTypedDate } from "~/lib/typed-date";
import { withTypedDates } from "~/lib/typed-date-schema";

/**
 * The "Acciones" section of /admin/policies/{id}: the lifecycle actions the policy's state allows
 * (suspend, reactivate, cancel, stop the renewal, renew now), each a ConfirmedForm that asks
 * first, and the question each asks (also the no-JavaScript confirmation step's).
 */

/** The form of an action without fields. */
export const NoFields = z.object({});
// The cancellation's date is typed as dd/mm/aaaa (ADR 020); the API takes it as ISO.
export const CancelForm = withTypedDates(CancelPolicyBodySchema, ["effectiveDate"]);

/** The question of each action; without JavaScript, `values` are the fields sent, repeated in it. */
export function confirmCopy(intent: AdminPolicyAction, number: string, values: Record<string, string> = {}): ConfirmCopy {
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
export function PolicyActionsSection({ data, today, reply }: { data: AdminPolicy; today: string; reply: StaffActionReply | undefined }) {
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
