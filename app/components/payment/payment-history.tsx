import type { PaymentHistoryEntry, PaymentHistoryKind } from "../../../api/contract/admin-payments";
import { formatMoney } from "../../../api/contract/format";
import { ACTOR_TYPES } from "../../../api/contract/vocabulary";
import type { HistoryEntry } from "~/components/admin/history-section";

const KIND_LABELS: Record<PaymentHistoryKind, string> = {
  intento: "Intento de cobro",
  cobro: "Cobro",
  devolucion: "Devolución",
  extorno: "Extorno",
  remesa: "Remesa",
  evento: "Historial de la póliza",
};

/** A recibo's history (the API's entries, newest first) as rows of the shared HistorySection. */
export function paymentHistoryEntries(history: readonly PaymentHistoryEntry[]): HistoryEntry[] {
  return history.map((entry) => ({
    key: entry.key,
    at: entry.at,
    label: KIND_LABELS[entry.kind],
    summary: entry.amountCents === null ? entry.summary : `${entry.summary} · ${formatMoney(entry.amountCents)}`,
    // Charge attempts and the gateway's payments do not record a person: the process or the action that made them is the event beside them.
    actor: entry.actor.label ?? (entry.actor.type ? ACTOR_TYPES[entry.actor.type] : null),
    status: entry.status ?? <span className="text-slate-600">—</span>,
  }));
}
