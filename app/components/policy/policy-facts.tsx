import type { ReactNode } from "react";
import type { PolicyAnswer } from "../../../api/contract/policies";
import { FREQUENCY_LABELS, RECIBO_STATUS_LABELS } from "../../../api/contract/vocabulary";
import { formatDate, formatMoney } from "../../../api/contract/format";
import { PolicyNumber } from "~/components/policy/policy-number";

/**
 * The policy's key data as a definition list (/cotizacion-confirmada and /mi-poliza/{id}), with what
 * identifies the insured object unless the page describes the risk in full below (`withRisk={false}`).
 */
export function PolicyFacts({ policy, withRisk = true }: { policy: PolicyAnswer; withRisk?: boolean }) {
  const first = policy.recibos[0];
  return (
    <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
      <Fact term="Número de póliza">
        <PolicyNumber number={policy.number} />
      </Fact>
      <Fact term="Seguro">{policy.lineName}</Fact>
      <Fact term="Plan">{policy.plan.name}</Fact>
      <Fact term="Tomador">{policy.policyholder.name}</Fact>
      {withRisk && policy.riskDescription.identification ? (
        <Fact term={policy.riskDescription.identification.label}>{policy.riskDescription.identification.value}</Fact>
      ) : null}
      <Fact term="Fecha de efecto">{formatDate(policy.startDate)}, a las 00:00 h</Fact>
      <Fact term="Fecha de vencimiento">{formatDate(policy.endDate)}</Fact>
      <Fact term="Forma de pago">{FREQUENCY_LABELS[policy.frequency]}</Fact>
      <Fact term="Prima total anual">
        {formatMoney(policy.premium.total)}
        {/* After a suplemento: the yearly premium with the guarantees added; the term's recibos split the one issued (ADR 023). */}
        {policy.termPremium.total !== policy.premium.total ? (
          <span className="block text-sm font-normal text-slate-600">
            Con las garantías añadidas por suplemento. La anualidad se emitió por {formatMoney(policy.termPremium.total)}, que reparten sus recibos de
            prima; cada suplemento tiene su propio recibo.
          </span>
        ) : null}
      </Fact>
      {first ? (
        <Fact term="Primer recibo">
          {formatMoney(first.amount)}, {formatDate(first.dueDate)} ({RECIBO_STATUS_LABELS[first.status].toLowerCase()})
          <DirectDebitNote policy={policy} />
        </Fact>
      ) : null}
      {policy.payment?.label ? <Fact term="Medio de pago">{policy.payment.label}</Fact> : null}
    </dl>
  );
}

/** A direct debit's first recibo not collected yet (ADR 033): when and where it will be charged, so nobody thinks it was. */
function DirectDebitNote({ policy }: { policy: PolicyAnswer }) {
  const first = policy.recibos[0];
  if (!first || policy.payment?.method !== "sepa") return null;
  const account = policy.payment.label ? ` en su cuenta ${policy.payment.label}` : " en su cuenta";
  const text =
    first.status === "pendiente"
      ? `Se cargará por domiciliación bancaria${account} a partir del ${formatDate(first.dueDate)}. Todavía no se le ha cobrado nada.`
      : first.status === "remesado"
        ? `Enviado a su banco para cargarlo por domiciliación${account}.`
        : null;
  return text ? <span className="block text-sm font-normal text-slate-700">{text}</span> : null;
}

export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="font-semibold text-slate-900">{children}</dd>
    </div>
  );
}
