import type { ReactNode } from "react";
import type { PolicyAnswer } from "../../../api/contract/policies";
import { RECIBO_STATUS_LABELS } from "../../../api/contract/vocabulary";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { formatDate, formatMoney } from "../../../api/contract/format";
import { ReciboStatusBadge } from "./recibo-status-badge";

type ReciboLine = Pick<PolicyAnswer["recibos"][number], "sequence" | "kind" | "period" | "dueDate" | "amount" | "status" | "paidAt">;

/**
 * A policy's recibos in short (Mi póliza, the back office's policy summary); `badges` shows the
 * status as a coloured badge, `pdfHref` adds a column with each recibo's PDF, `actions` one with
 * what may be done with it (Mi póliza: "Pagar ahora", the justificante). Each date says what
 * it is: the period the recibo covers, its due date ("Vencimiento", the effective date
 * of a suplemento's) and, under the status, the day it was charged, which for a recibo paid when
 * bought comes before its due date. No "Fecha de cargo" that is neither.
 *
 * On a narrow screen what matters comes first (number, period, amount, status; the due date and
 * the PDF after), with narrower gaps and the period broken after its dash, so that each recibo's
 * status shows at 320 px; the rest scrolls inside its region.
 */
export function ReciboTable({
  policy,
  badges = false,
  pdfHref,
  actions,
}: {
  policy: { number: string; recibos: readonly ReciboLine[] };
  badges?: boolean;
  pdfHref?: (sequence: number) => string;
  actions?: (recibo: ReciboLine) => ReactNode;
}) {
  const caption = `Recibos de la póliza ${policy.number}`;
  return (
    <ScrollRegion label={caption} className="mt-2">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-2 pr-2 sm:pr-3">
              Recibo
            </th>
            <th scope="col" className="py-2 pr-2 sm:pr-3">
              Periodo que cubre
            </th>
            <th scope="col" className="py-2 pr-2 text-right sm:pr-3">
              Importe
            </th>
            <th scope="col" className="py-2 pr-2 sm:pr-3">
              Estado
            </th>
            <th scope="col" className={pdfHref ? "py-2 pr-2 sm:pr-3" : "py-2"}>
              Vencimiento
            </th>
            {pdfHref ? (
              <th scope="col" className="py-2">
                Documento
              </th>
            ) : null}
            {actions ? (
              <th scope="col" className="py-2 pl-2">
                <span className="sr-only">Acciones</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {policy.recibos.map((r) => (
            <tr key={r.sequence} className="border-b border-slate-200 align-top">
              <td className="py-2 pr-2 sm:pr-3">
                {r.sequence}
                {r.kind === "suplemento" ? (
                  <>
                    {" "}
                    <span className="block text-slate-600">Suplemento</span>
                  </>
                ) : null}
              </td>
              <td className="py-2 pr-2 sm:pr-3">
                <ReciboPeriod period={r.period} />
              </td>
              <td className="whitespace-nowrap py-2 pr-2 text-right tabular-nums sm:pr-3">{formatMoney(r.amount)}</td>
              <td className="py-2 pr-2 sm:pr-3">
                {badges ? <ReciboStatusBadge status={r.status} /> : <span>{RECIBO_STATUS_LABELS[r.status]}</span>}
                {r.paidAt ? (
                  <>
                    {" "}
                    <span className="block whitespace-nowrap text-slate-600">el {formatDate(r.paidAt)}</span>
                  </>
                ) : null}
              </td>
              <td className={`whitespace-nowrap py-2 ${pdfHref ? "pr-2 sm:pr-3" : ""}`}>{formatDate(r.dueDate)}</td>
              {pdfHref ? (
                <td className="py-2">
                  <a href={pdfHref(r.sequence)} download>
                    PDF<span className="sr-only"> del recibo {r.sequence}</span>
                  </a>
                </td>
              ) : null}
              {actions ? <td className="py-2 pl-2">{actions(r)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** "25/11/2026 – 24/11/2027", read "… al …"; on a narrow screen it breaks after the dash, never inside a date. */
export function ReciboPeriod({ period }: { period: ReciboLine["period"] }) {
  return (
    <>
      <span className="whitespace-nowrap">
        {`${formatDate(period.from)} `}
        <span aria-hidden="true">–</span>
      </span>{" "}
      <span className="sr-only">al</span> <span className="whitespace-nowrap">{formatDate(period.to)}</span>
    </>
  );
}
