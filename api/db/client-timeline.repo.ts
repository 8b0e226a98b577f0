// The client's history on their back-office page: their audit rows and their policies' history,
// merged newest first.
import { and, eq, desc, inArray } from "drizzle-orm";
import { type ClientTimelineEntry, CLIENT_DETAIL_LIMITS } from "../contract/clients";
import {
  AUDIT_ACTIONS,
  CLIENT_STAGE_CAUSE_LABELS,
  CLIENT_STAGE_CAUSES,
  CLIENT_STAGE_LABELS,
  CLIENT_STAGES,
  POLICY_EVENTS,
  type AuditAction,
  type ClientStage,
  type ClientStageCause,
  type PolicyEvent,
} from "../contract/vocabulary";
import type { DbOrTx } from "./client";
import { auditLog, policyHistory } from "./schema";

function auditLabel(action: string): string {
  return Object.prototype.hasOwnProperty.call(AUDIT_ACTIONS, action) ? AUDIT_ACTIONS[action as AuditAction] : action;
}
function eventLabel(event: string): string {
  return Object.prototype.hasOwnProperty.call(POLICY_EVENTS, event) ? POLICY_EVENTS[event as PolicyEvent] : event;
}

const isStage = (value: unknown): value is ClientStage => (CLIENT_STAGES as readonly unknown[]).includes(value);
const isCause = (value: unknown): value is ClientStageCause => (CLIENT_STAGE_CAUSES as readonly unknown[]).includes(value);

/**
 * A move in the client pipeline as its timeline says it (issue 23): «De Activo a En riesgo:
 * Recibo devuelto (póliza COT-…)», or with the reason written by whoever moved it by hand.
 */
export function stageMoveOf(before: unknown, after: unknown, policyNumbers: Map<number, string>) {
  const from = (before as { stage?: unknown } | null)?.stage;
  const to = after as { stage?: unknown; cause?: unknown; policyId?: unknown; reason?: unknown } | null;
  if (!isStage(from) || !to || !isStage(to.stage)) return null;
  const policyNumber = typeof to.policyId === "number" ? (policyNumbers.get(to.policyId) ?? null) : null;
  const why = typeof to.reason === "string" && to.reason ? to.reason : isCause(to.cause) ? CLIENT_STAGE_CAUSE_LABELS[to.cause] : null;
  const summary = `De ${CLIENT_STAGE_LABELS[from]} a ${CLIENT_STAGE_LABELS[to.stage]}${why ? `: ${why}` : ""}${policyNumber ? ` (póliza ${policyNumber})` : ""}`;
  return { summary, policyNumber };
}

/** The client's audit rows and their policies' history, merged newest first. */
export async function clientTimeline(db: DbOrTx, clientId: number, policyNumbers: Map<number, string>): Promise<ClientTimelineEntry[]> {
  const limit = CLIENT_DETAIL_LIMITS.timeline;
  const audits = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      actorLabel: auditLog.actorLabel,
      actorId: auditLog.actorId,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "client"), eq(auditLog.entityId, String(clientId))))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  const ids = [...policyNumbers.keys()];
  const history = ids.length
    ? await db
        .select({
          id: policyHistory.id,
          policyId: policyHistory.policyId,
          at: policyHistory.at,
          event: policyHistory.event,
          summary: policyHistory.summary,
          actorLabel: policyHistory.actorLabel,
        })
        .from(policyHistory)
        .where(inArray(policyHistory.policyId, ids))
        .orderBy(desc(policyHistory.at), desc(policyHistory.id))
        .limit(limit)
    : [];
  const entries: (ClientTimelineEntry & { time: number })[] = [
    ...audits.map((a) => {
      const move = a.action === "client.stage_changed" ? stageMoveOf(a.before, a.after, policyNumbers) : null;
      return {
        time: a.at.getTime(),
        at: a.at.toISOString(),
        source: "audit" as const,
        code: a.action,
        label: auditLabel(a.action),
        summary: move?.summary ?? null,
        policyNumber: move?.policyNumber ?? null,
        actorLabel: a.actorLabel ?? a.actorId,
        // A move says it all in its sentence: no list of changed fields under it.
        before: move ? null : (a.before ?? null),
        after: move ? null : (a.after ?? null),
      };
    }),
    ...history.map((h) => ({
      time: h.at.getTime(),
      at: h.at.toISOString(),
      source: "policy" as const,
      code: h.event,
      label: eventLabel(h.event),
      summary: h.summary,
      policyNumber: policyNumbers.get(h.policyId) ?? null,
      actorLabel: h.actorLabel,
    })),
  ];
  // Newest first; at the same instant the audit row (the client's own) before the policy's.
  entries.sort((a, b) => b.time - a.time || (a.source === b.source ? 0 : a.source === "audit" ? -1 : 1));
  return entries.slice(0, limit).map(({ time: _time, ...entry }) => entry);
}
