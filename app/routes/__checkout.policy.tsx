import { FREQUENCY_LABELS, POLICY_STATUS_LABELS, RECIBO_STATUS_LABELS, type PolicyAnswer } from "../../api/contract/policies";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { formatDate, formatMoney } from "~/lib/format";
import type { ReactNode } from "react";

/** Web paths of the documents (resource routes under /documentos; the IPID is public). */
export const documentPaths = {
  conditions: (policyId: number) => `/documentos/poliza/${policyId}/condiciones`,
  recibo: (policyId: number, sequence: number) => `/documentos/poliza/${policyId}/recibo/${sequence}`,
  quote: (quoteId: string) => `/documentos/cotizacion/${quoteId}`,
  ipid: (line: string) => `/api/documents/ipid/${line}`,
};

/** Pieces of a policy shown on /cotizacion-confirmada and /mi-poliza. */

const STATUS_TONES: Record<PolicyAnswer["status"], BadgeTone> = {
  pendiente_pago: "warning",
  en_vigor: "success",
  suspendida: "danger",
  anulada: "neutral",
  vencida: "neutral",
};

export function PolicyStatusBadge({ status }: { status: PolicyAnswer["status"] }) {
  return <Badge tone={STATUS_TONES[status]}>{POLICY_STATUS_LABELS[status]}</Badge>;
}

export function PolicyFacts({ policy }: { policy: PolicyAnswer }) {
  const first = policy.recibos[0];
  return (
    <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
      <Fact term="Número de póliza">{policy.number}</Fact>
      <Fact term="Seguro">{policy.lineName}</Fact>
      <Fact term="Plan">{policy.plan.name}</Fact>
      <Fact term="Tomador">{policy.policyholder.name}</Fact>
      <Fact term="Fecha de efecto">{formatDate(policy.startDate)}</Fact>
      <Fact term="Fecha de vencimiento">{formatDate(policy.endDate)}</Fact>
      <Fact term="Forma de pago">{FREQUENCY_LABELS[policy.frequency]}</Fact>
      <Fact term="Prima total anual">{formatMoney(policy.premium.total)}</Fact>
      {first ? (
        <Fact term="Primer recibo">
          {formatMoney(first.amount)}, {formatDate(first.dueDate)} ({RECIBO_STATUS_LABELS[first.status].toLowerCase()})
        </Fact>
      ) : null}
      {policy.payment?.label ? <Fact term="Medio de pago">{policy.payment.label}</Fact> : null}
    </dl>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{term}</dt>
      <dd className="font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

/** The policy's PDFs through the web's resource routes (the visitor's token goes with them). */
export function PolicyDocuments({ policy, headingLevel = 2 }: { policy: PolicyAnswer; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <>
      <Heading className="mt-6 text-xl font-bold text-slate-900">Documentos</Heading>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        <li>
          <a href={documentPaths.conditions(policy.id)} download>
            Condiciones particulares (PDF)
          </a>
        </li>
        {policy.recibos.map((r) => (
          <li key={r.sequence}>
            <a href={documentPaths.recibo(policy.id, r.sequence)} download>
              Recibo {r.sequence} de {formatDate(r.dueDate)} (PDF)
            </a>
          </li>
        ))}
        <li>
          <a href={documentPaths.ipid(policy.line)}>Documento de información del producto (IPID) (PDF)</a>
        </li>
      </ul>
    </>
  );
}

export function ReciboTable({ policy }: { policy: PolicyAnswer }) {
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Recibos de la póliza {policy.number}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2 pr-3">Recibo</th>
            <th scope="col" className="py-2 pr-3">Fecha de cargo</th>
            <th scope="col" className="py-2 pr-3 text-right">Importe</th>
            <th scope="col" className="py-2">Estado</th>
          </tr>
        </thead>
        <tbody>
          {policy.recibos.map((r) => (
            <tr key={r.sequence} className="border-b border-slate-200">
              <td className="py-2 pr-3">{r.sequence}</td>
              <td className="py-2 pr-3">{formatDate(r.dueDate)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{formatMoney(r.amount)}</td>
              <td className="py-2">{RECIBO_STATUS_LABELS[r.status]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
