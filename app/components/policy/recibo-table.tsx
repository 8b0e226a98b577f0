import type { PolicyAnswer } from "../../../api/contract/policies";
import { RECIBO_STATUS_LABELS } from "../../../api/contract/vocabulary";
import { formatDate, formatMoney } from "~/lib/format";
import { ReciboStatusBadge } from "./recibo-status-badge";

type ReciboLine = Pick<PolicyAnswer["recibos"][number], "sequence" | "dueDate" | "amount" | "status">;

/** A policy's recibos in short (Mi póliza, the back office's policy summary); `badges` shows the status as a coloured badge. */
export function ReciboTable({ policy, badges = false }: { policy: { number: string; recibos: readonly ReciboLine[] }; badges?: boolean }) {
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
              <td className="py-2">{badges ? <ReciboStatusBadge status={r.status} /> : RECIBO_STATUS_LABELS[r.status]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
