import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import {
  AdminPolicySchema,
  MarkReciboPaidBodySchema,
  ReciboActionResultSchema,
  ReturnReciboBodySchema,
  type AdminPolicy,
  type AdminRecibo,
  type AdminReciboAction,
} from "../../api/contract/admin-policies";
import { PAYMENT_METHOD_LABELS, POLICY_STATUS_LABELS, RECIBO_KIND_LABELS } from "../../api/contract/vocabulary";
import { DataTable, type Column } from "~/components/list/data-table";
import { AdminPolicyHeader, adminPolicyPaymentsPath } from "~/components/policy/admin-policy-header";
import { ConfirmedForm } from "~/components/admin/confirmed-form";
import { ReciboStatusBadge } from "~/components/policy/recibo-status-badge";
import { ReciboPeriod } from "~/components/policy/recibo-table";
import { ConfirmStep, type ConfirmCopy } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { adminDocumentPaths } from "~/lib/document-paths";
import { loadAdminPolicy } from "~/lib/admin-policies.server";
import { formatDate, formatDateTime, formatMoney } from "../../api/contract/format";
import { positiveIdParam } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";
import { runStaffAction, staffIntent } from "~/lib/staff-action.server";
import { redirectWithToast } from "~/lib/toast.server";
import { INTENT_FIELD, TARGET_FIELD, replyFor, type StaffActionReply } from "~/lib/form-intent";

/**
 * /admin/policies/{id}/payments: the policy's recibos in full, with what each one allows now
 * (charge, returned, paid by transfer, cancel, refund), each asked first and audited by the API.
 */
const ROUTE_ID = "routes/admin.policies.$id.payments";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: adminTitle(data ? `Recibos de la póliza ${data.data.policy.number}` : "Recibos", matches) },
];

export const loader = (args: LoaderFunctionArgs) => adminLoader(args, ROUTE_ID, (context) => loadAdminPolicy(context, ROUTE_ID));

const NoFields = z.object({});

const DONE: Record<AdminReciboAction, string> = {
  charge: "Recibo cobrado",
  return: "Recibo marcado como devuelto",
  "mark-paid": "Recibo cobrado por transferencia",
  cancel: "Recibo anulado",
  refund: "Recibo extornado",
};

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form, params }) => {
    const id = positiveIdParam(params.id);
    const act = <S extends z.AnyZodObject>(intent: AdminReciboAction, schema: S) =>
      staffIntent(schema, async (values, target) => {
        const reciboId = positiveIdParam(target ?? undefined);
        const outcome = await api.post(`/admin/policies/${id}/recibos/${reciboId}/${intent}`, { body: values, schema: ReciboActionResultSchema });
        // The policy afterwards: which recibo it was, and whether the policy changed with it.
        const after = await api.get(`/admin/policies/${id}`, { schema: AdminPolicySchema });
        const recibo = after.recibos.find((r) => r.id === reciboId);
        const status = `La póliza está ${POLICY_STATUS_LABELS[after.policy.status].toLowerCase()}.`;
        const path = adminPolicyPaymentsPath(id);
        if (outcome.declined) {
          return redirectWithToast(path, {
            type: "error",
            title: "Cobro rechazado",
            description: `Recibo ${recibo?.sequence ?? ""}: ${outcome.declined}. Queda devuelto. ${status}`,
            durationMs: 10_000,
          });
        }
        return redirectWithToast(path, { type: "success", title: DONE[intent], description: `Recibo ${recibo?.sequence ?? ""}. ${status}` });
      });
    return runStaffAction(form, {
      charge: act("charge", NoFields),
      return: act("return", ReturnReciboBodySchema),
      "mark-paid": act("mark-paid", MarkReciboPaidBodySchema),
      cancel: act("cancel", NoFields),
      refund: act("refund", NoFields),
    });
  });

// ─── Confirmations ──────────────────────────────────────────────────────────────────────────

const TRIGGERS: Record<AdminReciboAction, { label: string; variant: "primary" | "secondary" | "danger" }> = {
  charge: { label: "Cobrar ahora", variant: "secondary" },
  return: { label: "Marcar devuelto", variant: "danger" },
  "mark-paid": { label: "Cobrado por transferencia", variant: "secondary" },
  cancel: { label: "Anular", variant: "danger" },
  refund: { label: "Extornar", variant: "danger" },
};

function confirmCopy(intent: AdminReciboAction, recibo: AdminRecibo, values: Record<string, string> = {}): ConfirmCopy {
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

// ─── The page ───────────────────────────────────────────────────────────────────────────────

export default function PolicyPaymentsPage() {
  const { data, canWrite } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StaffActionReply | undefined;
  const confirmingRecibo = reply?.confirm
    ? data.recibos.find((r) => String(r.id) === reply.target && r.actions.includes(reply.intent as AdminReciboAction))
    : undefined;

  return (
    <div className="space-y-6">
      <AdminPolicyHeader data={data} />

      {canWrite && reply?.confirm && confirmingRecibo ? (
        <ConfirmStep
          intent={reply.intent}
          copy={confirmCopy(reply.intent as AdminReciboAction, confirmingRecibo, reply.confirm)}
          fields={reply.confirm}
        />
      ) : null}

      <section aria-labelledby="recibos-titulo">
        <h2 id="recibos-titulo" className="text-xl font-bold">
          Recibos
        </h2>
        {/* prettier-ignore */}
        <p className="mt-1 text-slate-700">
          Medio de pago: {data.payment.method ? PAYMENT_METHOD_LABELS[data.payment.method] : "—"}
          {data.payment.iban ? ` (${data.payment.iban})` : ""}. {canWrite ? "Cada acción pide confirmación y queda en el historial de la póliza." : "Tu rol puede ver los recibos, pero no cambiarlos."}
        </p>
        <div className="mt-3">
          <DataTable
            caption={`Recibos de la póliza ${data.policy.number}`}
            columns={columns(data, canWrite, reply)}
            rows={data.recibos}
            rowKey={(r) => r.id}
            minWidth="64rem"
            empty={<p>La póliza no tiene recibos.</p>}
          />
        </div>
      </section>
    </div>
  );
}

function columns(data: AdminPolicy, canWrite: boolean, reply: StaffActionReply | undefined): Column<AdminRecibo>[] {
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
    {
      id: "pdf",
      header: "Documento",
      cell: (r) => (
        <a href={adminDocumentPaths.recibo(data.policy.id, r.sequence)} download>
          PDF<span className="sr-only"> del recibo {r.sequence}</span>
        </a>
      ),
    },
  ];
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
