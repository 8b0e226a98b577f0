// Claims (siniestros, ADR 042): the customer's declaration and the staff's handling. Each write is
// one short transaction with the claim's history entry and its audit row. The cover rules and the
// fraud signals are pure (api/domain/claim-cover.ts, claim-fraud.ts); the policy's snapshot comes
// from api/db/claim-cover.repo.ts. Permissions are the routes' (claims:write handles, claims:pay pays).
import { writeAudit } from "../db/audit";
import { readDistributor } from "../db/catalogue.repo";
import { claimCoverFacts } from "../db/claim-cover.repo";
import type { Database, Transaction } from "../db/client";
import {
  activeAdmin,
  hasPoliceReport,
  insertClaim,
  insertClaimEvent,
  insertReserveChange,
  lockClaim,
  nextClaimNumber,
  openDraftOf,
  otherClaimsOfPolicy,
  updateClaim,
  type Claim,
  type ClaimInsert,
} from "../db/claims.repo";
import type { HistoryActor } from "../db/lifecycle.repo";
import { checkClaimCover, refusalForCustomer } from "../domain/claim-cover";
import { claimFraudSignals } from "../domain/claim-fraud";
import { checkClaimTransition } from "../domain/claim-status";
import { maskIban } from "../domain/iban";
import { CLAIM_EVENT_TYPE_INFO, CLAIM_STATUS_LABELS, type ClaimEvent, type ClaimPlainTarget, type ClaimStatus } from "../contract/claim-vocabulary";
import type { ClaimDeclaration } from "../contract/claims";
import { formatDateTime, formatMoney } from "../contract/format";
import type { AuditAction } from "../contract/vocabulary";
import { ApiProblem } from "../http";
import { enqueueEmail } from "./mail";

export const CLAIM_NOT_FOUND_MESSAGE = "Siniestro no encontrado";
export const POLICY_NOT_FOUND_MESSAGE = "Póliza no encontrada";

/** Who acts: the customer (`user`) or a staff member (`admin`, whose id is their admin id). */
export type ClaimActor = HistoryActor & { ip?: string | null };

const adminIdOf = (actor: ClaimActor) =>
  actor.actorType === "admin" && actor.actorId !== null && actor.actorId !== undefined ? Number(actor.actorId) : null;

/** A change of the reserve by `actor`, kept in its history (nothing when it does not change). */
async function recordReserveChange(tx: Transaction, claim: Claim, toCents: number, reason: string, actor: ClaimActor, now: Date) {
  if (toCents === claim.reserveCents) return;
  await insertReserveChange(tx, {
    claimId: claim.id,
    fromCents: claim.reserveCents,
    toCents,
    reason,
    adminId: adminIdOf(actor),
    actorLabel: actor.actorLabel ?? null,
    at: now,
  });
}

async function audit(tx: Transaction, actor: ClaimActor, action: AuditAction, claim: Claim, before: unknown, after: unknown, now: Date) {
  await writeAudit(tx, {
    ...actor,
    action,
    entity: "claim",
    entityId: claim.id,
    before,
    after: { number: claim.number, ...(after as object) },
    at: now,
  });
}

/**
 * Declares a claim on a policy: checks the cover on the day it happened and the fraud signals,
 * turns the policy's open draft into the claim (so files uploaded while drafting stay with it) or
 * writes a new row, gives it its number, opens it (abierto) with an initial reserve of what the
 * rules would pay for the amount claimed, and records it. `userId`: the declaring customer, who
 * must own the policy (anyone else's is the same 404 as a missing policy); null when staff declare it.
 */
export async function declareClaim(
  db: Database,
  input: { policyId: number; userId: number | null; declaration: ClaimDeclaration },
  actor: ClaimActor,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const facts = await claimCoverFacts(tx, input.policyId);
    if (!facts || (input.userId !== null && facts.policy.userId !== input.userId)) throw new ApiProblem(404, POLICY_NOT_FOUND_MESSAGE);
    const d = input.declaration;
    if (CLAIM_EVENT_TYPE_INFO[d.eventType].line !== facts.policy.line) {
      throw new ApiProblem(400, "Revise los datos del siniestro", { eventType: ["Ese tipo de siniestro no corresponde al seguro de esta póliza"] });
    }
    const occurredAt = new Date(d.occurredAt);
    const cover = checkClaimCover({ snapshot: facts.snapshot, eventType: d.eventType, occurredAt, amountCents: d.amountClaimedCents ?? null }, now);
    const draft = await openDraftOf(tx, input.policyId);
    const signals = claimFraudSignals({
      eventType: d.eventType,
      occurredAt,
      coverStartDate: facts.coverStartDate,
      endorsementDates: facts.endorsementDates,
      previousClaims: await otherClaimsOfPolicy(tx, input.policyId, draft?.id ?? null),
      hasPoliceReport: draft ? await hasPoliceReport(tx, draft.id) : false,
    });
    const reserve = cover.covered ? (cover.amounts?.payableCents ?? 0) : 0;
    const values: ClaimInsert = {
      number: await nextClaimNumber(tx, now),
      policyId: facts.policy.id,
      clientId: facts.policy.clientId,
      userId: input.userId ?? facts.policy.userId,
      lineCode: facts.policy.line,
      draft: null,
      declaredAt: now,
      eventType: d.eventType,
      occurredAt,
      place: d.place,
      description: d.description,
      contactPhone: d.contactPhone,
      contactEmail: d.contactEmail ?? null,
      contactTime: d.contactTime,
      otherPlate: d.otherPlate ?? null,
      otherInsurer: d.otherInsurer ?? null,
      rentMonthsUnpaid: d.rentMonthsUnpaid ?? null,
      status: "abierto",
      claimedCents: d.amountClaimedCents ?? null,
      reserveCents: reserve,
      guaranteeCode: cover.amounts?.guaranteeCode ?? null,
      coverAtDeclaration: cover,
      fraudSignals: signals,
      updatedAt: now,
    };
    const claim = draft ? await updateClaim(tx, draft.id, values, now) : await insertClaim(tx, { ...values, createdAt: now });
    const refusal = refusalForCustomer(cover);
    await insertClaimEvent(tx, {
      ...actor,
      claimId: claim.id,
      event: "declarado",
      toStatus: "abierto",
      summary: `Siniestro ${claim.number} declarado: ${CLAIM_EVENT_TYPE_INFO[d.eventType].label}, ocurrido el ${formatDateTime(occurredAt)}${
        cover.covered ? "" : `; las reglas de cobertura no lo cubren (${cover.lines.filter((l) => l.result === "fallo").length} fallo(s))`
      }`,
      details: { covered: cover.covered, signals: signals.map((s) => s.signal) },
      at: now,
    });
    if (reserve > 0) {
      await insertReserveChange(tx, {
        claimId: claim.id,
        fromCents: 0,
        toCents: reserve,
        reason: "Reserva inicial: lo que las reglas pagarían por el importe declarado",
        adminId: null,
        actorLabel: null,
        at: now,
      });
    }
    await queueConfirmation(tx, claim, facts.policy, actor, now);
    await audit(
      tx,
      actor,
      "claim.declared",
      claim,
      undefined,
      {
        policyId: claim.policyId,
        eventType: d.eventType,
        status: "abierto",
        covered: cover.covered,
        reserveCents: reserve,
        signals: signals.map((s) => s.signal),
      },
      now,
    );
    return { claim, cover, signals, refusal };
  });
}

/** The confirmation e-mail (siniestro-declarado, ADR 040), queued in the declaration's transaction, to the contact address given or the policyholder's. */
async function queueConfirmation(
  tx: Transaction,
  claim: Claim,
  policy: { id: number; clientId: number; number: string; holderName: string; holderEmail: string | null },
  actor: ClaimActor,
  now: Date,
) {
  const to = claim.contactEmail ?? policy.holderEmail;
  if (!to) return;
  const d = await readDistributor(tx, now);
  const emailId = await enqueueEmail(
    tx,
    {
      template: "siniestro-declarado",
      to,
      policyId: policy.id,
      clientId: policy.clientId,
      values: {
        nombre_tomador: policy.holderName,
        numero_siniestro: claim.number!,
        numero_poliza: policy.number,
        tipo_siniestro: CLAIM_EVENT_TYPE_INFO[claim.eventType!].label,
        fecha_siniestro: formatDateTime(claim.occurredAt!),
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
    after: { to, kind: "siniestro-declarado", claimId: claim.id },
  });
}

type Step = {
  event: ClaimEvent;
  action: AuditAction;
  summary: string;
  note?: string | null;
  patch?: Partial<ClaimInsert>;
  details?: Record<string, unknown>;
};

/** Locks the claim, checks the machine, writes the change, its history entry and its audit row. */
async function move(
  db: Database,
  claimId: number,
  to: ClaimStatus,
  actor: ClaimActor,
  now: Date,
  step: (claim: Claim, tx: Transaction) => Promise<Step>,
) {
  return db.transaction(async (tx) => {
    const claim = await lockClaim(tx, claimId);
    if (!claim) throw new ApiProblem(404, CLAIM_NOT_FOUND_MESSAGE);
    const from = claim.status!;
    const outcome = checkClaimTransition(from, to);
    if (!outcome.ok) throw new ApiProblem(409, outcome.message);
    const s = await step(claim, tx);
    const updated = await updateClaim(tx, claim.id, { ...s.patch, status: to, ...(to === "cerrado" ? { closedAt: now } : {}) }, now);
    await insertClaimEvent(tx, {
      ...actor,
      claimId: claim.id,
      event: s.event,
      fromStatus: from,
      toStatus: to,
      summary: s.summary,
      note: s.note,
      details: s.details,
      at: now,
    });
    await audit(tx, actor, s.action, updated, { status: from }, { status: to, ...s.details }, now);
    return updated;
  });
}

/** en revisión, en peritación, cerrado, reabierto: the moves that need nothing but a note. */
export async function changeClaimStatus(
  db: Database,
  claimId: number,
  input: { status: ClaimPlainTarget; note?: string },
  actor: ClaimActor,
  now: Date,
) {
  return move(db, claimId, input.status, actor, now, async (claim) => ({
    event: input.status === "peritacion" ? "perito" : "estado",
    action: "claim.status_changed",
    summary: `De ${CLAIM_STATUS_LABELS[claim.status!]} a ${CLAIM_STATUS_LABELS[input.status]}`,
    note: input.note ?? null,
  }));
}

/**
 * Accepts the claim for `acceptedCents` (before the deductible and the limit): the cover rules run
 * again, now with that amount, and must not refuse it; the payable amount is theirs, and the
 * reserve becomes it.
 */
export async function acceptClaim(db: Database, claimId: number, input: { acceptedCents: number; note?: string }, actor: ClaimActor, now: Date) {
  return move(db, claimId, "aceptado", actor, now, async (claim, tx) => {
    const facts = await claimCoverFacts(tx, claim.policyId);
    const cover = checkClaimCover(
      { snapshot: facts!.snapshot, eventType: claim.eventType!, occurredAt: claim.occurredAt!, amountCents: input.acceptedCents },
      now,
    );
    if (!cover.covered || !cover.amounts) {
      const reasons = cover.lines.filter((l) => l.result === "fallo").map((l) => l.reason);
      throw new ApiProblem(409, `Las reglas de cobertura no cubren este siniestro: ${reasons.join("; ")}`);
    }
    const payable = cover.amounts.payableCents!;
    await recordReserveChange(tx, claim, payable, "Aceptación: la reserva pasa a lo que se pagará", actor, now);
    return {
      event: "aceptado",
      action: "claim.accepted",
      summary: `Aceptado por ${formatMoney(input.acceptedCents)}: a pagar ${formatMoney(payable)} (franquicia ${formatMoney(cover.amounts.deductibleCents)}${
        cover.amounts.limitCents !== null ? `, límite ${formatMoney(cover.amounts.limitCents)}` : ""
      })`,
      note: input.note ?? null,
      patch: {
        acceptedCents: input.acceptedCents,
        deductibleCents: cover.amounts.deductibleCents,
        limitCents: cover.amounts.limitCents,
        payableCents: payable,
        guaranteeCode: cover.amounts.guaranteeCode,
        reserveCents: payable,
        coverAtAcceptance: cover,
      },
      details: { acceptedCents: input.acceptedCents, payableCents: payable },
    };
  });
}

/** Rejects the claim with the reason the customer will read; nothing is reserved any more. */
export async function rejectClaim(db: Database, claimId: number, input: { reason: string }, actor: ClaimActor, now: Date) {
  return move(db, claimId, "rechazado", actor, now, async (claim, tx) => {
    await recordReserveChange(tx, claim, 0, "Rechazo", actor, now);
    return {
      event: "rechazado",
      action: "claim.rejected",
      summary: "Rechazado",
      note: input.reason,
      patch: { rejectionReason: input.reason, reserveCents: 0 },
      details: { reason: input.reason },
    };
  });
}

/**
 * Records the indemnity paid by transfer to the customer's IBAN, as staff record a refund's transfer
 * (ADR 032): the payable amount of the acceptance, the IBAN (normalised), the reference; the reserve is spent.
 */
export async function payClaim(db: Database, claimId: number, input: { iban: string; reference?: string }, actor: ClaimActor, now: Date) {
  return move(db, claimId, "pagado", actor, now, async (claim, tx) => {
    const paid = claim.payableCents ?? 0;
    await recordReserveChange(tx, claim, 0, "Pago de la indemnización", actor, now);
    return {
      event: "pagado",
      action: "claim.paid",
      summary: `Indemnización de ${formatMoney(paid)} pagada por transferencia a ${maskIban(input.iban)}${input.reference ? ` (ref. ${input.reference})` : ""}`,
      patch: {
        payeeIban: input.iban,
        paidCents: paid,
        paymentReference: input.reference ?? null,
        paidAt: now,
        paidByAdminId: adminIdOf(actor),
        reserveCents: 0,
      },
      details: { paidCents: paid, iban: maskIban(input.iban) },
    };
  });
}

/** Sets the reserve (the amount expected to be paid), with its reason in the reserve's history. */
export async function changeClaimReserve(
  db: Database,
  claimId: number,
  input: { reserveCents: number; reason: string },
  actor: ClaimActor,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const claim = await lockClaim(tx, claimId);
    if (!claim) throw new ApiProblem(404, CLAIM_NOT_FOUND_MESSAGE);
    if (claim.status === "pagado" || claim.status === "cerrado" || claim.status === "rechazado") {
      throw new ApiProblem(409, `El siniestro está ${CLAIM_STATUS_LABELS[claim.status].toLowerCase()}; su reserva ya no cambia`);
    }
    await insertReserveChange(tx, {
      claimId,
      fromCents: claim.reserveCents,
      toCents: input.reserveCents,
      reason: input.reason,
      adminId: adminIdOf(actor),
      actorLabel: actor.actorLabel ?? null,
      at: now,
    });
    const updated = await updateClaim(tx, claimId, { reserveCents: input.reserveCents }, now);
    await insertClaimEvent(tx, {
      ...actor,
      claimId,
      event: "reserva",
      summary: `Reserva de ${formatMoney(claim.reserveCents)} a ${formatMoney(input.reserveCents)}`,
      note: input.reason,
      at: now,
    });
    await audit(
      tx,
      actor,
      "claim.reserve_changed",
      updated,
      { reserveCents: claim.reserveCents },
      { reserveCents: input.reserveCents, reason: input.reason },
      now,
    );
    return updated;
  });
}

/** Assigns the claim to a handler (an active staff member), or leaves it unassigned (null). */
export async function assignClaim(db: Database, claimId: number, input: { handlerId: number | null; note?: string }, actor: ClaimActor, now: Date) {
  return db.transaction(async (tx) => {
    const claim = await lockClaim(tx, claimId);
    if (!claim) throw new ApiProblem(404, CLAIM_NOT_FOUND_MESSAGE);
    const handler = input.handlerId === null ? null : await activeAdmin(tx, input.handlerId);
    if (input.handlerId !== null && !handler)
      throw new ApiProblem(400, "Revisa el tramitador", { handlerId: ["Elige un usuario activo del back office"] });
    const updated = await updateClaim(tx, claimId, { handlerId: input.handlerId }, now);
    const summary = handler ? `Asignado a ${handler.username}` : "Sin tramitador asignado";
    await insertClaimEvent(tx, {
      ...actor,
      claimId,
      event: "asignado",
      summary,
      note: input.note ?? null,
      details: { handlerId: input.handlerId },
      at: now,
    });
    await audit(tx, actor, "claim.assigned", updated, { handlerId: claim.handlerId }, { handlerId: input.handlerId }, now);
    return updated;
  });
}

/**
 * Appoints a perito (an expert who assesses the damage): recorded as the claim's `perito` history
 * entry with their name and contact (the page shows the latest), audited, and the claim moves to
 * peritación when its status allows it (en revisión, reabierto); already in peritación, or still
 * abierto or aceptado, it stays where it is. A rejected, paid or closed claim takes no perito (409).
 */
export async function appointClaimExpert(
  db: Database,
  claimId: number,
  input: { name: string; phone?: string; email?: string; note?: string },
  actor: ClaimActor,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const claim = await lockClaim(tx, claimId);
    if (!claim) throw new ApiProblem(404, CLAIM_NOT_FOUND_MESSAGE);
    const from = claim.status!;
    if (from === "rechazado" || from === "pagado" || from === "cerrado") {
      throw new ApiProblem(409, `El siniestro está ${CLAIM_STATUS_LABELS[from].toLowerCase()}: reábrelo para designar un perito`);
    }
    const moves = from !== "peritacion" && checkClaimTransition(from, "peritacion").ok;
    const updated = moves ? await updateClaim(tx, claimId, { status: "peritacion" }, now) : claim;
    const expert = { name: input.name, phone: input.phone ?? null, email: input.email ?? null };
    const contact = [expert.phone, expert.email].filter(Boolean).join(", ");
    await insertClaimEvent(tx, {
      ...actor,
      claimId,
      event: "perito",
      ...(moves ? { fromStatus: from, toStatus: "peritacion" as const } : {}),
      summary: `Perito designado: ${expert.name} (${contact})${moves ? `; de ${CLAIM_STATUS_LABELS[from]} a ${CLAIM_STATUS_LABELS.peritacion}` : ""}`,
      note: input.note ?? null,
      details: { expert },
      at: now,
    });
    await audit(
      tx,
      actor,
      "claim.expert_appointed",
      updated,
      { status: from },
      { status: updated.status, expert, ...(input.note ? { note: input.note } : {}) },
      now,
    );
    return updated;
  });
}
