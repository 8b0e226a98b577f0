import type { AdminPolicy } from "../../../api/contract/admin-policies";
import { formatDate, formatDateTime, formatMoney } from "../../../api/contract/format";
import {
  CANCELLATION_REASON_LABELS,
  FREQUENCY_LABELS,
  PAYMENT_METHOD_LABELS,
  POLICY_STATUS_LABELS,
  RENEWAL_STOPPER_LABELS,
} from "../../../api/contract/vocabulary";
import { Fact } from "~/components/policy/policy-facts";

/** The "Situación" of /admin/policies/{id}: status, term, dates, premium, payment and where its lifecycle stands. */
export function LifecycleFacts({ data }: { data: AdminPolicy }) {
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
