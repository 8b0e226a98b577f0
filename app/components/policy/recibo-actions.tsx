import {
  MarkReciboPaidBodySchema,
  ReturnReciboBodySchema,
  type AdminPolicy,
  type AdminRecibo,
  type AdminReciboAction,
} from "../../../api/contract/admin-policies";
import { formatDate, formatDateTime, formatMoney } from "../../../api/contract/format";
import { PAYMENT_METHOD_LABELS, RECIBO_KIND_LABELS } from "../../../api/contract/vocabulary";
import { ConfirmedForm } from "~/components/admin/confirmed-form";
import type { Column } from "~/components/list/data-table";
import { ReciboStatusBadge } from "~/components/policy/recibo-status-badge";
import { ReciboPeriod } from "~/components/policy/recibo-table";
import type { ConfirmCopy } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { adminDocumentPaths } from "~/lib/document-paths";
import { NoFields } from "~/components/policy/policy-actions";
import { INTENT_FIELD, TARGET_FIELD, replyFor, type StaffActionReply } from "~/lib/form-intent";

// The recibos of /admin/policies/{id}/payments: the table's columns, each recibo's actions (each a
// ConfirmedForm of the page's runStaffAction, the recibo as its target) and the question each asks.

const TRIGGERS: Record<AdminReciboAction, { label: string; variant: "primary" | "secondary" | "danger" }> = {
  charge: { label: "Cobrar ahora", variant: "secondary" },
  return: { label: "Marcar devuelto", variant: "danger" },
  "mark-paid": { label: "Cobrado por transferencia", variant: "secondary" },
  cancel: { label: "Anular", variant: "danger" },
  refund: { label: "Extornar", variant: "danger" },
};

export function confirmCopy(intent: AdminReciboAction, recibo: AdminRecibo, values: Record<string, string> = {}): ConfirmCopy {
  const which = `el recibo ${recibo.sequence} (${formatMoney(recibo.amountCents)})`;
  const extra = values.reason ? ` Motivo: ${values.reason}.` : values.reference ? ` Referencia: ${values.reference}.` : "";
  switch (intent) {
    case "charge":
      return {
        title: `¿Cobrar ahora ${which}?`,
        description: "Se carga con el medio de pago de la póliza. Si el banco lo rechaza, el recibo queda devuelto con el motivo.",
        confirmLabel: "Sí, cobrar",
        pendingText: "Cobrando…",
        variant: "primary",
      };
    case "return":
      return {
        title: `¿Marcar como devuelto ${which}?`,
        description: `El recibo queda impagado; si sigue así un mes después de su vencimiento, la póliza se suspende (art. 15 LCS).${extra}`,
        confirmLabel: "Sí, marcar devuelto",
        pendingText: "Guardando…",
        variant: "danger",
      };
    case "mark-paid":
      return {
        title: `¿Dar por cobrado ${which} por transferencia?`,
        description: `Compruébalo antes en el banco: el recibo queda cobrado con esa referencia.${extra}`,
        confirmLabel: "Sí, está cobrado",
        pendingText: "Guardando…",
        variant: "primary",
      };
    case "cancel":
      return {
        title: `¿Anular ${which}?`,
        description: "El recibo deja de cobrarse. No se puede deshacer.",
        confirmLabel: "Sí, anular el recibo",
        pendingText: "Anulando…",
        variant: "danger",
      };
    case "refund":
      return {
        title: `¿Extornar ${which}?`,
        description: "Se devuelve su importe al cliente por el medio con el que pagó. No se puede deshacer.",
        confirmLabel: "Sí, extornar",
        pendingText: "Extornando…",
        variant: "danger",
      };
  }
}

export function reciboColumns(
  data: AdminPolicy,
  canWrite: boolean,
  reply: StaffActionReply | undefined,
  canReadDocuments = true,
): Column<AdminRecibo>[] {
  const method = data.payment.method ? PAYMENT_METHOD_LABELS[data.payment.method] : "—";
  // What matters first on a narrow screen: number, period, amount and status; the rest after.
  const list: Column<AdminRecibo>[] = [
    {
      id: "sequence",
      header: "Recibo",
      rowHeader: true,
      cell: (r) => (
        <>
          {r.sequence}
          {r.kind === "suplemento" ? <span className="block text-sm text-slate-600">{RECIBO_KIND_LABELS[r.kind]}</span> : null}
        </>
      ),
    },
    {
      id: "period",
      header: "Periodo",
      cell: (r) => <ReciboPeriod period={r.period} />,
    },
    { id: "amount", header: "Importe", align: "end", className: "whitespace-nowrap tabular-nums", cell: (r) => formatMoney(r.amountCents) },
    {
      id: "status",
      header: "Estado",
      cell: (r) => (
        <>
          <ReciboStatusBadge status={r.status} />
          {r.paidAt ? <span className="mt-1 block text-sm text-slate-600">el {formatDateTime(r.paidAt)}</span> : null}
        </>
      ),
    },
    { id: "dueDate", header: "Vencimiento", className: "whitespace-nowrap", cell: (r) => formatDate(r.dueDate) },
    { id: "term", header: "Anualidad", cell: (r) => r.term },
    { id: "method", header: "Medio", cell: (r) => (r.paidReference ? "Transferencia" : method) },
    {
      id: "attempts",
      header: "Intentos",
      cell: (r) => (
        <>
          {r.attempts}
          {r.lastAttemptAt ? <span className="block text-sm text-slate-600">último: {formatDateTime(r.lastAttemptAt)}</span> : null}
        </>
      ),
    },
    {
      id: "detail",
      header: "Devolución / referencia",
      // A recibo paid by transfer after a return keeps both: what happened, in order.
      cell: (r) =>
        r.returnReason || r.paidReference ? (
          <>
            {r.returnReason ? <span className="block">Devuelto: {r.returnReason}</span> : null}
            {r.paidReference ? <span className="block">Transferencia {r.paidReference}</span> : null}
          </>
        ) : (
          "—"
        ),
    },
  ];
  // The recibo and justificante PDFs only for documents:read (ADR 036), as the API asks.
  if (canReadDocuments)
    list.push({
      id: "pdf",
      header: "Documento",
      cell: (r) => (
        <>
          <a href={adminDocumentPaths.recibo(data.policy.id, r.sequence)} download>
            PDF<span className="sr-only"> del recibo {r.sequence}</span>
          </a>
          {/* The justificante de pago of a collected recibo (ADR 031; documents:read). */}
          {r.status === "cobrado" ? (
            <a href={adminDocumentPaths.receipt(data.policy.id, r.sequence)} download className="block whitespace-nowrap">
              Justificante<span className="sr-only"> de pago del recibo {r.sequence}</span>
            </a>
          ) : null}
        </>
      ),
    });
  if (canWrite) {
    list.push({
      id: "actions",
      header: "Acciones",
      cell: (r) => (r.actions.length ? <ReciboActions recibo={r} reply={reply} /> : <span className="text-slate-600">Ninguna</span>),
    });
  }
  return list;
}

/** The actions of one recibo: buttons, and the ones with a field behind a disclosure (no JavaScript needed). */
function ReciboActions({ recibo, reply }: { recibo: AdminRecibo; reply: StaffActionReply | undefined }) {
  const target = String(recibo.id);
  return (
    <div className="flex min-w-[14rem] flex-col items-start gap-2">
      {recibo.actions.map((intent) => {
        const own = replyFor(reply, intent, target);
        const common = {
          id: `recibo-${recibo.id}-${intent}`,
          hidden: { [INTENT_FIELD]: intent, [TARGET_FIELD]: target },
          lastResult: own?.result,
          triggerLabel: (
            <>
              {TRIGGERS[intent].label}
              <span className="sr-only"> el recibo {recibo.sequence}</span>
            </>
          ),
          triggerVariant: TRIGGERS[intent].variant,
          copy: confirmCopy(intent, recibo),
        };
        if (intent === "return" || intent === "mark-paid") {
          const failed = own?.result?.status === "error";
          return (
            <details key={intent} open={failed || undefined} className="w-full">
              <summary className="cursor-pointer font-medium text-brand-800">
                {TRIGGERS[intent].label}…<span className="sr-only"> (recibo {recibo.sequence})</span>
              </summary>
              {intent === "return" ? (
                <ConfirmedForm {...common} schema={ReturnReciboBodySchema}>
                  {(fields) => (
                    <Field
                      meta={fields.reason}
                      label="Motivo de la devolución"
                      hint="Por ejemplo, «Cuenta sin saldo»."
                      width="full"
                      className="mt-2"
                    />
                  )}
                </ConfirmedForm>
              ) : (
                <ConfirmedForm {...common} schema={MarkReciboPaidBodySchema}>
                  {(fields) => (
                    <Field
                      meta={fields.reference}
                      label="Referencia de la transferencia"
                      width="full"
                      className="mt-2"
                      inputProps={{ autoComplete: "off", spellCheck: false }}
                    />
                  )}
                </ConfirmedForm>
              )}
            </details>
          );
        }
        return <ConfirmedForm key={intent} {...common} schema={NoFields} />;
      })}
    </div>
  );
}
