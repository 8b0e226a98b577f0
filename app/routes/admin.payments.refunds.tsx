import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatDateTime, formatMoney } from "../../api/contract/format";
import { MarkRefundPaidBodySchema, RefundListQuerySchema, RefundListSchema, type RefundItem } from "../../api/contract/refunds";
import { PAYMENT_METHOD_LABELS, REFUND_CAUSE_LABELS, REFUND_STATUS_LABELS, REFUND_STATUSES } from "../../api/contract/vocabulary";
import { ConfirmedForm } from "~/components/admin/confirmed-form";
import type { Column } from "~/components/list/data-table";
import { ListView } from "~/components/list/list-view";
import { ConfirmStep } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { readListPage } from "~/lib/admin-list.server";
import { canOpen } from "~/lib/admin-routes";
import { INTENT_FIELD, TARGET_FIELD, replyFor, type StaffActionReply } from "~/lib/form-intent";
import { positiveIdParam } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";
import { runStaffAction, staffIntent } from "~/lib/staff-action.server";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * /admin/payments/refunds: the refunds owed to customers (extornos). Card refunds are made through
 * the payment provider when they happen; the others (SEPA debits, transfers) are owed by transfer:
 * staff make it from the bank and record its reference here.
 */
const ROUTE_ID = "routes/admin.payments.refunds";
const PATH = "/admin/payments/refunds";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: adminTitle("Extornos", Boolean(data?.filterResult)) }];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async (ctx) => ({
    ...(await readListPage(ctx, PATH, RefundListQuerySchema, RefundListSchema)),
    canWrite: canOpen(ctx.admin.role.permissions, ROUTE_ID, "action"),
  }));

export const action = (args: ActionFunctionArgs) =>
  adminAction(args, ROUTE_ID, async ({ api, form, request }) =>
    runStaffAction(form, {
      "mark-paid": staffIntent(MarkRefundPaidBodySchema, async (values, target) => {
        const done = await api.post(`${PATH}/${positiveIdParam(target ?? undefined)}/mark-paid`, {
          body: values,
          schema: RefundListSchema.shape.items.element,
        });
        const here = new URL(request.url);
        return redirectWithToast(here.pathname + here.search, {
          type: "success",
          title: "Extorno pagado",
          description: `${formatMoney(done.amountCents)} a ${done.tomador} (póliza ${done.policyNumber}), transferencia ${done.providerRef}.`,
        });
      }),
    }),
  );

const confirmCopy = (r: RefundItem, reference?: string) => ({
  title: `¿Registrar el pago del extorno de ${formatMoney(r.amountCents)}?`,
  description: `A ${r.tomador}, póliza ${r.policyNumber}${reference ? `, con la transferencia ${reference}` : ""}. Queda como hecho en el historial de la póliza.`,
  confirmLabel: "Sí, registrar el pago",
  pendingText: "Registrando…",
  variant: "primary" as const,
});

function columns(canWrite: boolean, reply: StaffActionReply | undefined): Column<RefundItem>[] {
  const list: Column<RefundItem>[] = [
    { id: "createdAt", header: "Fecha", className: "whitespace-nowrap", cell: (r) => formatDateTime(r.createdAt) },
    {
      id: "policy",
      header: "Póliza",
      rowHeader: true,
      cell: (r) => (
        <Link to={`/admin/policies/${r.policyId}/payments`} className="link">
          {r.policyNumber}
          {r.reciboSequence ? ` / recibo ${r.reciboSequence}` : ""}
        </Link>
      ),
    },
    { id: "tomador", header: "Tomador", cell: (r) => r.tomador },
    { id: "cause", header: "Motivo", cell: (r) => `${REFUND_CAUSE_LABELS[r.cause]}: ${r.reason}` },
    { id: "method", header: "Cobrado con", cell: (r) => PAYMENT_METHOD_LABELS[r.method] },
    { id: "amount", header: "Importe", align: "end", className: "whitespace-nowrap", cell: (r) => formatMoney(r.amountCents) },
    { id: "status", header: "Estado", cell: (r) => REFUND_STATUS_LABELS[r.status] + (r.providerRef ? ` (${r.providerRef})` : "") },
  ];
  if (canWrite) {
    list.push({
      id: "actions",
      header: "Acciones",
      cell: (r) =>
        r.status === "pendiente" ? (
          <ConfirmedForm
            id={`extorno-${r.id}`}
            schema={MarkRefundPaidBodySchema}
            hidden={{ [INTENT_FIELD]: "mark-paid", [TARGET_FIELD]: String(r.id) }}
            lastResult={replyFor(reply, "mark-paid", String(r.id))?.result}
            triggerLabel={
              <>
                Registrar transferencia<span className="sr-only"> del extorno de {r.policyNumber}</span>
              </>
            }
            copy={confirmCopy(r)}
          >
            {(fields) => <Field meta={fields.reference} label="Referencia de la transferencia" width="full" className="mb-2" />}
          </ConfirmedForm>
        ) : (
          <span className="text-slate-600">{r.doneBy ? `Registrado por ${r.doneBy}` : "—"}</span>
        ),
    });
  }
  return list;
}

export default function RefundsPage() {
  const { list, filters, filterResult, canWrite } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as StaffActionReply | undefined;
  const confirming = reply?.confirm ? list?.items.find((r) => String(r.id) === reply.target) : undefined;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Extornos</h1>
        <p className="mt-1 text-slate-700">
          Lo que se devuelve a los clientes: el desistimiento, la prima no consumida de una anulación y los recibos extornados. Los cobrados con
          tarjeta se devuelven por la pasarela al momento; los demás se pagan por transferencia y se registran aquí.
        </p>
      </header>
      {canWrite && confirming && reply?.confirm ? (
        <ConfirmStep intent="mark-paid" copy={confirmCopy(confirming, reply.confirm.reference)} fields={reply.confirm} />
      ) : null}
      <ListView
        list={list}
        itemsLabel="extornos"
        caption="Extornos"
        columns={columns(canWrite, reply)}
        rowKey={(r) => r.id}
        minWidth="72rem"
        empty={<p>No hay extornos en este estado.</p>}
        filters={{
          id: "filtros-extornos",
          label: "Filtrar extornos",
          defs: [
            {
              name: "status",
              label: "Estado",
              kind: "select",
              placeholder: "Pendientes de transferencia",
              options: REFUND_STATUSES.map((value) => ({ value, label: REFUND_STATUS_LABELS[value] })),
            },
          ],
          values: filters,
          lastResult: filterResult,
        }}
      />
    </div>
  );
}
