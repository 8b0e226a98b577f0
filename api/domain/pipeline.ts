// The sales pipeline's rules (issue 23, ADR 041): who may move or edit a lead, which moves are
// allowed, when a lead is stale, and the key that finds its duplicate. Pure: the API and the
// daily run call them; the board answers canMove with them.
import { OPEN_LEAD_STAGES, type LeadLostReason, type LeadStage } from "../contract/vocabulary";
import { normalizePhone } from "./phone";

export type PipelineReader = { id: number; permissions: Partial<Record<string, boolean>> };
export type LeadOwnership = { stage: LeadStage; assignedAdminId: number | null };

export const isOpenLeadStage = (stage: LeadStage): boolean => (OPEN_LEAD_STAGES as readonly LeadStage[]).includes(stage);

const mayWriteAny = (reader: PipelineReader) => reader.permissions["pipeline:write:any"] === true;
const mayWrite = (reader: PipelineReader) => reader.permissions["pipeline:write"] === true || mayWriteAny(reader);

/**
 * Whether the reader may edit or move the lead at all: pipeline:write:any any lead; pipeline:write
 * their own or an unassigned open one (moving it takes it). A closed lead (ganado, perdido) is
 * only reopened with pipeline:write:any.
 */
export function canWorkLead(reader: PipelineReader, lead: LeadOwnership): boolean {
  if (mayWriteAny(reader)) return true;
  if (!mayWrite(reader) || !isOpenLeadStage(lead.stage)) return false;
  return lead.assignedAdminId === null || lead.assignedAdminId === reader.id;
}

/** Only pipeline:write:any hands a lead to someone else (or picks the owner of a new one). */
export const canReassignLead = (reader: PipelineReader): boolean => mayWriteAny(reader);

export type LeadMove = { stage: LeadStage; lostReason?: LeadLostReason };
export type MoveRefusal = "forbidden" | "lost_reason" | "same_stage";

/**
 * Whether the move is allowed: from an open stage to any stage; out of ganado or perdido (to
 * reopen it) only with pipeline:write:any; perdido needs a reason of the list.
 */
export function moveRefusal(reader: PipelineReader, lead: LeadOwnership, move: LeadMove): MoveRefusal | null {
  if (!canWorkLead(reader, lead)) return "forbidden";
  if (move.stage === "perdido" && !move.lostReason) return "lost_reason";
  if (move.stage === lead.stage) return "same_stage";
  return null;
}

/** What a move writes besides the stage: the owner (an unassigned lead is taken), the reason, when it closed. */
export function moveEffects(reader: PipelineReader, lead: LeadOwnership, move: LeadMove, now: Date) {
  return {
    assignedAdminId: lead.assignedAdminId ?? reader.id,
    lostReason: move.stage === "perdido" ? (move.lostReason ?? null) : null,
    closedAt: isOpenLeadStage(move.stage) ? null : now,
  };
}

const DAY_MS = 86_400_000;

/** The moment before which a lead's last activity makes it stale. */
export const staleBefore = (now: Date, staleDays: number): Date => new Date(now.getTime() - staleDays * DAY_MS);

/** An open lead without activity for more than the setting's days (a closed lead is never stale). */
export function isStaleLead(lead: { stage: LeadStage; lastActivityAt: Date }, now: Date, staleDays: number): boolean {
  return isOpenLeadStage(lead.stage) && lead.lastActivityAt.getTime() < staleBefore(now, staleDays).getTime();
}

/**
 * A phone as the duplicate key and the stored value: without separators, and a Spanish number
 * without its +34/0034 prefix ("+34 600 12 34 56" and "600123456" are the same person).
 */
export function phoneKey(input: string | null | undefined): string | null {
  if (!input) return null;
  const phone = normalizePhone(input.trim());
  if (phone === "") return null;
  const spanish = /^(?:\+34|0034)([6789]\d{8})$/.exec(phone);
  return spanish ? spanish[1]! : phone;
}

export const emailKey = (input: string | null | undefined): string | null => {
  const email = input?.trim().toLowerCase();
  return email ? email : null;
};

/** The duplicate key of a lead: same line, and the same e-mail (any case) or the same phone (any writing). */
export function duplicateKey<L extends string>(lead: { lineCode: L | null; email?: string | null; phone?: string | null }) {
  return { lineCode: lead.lineCode, email: emailKey(lead.email), phone: phoneKey(lead.phone) };
}

/** The fields a merge fills: only those the open lead lacks. */
export function missingFields<T extends Record<string, unknown>>(existing: T, incoming: Partial<T>): Partial<T> {
  const filled: Partial<T> = {};
  for (const [key, value] of Object.entries(incoming) as [keyof T, T[keyof T]][]) {
    if (value !== null && value !== undefined && value !== "" && (existing[key] === null || existing[key] === undefined || existing[key] === ""))
      filled[key] = value;
  }
  return filled;
}
