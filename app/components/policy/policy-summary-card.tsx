import { Link } from "@remix-run/react";
import type { PolicySummary } from "../../../api/contract/policies";
import { FREQUENCY_LABELS } from "../../../api/contract/vocabulary";
import { Fact } from "~/components/policy/policy-facts";
import { PolicyNumber } from "~/components/policy/policy-number";
import { PolicyStatusBadge } from "~/components/policy/policy-status-badge";
import { formatDate, formatMoney } from "../../../api/contract/format";

export const policyPath = (id: number) => `/mi-poliza/${id}`;

/** One policy on /mi-poliza: its key data and, in the heading, the link to its recibos and documents. */
export function PolicySummaryCard({ policy }: { policy: PolicySummary }) {
  const headingId = `poliza-${policy.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-lg border-2 border-slate-300 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-2xl font-bold text-slate-900">
          <Link to={policyPath(policy.id)}>
            {policy.lineName}: plan {policy.plan.name}
          </Link>
        </h2>
        <PolicyStatusBadge status={policy.status} />
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
        <Fact term="Número de póliza">
          <PolicyNumber number={policy.number} />
        </Fact>
        <Fact term="Prima total anual">{formatMoney(policy.premiumTotal)}</Fact>
        <Fact term="Fecha de efecto">{formatDate(policy.startDate)}</Fact>
        <Fact term="Fecha de vencimiento">{formatDate(policy.endDate)}</Fact>
        <Fact term="Forma de pago">{FREQUENCY_LABELS[policy.frequency]}</Fact>
        <Fact term="Próximo recibo">
          {policy.nextRecibo ? `${formatMoney(policy.nextRecibo.amount)}, ${formatDate(policy.nextRecibo.dueDate)}` : "Ninguno pendiente"}
        </Fact>
      </dl>
    </article>
  );
}
