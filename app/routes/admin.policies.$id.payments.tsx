import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import {
  AdminPolicySchema,
  MarkReciboPaidBodySchema,
  ReciboActionResultSchema,
  ReturnReciboBodySchema,
  type AdminReciboAction,
} from "../../api/contract/admin-policies";
import { PAYMENT_METHOD_LABELS, POLICY_STATUS_LABELS } from "../../api/contract/vocabulary";
import { DataTable } from "~/components/list/data-table";
import { AdminPolicyHeader, adminPolicyPaymentsPath } from "~/components/policy/admin-policy-header";
import { NoFields } from "~/components/policy/policy-actions";
import { confirmCopy, reciboColumns } from "~/components/policy/recibo-actions";
import { ConfirmStep } from "~/components/ui/confirm-dialog";
import { adminAction, adminLoader } from "~/lib/admin-route.server";
import { loadAdminPolicy } from "~/lib/admin-policies.server";
import type { StaffActionReply } from "~/lib/form-intent";
import { positiveIdParam } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";
import { runStaffAction, staffIntent } from "~/lib/staff-action.server";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * /admin/policies/{id}/payments: the policy's recibos in full, with what each one allows now
 * (charge, returned, paid by transfer, cancel, refund), each asked first and audited by the API.
 */
const ROUTE_ID = "routes/admin.policies.$id.payments";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: adminTitle(data ? `Recibos de la póliza ${data.data.policy.number}` : "Recibos", matches) },
];

export const loader = (args: LoaderFunctionArgs) => adminLoader(args, ROUTE_ID, (context) => loadAdminPolicy(context, ROUTE_ID, "/payments"));

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
        const after = await api.get(`/admin/policies/${id}/payments`, { schema: AdminPolicySchema });
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

export default function PolicyPaymentsPage() {
  const { data, canWrite, canReadDocuments } = useLoaderData<typeof loader>();
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
          {data.payment.iban ? ` (${data.payment.iban})` : ""}.
          {data.payment.method === "sepa" ? " Sus recibos se cobran por remesa SEPA, no con «Cobrar ahora»." : ""}
          {canWrite ? " Cada acción pide confirmación y queda en el historial de la póliza." : " Tu rol puede ver los recibos, pero no cambiarlos."}
        </p>
        <div className="mt-3">
          <DataTable
            caption={`Recibos de la póliza ${data.policy.number}`}
            columns={reciboColumns(data, canWrite, reply, canReadDocuments)}
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
