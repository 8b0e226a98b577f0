import type { PolicyAnswer } from "../../../api/contract/policies";
import { RECIBO_STATUS_LABELS } from "../../../api/contract/vocabulary";
import { formatDate, formatMoney } from "~/lib/format";
import { ReciboStatusBadge } from "./recibo-status-badge";

type ReciboLine = Pick<PolicyAnswer["recibos"][number], "sequence" | "dueDate" | "amount" | "status">;

/**
 * A policy's recibos in short (Mi póliza, the back office's policy summary); `badges` shows the
 * status as a coloured badge, `pdfHref` adds a column with each recibo's PDF.
 */
export function ReciboTable({
  policy,
  badges = false,
  pdfHref,
}: {
  policy: { number: string; recibos: readonly ReciboLine[] };
  badges?: boolean;
  pdfHref?: (sequence: number) => string;
}) {
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Recibos de la póliza {policy.number}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2 pr-3">Recibo</th>
            <th scope="col" className="py-2 pr-3">Fecha de cargo</th>
            <th scope="col" className="py-2 pr-3 text-right">Importe</th>
            <th scope="col" className={pdfHref ? "py-2 pr-3" : "py-2"}>Estado</th>
            {pdfHref ? <th scope="col" className="py-2">Documento</th> : null}
          </tr>
        </thead>
        <tbody>
          {policy.recibos.map((r) => (
            <tr key={r.sequence} className="border-b border-slate-200">
              <td className="py-2 pr-3">{r.sequence}</td>
              <td className="py-2 pr-3">{formatDate(r.dueDate)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{formatMoney(r.amount)}</td>
              <td className={pdfHref ? "py-2 pr-3" : "py-2"}>{badges ? <ReciboStatusBadge status={r.status} /> : RECIBO_STATUS_LABELS[r.status]}</td>
              {pdfHref ? (
                <td className="py-2">
                  <a href={pdfHref(r.sequence)} download>
                    PDF<span className="sr-only"> del recibo {r.sequence}</span>
                  </a>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
