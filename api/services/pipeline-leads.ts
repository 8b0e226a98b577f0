// The sales pipeline's writes (issue 23, ADR 041): leads made from web quotes, callbacks and by
// hand — each merged into an open duplicate (same line, same e-mail or phone) instead of a second
// one —, moves and edits, and the lead won when one of its quotes (or its person) is contracted.
// Every write is audited in its own transaction (ADR 017) and bumps last_activity_at.
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { LeadPatchBody } from "../contract/pipeline-leads";
import { LEAD_MESSAGES } from "../contract/pipeline-leads";
import { PIPELINE_MESSAGES } from "../contract/pipeline";
import { CALLBACK_SLOT_LABELS, OPEN_LEAD_STAGES, type CallbackSlot, type LeadSource, type LeadStage, type Line } from "../contract/vocabulary";
import { writeAudit, type AuditWrite } from "../db/audit";
import { readDistributor } from "../db/catalogue.repo";
import type { DbOrTx } from "../db/client";
import { pipelineLeadQuotes, pipelineLeads, quotes, type PipelineLead } from "../db/schema";
import { settingAt } from "../db/settings.repo";
import {
  canReassignLead,
  canWorkLead,
  duplicateKey,
  missingFields,
  moveEffects,
  moveRefusal,
  phoneKey,
  type LeadMove,
  type PipelineReader,
} from "../domain/pipeline";
import { ApiProblem } from "../http";
import { enqueueEmail } from "./mail";

export type Actor = Pick<AuditWrite, "actorType" | "actorId" | "actorLabel" | "ip">;

/** The setting lead_stale_days in force (7 if the database lacks it). */
export async function leadStaleDays(db: DbOrTx, now: Date): Promise<number> {
  return (await settingAt(db, "lead_stale_days", now)) ?? 7;
}

const isOpen = inArray(pipelineLeads.stage, [...OPEN_LEAD_STAGES]);

export type LeadInput = {
  source: LeadSource;
  stage: LeadStage;
  name: string;
  email?: string | null;
  phone?: string | null;
  lineCode: Line | null;
  quoteId?: string | null;
  clientId?: number | null;
  estimatedPremiumCents?: number | null;
  assignedAdminId?: number | null;
  nextAction?: string | null;
  nextActionOn?: string | null;
  notes?: string | null;
  callbackSlot?: CallbackSlot | null;
  callbackConsentAt?: Date | null;
};

/**
 * The open lead of the same person for this line, locked: same e-mail (any case) or same phone
 * (any writing). An advisory lock per key makes two writers of the same person take turns, so
 * neither creates a second lead while the other's is not yet committed.
 */
export async function lockOpenDuplicate(tx: DbOrTx, lead: { lineCode: Line | null; email?: string | null; phone?: string | null }) {
  const key = duplicateKey(lead);
  if (!key.email && !key.phone) return null;
  for (const k of [key.email && `e:${key.email}`, key.phone && `p:${key.phone}`].filter(Boolean))
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead:${key.lineCode ?? "-"}:${k}`}))`);
  const [found] = await tx
    .select()
    .from(pipelineLeads)
    .where(
      and(
        isOpen,
        key.lineCode ? eq(pipelineLeads.lineCode, key.lineCode) : isNull(pipelineLeads.lineCode),
        or(key.email ? sql`lower(${pipelineLeads.email}) = ${key.email}` : undefined, key.phone ? eq(pipelineLeads.phone, key.phone) : undefined),
      ),
    )
    .orderBy(pipelineLeads.id)
    .limit(1)
    .for("update");
  return found ?? null;
}

/** The open lead that holds this quote, locked. */
async function lockOpenLeadOfQuote(tx: DbOrTx, quoteId: string): Promise<PipelineLead | null> {
  const [held] = await tx
    .select({ lead: pipelineLeads })
    .from(pipelineLeadQuotes)
    .innerJoin(pipelineLeads, eq(pipelineLeads.id, pipelineLeadQuotes.leadId))
    .where(and(eq(pipelineLeadQuotes.quoteId, quoteId), isOpen))
    .for("update", { of: pipelineLeads });
  return held?.lead ?? null;
}

/** Creates the lead, or merges it into the open duplicate (its quote added, missing fields filled). */
export async function createOrMergeLead(tx: DbOrTx, input: LeadInput, actor: Actor, now: Date): Promise<{ id: number; merged: boolean }> {
  const email = input.email?.trim() || null;
  const phone = phoneKey(input.phone);
  const existing =
    (input.quoteId ? await lockOpenLeadOfQuote(tx, input.quoteId) : null) ??
    (await lockOpenDuplicate(tx, { lineCode: input.lineCode, email, phone }));
  if (existing) {
    const fill = missingFields(existing as Record<string, unknown>, {
      email,
      phone,
      quoteId: input.quoteId ?? null,
      clientId: input.clientId ?? null,
      estimatedPremiumCents: input.estimatedPremiumCents ?? null,
      assignedAdminId: input.assignedAdminId ?? null,
      nextAction: input.nextAction ?? null,
      nextActionOn: input.nextActionOn ?? null,
      notes: input.notes ?? null,
    }) as Partial<PipelineLead>;
    // A new callback request is the one to honour: its slot and consent replace the old ones.
    const callback = input.callbackConsentAt ? { callbackSlot: input.callbackSlot ?? null, callbackConsentAt: input.callbackConsentAt } : {};
    await tx
      .update(pipelineLeads)
      .set({ ...fill, ...callback, lastActivityAt: now, updatedAt: now })
      .where(eq(pipelineLeads.id, existing.id));
    if (input.quoteId)
      await tx.insert(pipelineLeadQuotes).values({ leadId: existing.id, quoteId: input.quoteId, createdAt: now }).onConflictDoNothing();
    await writeAudit(tx, {
      ...actor,
      at: now,
      action: "pipeline_lead.merged",
      entity: "pipeline_lead",
      entityId: existing.id,
      after: { source: input.source, quoteId: input.quoteId ?? null, filled: Object.keys(fill), callbackSlot: input.callbackSlot ?? null },
    });
    return { id: existing.id, merged: true };
  }
  const [created] = await tx
    .insert(pipelineLeads)
    .values({
      ...input,
      email,
      phone,
      quoteId: input.quoteId ?? null,
      stageChangedAt: now,
      lastActivityAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: pipelineLeads.id });
  const id = created!.id;
  // A quote of a closed lead stays with it (a quote belongs to one lead at most).
  if (input.quoteId) await tx.insert(pipelineLeadQuotes).values({ leadId: id, quoteId: input.quoteId, createdAt: now }).onConflictDoNothing();
  await writeAudit(tx, {
    ...actor,
    at: now,
    action: "pipeline_lead.created",
    entity: "pipeline_lead",
    entityId: id,
    after: { source: input.source, stage: input.stage, line: input.lineCode, quoteId: input.quoteId ?? null, ownerId: input.assignedAdminId ?? null },
  });
  return { id, merged: false };
}

async function lockLead(tx: DbOrTx, id: number): Promise<PipelineLead> {
  const [lead] = await tx.select().from(pipelineLeads).where(eq(pipelineLeads.id, id)).for("update");
  if (!lead) throw new ApiProblem(404, LEAD_MESSAGES.notFound);
  return lead;
}

const FORBIDDEN_LEAD = "No tienes permisos para realizar esta accion";

/** Moves a lead (the rules in api/domain/pipeline.ts); an unassigned lead becomes the mover's. */
export async function moveLead(tx: DbOrTx, id: number, move: LeadMove, reader: PipelineReader, actor: Actor, now: Date): Promise<void> {
  const lead = await lockLead(tx, id);
  const refusal = moveRefusal(reader, lead, move);
  if (refusal === "forbidden") throw new ApiProblem(403, FORBIDDEN_LEAD);
  if (refusal === "lost_reason") throw new ApiProblem(400, "Datos no válidos", { lostReason: [PIPELINE_MESSAGES.lostReason] });
  if (refusal === "same_stage") return;
  const effects = moveEffects(reader, lead, move, now);
  await tx
    .update(pipelineLeads)
    .set({ stage: move.stage, ...effects, stageChangedAt: now, lastActivityAt: now, updatedAt: now })
    .where(eq(pipelineLeads.id, id));
  await writeAudit(tx, {
    ...actor,
    at: now,
    action: "pipeline_lead.moved",
    entity: "pipeline_lead",
    entityId: id,
    before: { stage: lead.stage, ownerId: lead.assignedAdminId },
    after: { stage: move.stage, lostReason: effects.lostReason, ownerId: effects.assignedAdminId },
  });
}

/** Edits the next action, its day, the notes, the premium; the owner only with pipeline:write:any. */
export async function updateLead(tx: DbOrTx, id: number, patch: LeadPatchBody, reader: PipelineReader, actor: Actor, now: Date): Promise<void> {
  const lead = await lockLead(tx, id);
  if (!canWorkLead(reader, lead)) throw new ApiProblem(403, FORBIDDEN_LEAD);
  const { ownerId, ...fields } = patch;
  const changes: Record<string, unknown> = {};
  const before: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const next = value ?? null;
    if (lead[key as keyof PipelineLead] === next) continue;
    before[key] = lead[key as keyof PipelineLead];
    changes[key] = next;
  }
  const reassign = ownerId !== undefined && (ownerId ?? null) !== lead.assignedAdminId;
  if (reassign && !canReassignLead(reader)) throw new ApiProblem(403, LEAD_MESSAGES.reassign);
  if (Object.keys(changes).length === 0 && !reassign) return;
  await tx
    .update(pipelineLeads)
    .set({ ...changes, ...(reassign ? { assignedAdminId: ownerId ?? null } : {}), lastActivityAt: now, updatedAt: now })
    .where(eq(pipelineLeads.id, id));
  if (Object.keys(changes).length > 0)
    await writeAudit(tx, { ...actor, at: now, action: "pipeline_lead.updated", entity: "pipeline_lead", entityId: id, before, after: changes });
  if (reassign)
    await writeAudit(tx, {
      ...actor,
      at: now,
      action: "pipeline_lead.reassigned",
      entity: "pipeline_lead",
      entityId: id,
      before: { ownerId: lead.assignedAdminId },
      after: { ownerId: ownerId ?? null },
    });
}

/**
 * A policy was issued (web checkout or phone sale, in its transaction): the open lead holding its
 * quote — or else the open lead of the same line with the holder's e-mail or phone — is won.
 */
export async function winLeadForPolicy(
  tx: DbOrTx,
  sale: { policyId: number; quoteId: string | null; lineCode: Line; email?: string | null; phone?: string | null },
  actor: Actor,
  now: Date,
): Promise<number | null> {
  let lead: { id: number; stage: LeadStage } | null = sale.quoteId ? await lockOpenLeadOfQuote(tx, sale.quoteId) : null;
  lead ??= await lockOpenDuplicate(tx, { lineCode: sale.lineCode, email: sale.email, phone: sale.phone });
  if (!lead) return null;
  await tx
    .update(pipelineLeads)
    .set({ stage: "ganado", wonPolicyId: sale.policyId, lostReason: null, closedAt: now, stageChangedAt: now, lastActivityAt: now, updatedAt: now })
    .where(eq(pipelineLeads.id, lead.id));
  if (sale.quoteId) await tx.insert(pipelineLeadQuotes).values({ leadId: lead.id, quoteId: sale.quoteId, createdAt: now }).onConflictDoNothing();
  await writeAudit(tx, {
    ...actor,
    at: now,
    action: "pipeline_lead.won",
    entity: "pipeline_lead",
    entityId: lead.id,
    before: { stage: lead.stage },
    after: { stage: "ganado", policyId: sale.policyId, quoteId: sale.quoteId },
  });
  return lead.id;
}

/**
 * "Quiero que me llamen" on /results: a lead llamada_solicitada in nuevo (or the open lead of the
 * same quote or person, with the new slot), the consent's moment, and the visitor's e-mail
 * (llamada-solicitada, ADR 040) queued in the same transaction when there is an address.
 */
export async function requestCallback(
  tx: DbOrTx,
  request: { quoteId: string; line: Line; name: string; phone: string; slot: CallbackSlot; email: string | null },
  actor: Actor,
  now: Date,
): Promise<{ leadId: number; emailId: number | null }> {
  const { id } = await createOrMergeLead(
    tx,
    {
      source: "llamada_solicitada",
      stage: "nuevo",
      name: request.name,
      email: request.email,
      phone: request.phone,
      lineCode: request.line,
      quoteId: request.quoteId,
      estimatedPremiumCents: (await tx.select({ best: quotes.bestPrice }).from(quotes).where(eq(quotes.id, request.quoteId)))[0]?.best ?? null,
      callbackSlot: request.slot,
      callbackConsentAt: now,
    },
    actor,
    now,
  );
  if (!request.email) return { leadId: id, emailId: null };
  const d = await readDistributor(tx, now);
  const emailId = await enqueueEmail(
    tx,
    {
      template: "llamada-solicitada",
      to: request.email,
      values: {
        nombre_tomador: request.name,
        telefono_cliente: request.phone,
        franja: CALLBACK_SLOT_LABELS[request.slot].toLowerCase(),
        email_distribuidor: d.email,
        telefono_distribuidor: d.phone,
      },
    },
    now,
  );
  await writeAudit(tx, {
    ...actor,
    at: now,
    action: "email.queued",
    entity: "outbox_email",
    entityId: emailId,
    after: { to: request.email, kind: "llamada-solicitada", leadId: id },
  });
  return { leadId: id, emailId };
}
