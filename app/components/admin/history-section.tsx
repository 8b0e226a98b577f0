import type { ReactNode } from "react";
import { formatDateTime, isoDateTime } from "../../../api/contract/format";
import { DetailSection } from "~/components/ui/detail";
import { ScrollRegion } from "~/components/ui/scroll-region";

/** One line of a detail page's history (a policy's events, a client's timeline, a guarantee's audit). */
export type HistoryEntry = {
  key: string | number;
  at: string;
  /** What happened, in a word or two ("Póliza anulada"). */
  label: ReactNode;
  /** The policy it concerns, when the page shows several (a client's). */
  reference?: string | null;
  summary?: ReactNode;
  /** Who did it; "—" when nobody is named. */
  actor?: string | null;
  /** The audit's record before and after, shown on request. */
  before?: unknown;
  after?: unknown;
  /** The status it changed, for pages that show one (`statusColumn`). */
  status?: ReactNode;
};

/**
 * The "Historial" section of a back-office detail page: a table, the newest first, one row per
 * entry named by what happened (its row header), with when and who; the audit's before and after
 * behind a disclosure.
 */
export function HistorySection({
  id = "historial",
  title = "Historial",
  caption,
  entries,
  empty,
  statusColumn = false,
}: {
  id?: string;
  title?: string;
  /** The table's name for screen readers (and the scroll region's). */
  caption: string;
  entries: HistoryEntry[];
  empty: string;
  statusColumn?: boolean;
}) {
  return (
    <DetailSection id={id} title={title}>
      {entries.length === 0 ? (
        <p className="mt-2 text-slate-700">{empty}</p>
      ) : (
        <ScrollRegion label={caption} className="mt-3 rounded-md border border-slate-200 bg-white">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">{caption}, lo más reciente primero</caption>
            <thead className="bg-slate-50">
              <tr className="border-b border-slate-300">
                {["Fecha", "Quién", "Qué", ...(statusColumn ? ["Estado"] : [])].map((header) => (
                  <th key={header} scope="col" className="px-3 py-2">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.key} className="border-b border-slate-200 align-top">
                  <td className="whitespace-nowrap px-3 py-2">
                    <time dateTime={isoDateTime(entry.at)}>{formatDateTime(entry.at)}</time>
                  </td>
                  <td className="px-3 py-2">{entry.actor ?? "—"}</td>
                  <th scope="row" className="px-3 py-2 font-normal">
                    <span className="font-semibold">{entry.label}</span>
                    {entry.reference ? <span className="font-mono"> · {entry.reference}</span> : null}
                    {entry.summary ? <span className="block text-slate-700">{entry.summary}</span> : null}
                    {entry.before != null || entry.after != null ? <BeforeAfter before={entry.before} after={entry.after} /> : null}
                  </th>
                  {statusColumn ? <td className="whitespace-nowrap px-3 py-2">{entry.status}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </DetailSection>
  );
}

function BeforeAfter({ before, after }: { before: unknown; after: unknown }) {
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-brand-700">Ver antes y después</summary>
      <dl className="mt-1 grid gap-x-3 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Antes</dt>
        <dd className="break-all font-mono text-xs">{before == null ? "—" : JSON.stringify(before)}</dd>
        <dt className="font-semibold">Después</dt>
        <dd className="break-all font-mono text-xs">{after == null ? "—" : JSON.stringify(after)}</dd>
      </dl>
    </details>
  );
}
