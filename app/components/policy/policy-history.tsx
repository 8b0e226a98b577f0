import type { AdminPolicy } from "../../../api/contract/admin-policies";
import { ACTOR_TYPES, POLICY_EVENTS, POLICY_STATUS_LABELS } from "../../../api/contract/vocabulary";
import type { HistoryEntry } from "~/components/admin/history-section";

/** A policy's events as rows of the shared HistorySection: what, who, and the status it changed. */
export function policyHistoryEntries(history: AdminPolicy["history"]): HistoryEntry[] {
  return history.map((entry) => ({
    key: entry.id,
    at: entry.at,
    label: POLICY_EVENTS[entry.event as keyof typeof POLICY_EVENTS] ?? entry.event,
    summary: entry.summary,
    actor: entry.actorLabel ?? ACTOR_TYPES[entry.actorType],
    status:
      entry.fromStatus && entry.toStatus && entry.fromStatus !== entry.toStatus ? (
        <>
          <span className="sr-only">De </span>
          {POLICY_STATUS_LABELS[entry.fromStatus]}
          <span aria-hidden="true"> → </span>
          <span className="sr-only"> a </span>
          {POLICY_STATUS_LABELS[entry.toStatus]}
        </>
      ) : entry.toStatus && !entry.fromStatus ? (
        POLICY_STATUS_LABELS[entry.toStatus]
      ) : (
        <span className="text-slate-600">Sin cambio</span>
      ),
  }));
}
