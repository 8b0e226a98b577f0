import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPaymentSchema } from "../../api/contract/admin-payments";
import { formatDate, formatDateTime, formatMoney } from "../../api/contract/format";
import { LINE_LABELS, PAYMENT_METHOD_LABELS, RECIBO_KIND_LABELS } from "../../api/contract/vocabulary";
import { DetailHeader } from "~/components/admin/detail-header";
import { HistorySection } from "~/components/admin/history-section";
import { paymentHistoryEntries } from "~/components/payment/payment-history";
import { ADMIN_PAYMENTS_PATH } from "~/components/payment/payment-list-columns";
import { adminClientPath, adminPolicyPath, adminPolicyPaymentsPath } from "~/components/policy/admin-policy-header";
import { ReciboStatusBadge } from "~/components/policy/recibo-status-badge";
import { Detail, DetailSection } from "~/components/ui/detail";
import { adminLoader } from "~/lib/admin-route.server";
import { invariantResponse, positiveIdParam } from "~/lib/http";
import { adminTitle } from "~/lib/page-title";

/** /admin/payments/{id}: one recibo, its policy and tomador, and its history (attempts, payments, returns, refunds, remittances, events). */
const ROUTE_ID = "routes/admin.payments.$id";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: adminTitle(data ? `Recibo ${data.payment.recibo.number}` : "Recibo", matches) },
];

export const loader = (args: LoaderFunctionArgs) =>
  adminLoader(args, ROUTE_ID, async ({ api, params, request }) => {
    const id = positiveIdParam(params.id);
    const payment = await api.get(`/admin/payments/recibos/${id}`, { schema: AdminPaymentSchema, otherwise: { 404: null }, signal: request.signal });
    invariantResponse(payment, "Recibo no encontrado");
    return { payment };
  });

export default function PaymentPage() {
  const { payment } = useLoaderData<typeof loader>();
  const { recibo, policy, holder } = payment;
  return (
    <div className="space-y-6">
      <DetailHeader
        back={{ to: ADMIN_PAYMENTS_PATH, label: "Pagos" }}
        title={`Recibo ${recibo.number}`}
        badges={<ReciboStatusBadge status={recibo.status} />}
        sections={[
          ["datos", "Datos"],
          ["historial", "Historial"],
        ]}
        sectionsLabel="Secciones del recibo"
      >
        <p className="text-slate-700">
          Póliza <Link to={adminPolicyPath(policy.id)}>{policy.number}</Link> · Tomador: <Link to={adminClientPath(holder.id)}>{holder.name}</Link>
          {holder.nif ? ` (${holder.nif})` : null} · <Link to={adminPolicyPaymentsPath(policy.id)}>Recibos de la póliza y sus acciones</Link>
        </p>
      </DetailHeader>

      <DetailSection id="datos" title="Datos">
        <dl className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
          <Detail term="Importe">{formatMoney(recibo.amountCents)}</Detail>
          <Detail term="Vencimiento">{formatDate(recibo.dueDate)}</Detail>
          <Detail term="Periodo">
            {formatDate(recibo.period.from)} – {formatDate(recibo.period.to)}
          </Detail>
          <Detail term="Ramo y tipo">
            {LINE_LABELS[recibo.line]} · {RECIBO_KIND_LABELS[recibo.kind]} (anualidad {recibo.term})
          </Detail>
          <Detail term="Medio de pago">{recibo.method ? PAYMENT_METHOD_LABELS[recibo.method] : "—"}</Detail>
          <Detail term="Intentos de cobro">
            {recibo.attempts}
            {recibo.lastAttemptAt ? ` (el último, ${formatDateTime(recibo.lastAttemptAt)})` : ""}
          </Detail>
          <Detail term="Cobrado">
            {recibo.paidAt ? formatDateTime(recibo.paidAt) : "—"}
            {recibo.paidReference ? ` · ref. ${recibo.paidReference}` : ""}
          </Detail>
          <Detail term="Último error">{recibo.lastError ?? "—"}</Detail>
          <Detail term="Comisión de devolución">{recibo.returnFeeCents ? formatMoney(recibo.returnFeeCents) : "—"}</Detail>
          <Detail term="Remesa">
            {recibo.remittanceId === null ? "—" : <Link to={`${ADMIN_PAYMENTS_PATH}?remittance=${recibo.remittanceId}`}>{recibo.remittanceId}</Link>}
          </Detail>
        </dl>
      </DetailSection>

      <HistorySection
        caption={`Historial del recibo ${recibo.number}`}
        entries={paymentHistoryEntries(payment.history)}
        empty="Este recibo todavía no tiene intentos de cobro ni cambios."
        statusColumn
      />
    </div>
  );
}
