// SEPA remittances (ADR 029): staff preview a selection of due SEPA recibos and generate one
// pain.008 file for a collection date; the remittance, its items, its recibos remesado and their
// history are written in one short transaction (no provider is called: the file goes to the bank).
// The daily run settles the remitted recibos the bank has not returned by its deadline.
import { createHash, randomUUID } from "node:crypto";
import { REMITTANCE_MESSAGES, type NewRemittance, type RemittancePreview, type RemittanceSelection } from "../contract/remittances";
import { formatIsoDate, formatMoney } from "../contract/format";
import { madridDate } from "../domain/calendar";
import { checkReciboTransition } from "../domain/lifecycle";
import { creditorErrors, earliestCollectionDate, isBusinessDay, settledCollectionDateOn } from "../domain/sepa";
import { writeAudit, type AuditWrite } from "../db/audit";
import { pgErrorCode } from "../db/admin-users.repo";
import type { Database } from "../db/client";
import { recordHistory, updateRecibo } from "../db/lifecycle.repo";
import {
  closeSettledRemittances,
  insertRemittance,
  lockRemittanceRequest,
  lockSelection,
  nextRemittanceId,
  previewSelection,
  readSepaSettings,
  remittanceIdByRequestKey,
  remittedItemsDue,
  setItemStatus,
  type RemittanceWrite,
} from "../db/remittances.repo";
import { markMandateRecurring } from "../db/sepa-mandates.repo";
import type { NewPolicyHistoryEntry } from "../db/schema";
import { ApiProblem } from "../http";
import { errorMessage } from "../../platform/logger";
import { afterPayment } from "./recibos";
import { remittanceDocumentRow } from "./stored-documents";
import { SYSTEM_ACTOR, withPolicy, type LifecycleDeps } from "./lifecycle";
import { buildPain008, endToEndIdOf, messageIdOf, remittanceInfoOf, type Pain008Item } from "./sepa/pain008";

export type StaffActor = Pick<AuditWrite, "actorType" | "actorId" | "actorLabel" | "ip">;

/** A collection date staff may ask for today: a business day, at least the next one (SEPA Core, D-1). */
function checkCollectionDate(collectionDate: string, now: Date): void {
  const earliest = earliestCollectionDate(madridDate(now));
  if (collectionDate < earliest)
    throw new ApiProblem(400, REMITTANCE_MESSAGES.collectionDateTooSoon(formatIsoDate(earliest)), {
      collectionDate: [REMITTANCE_MESSAGES.collectionDateTooSoon(formatIsoDate(earliest))],
    });
  if (!isBusinessDay(collectionDate))
    throw new ApiProblem(400, REMITTANCE_MESSAGES.collectionDateNotBusiness, { collectionDate: [REMITTANCE_MESSAGES.collectionDateNotBusiness] });
}

/** What the selection would remit: its count and total, and the key its confirmation carries. */
export async function previewRemittance(db: Database, selection: RemittanceSelection, now: Date): Promise<RemittancePreview> {
  checkCollectionDate(selection.collectionDate, now);
  const { count, totalCents } = await previewSelection(db, selection);
  return {
    collectionDate: selection.collectionDate,
    count,
    totalCents,
    earliestCollectionDate: earliestCollectionDate(madridDate(now)),
    requestKey: randomUUID(),
  };
}

/**
 * Generates the remittance of the selection, or answers the one its request key already made.
 * Two keys racing for the same recibos: the second waits for the first's policy locks, reads the
 * selection again and, when the preview it confirms no longer matches (count or total), is refused
 * with a 409 that writes nothing; a recibo is in at most one open remittance (also a unique index).
 */
export async function generateRemittance(db: Database, body: NewRemittance, actor: StaffActor, now: Date): Promise<{ id: number; created: boolean }> {
  const { selection, requestKey } = body;
  const existing = await remittanceIdByRequestKey(db, requestKey);
  if (existing !== null) return { id: existing, created: false };
  checkCollectionDate(selection.collectionDate, now);
  const { creditor } = await readSepaSettings(db, selection.collectionDate);
  if (!creditor || Object.keys(creditorErrors(creditor)).length > 0) throw new ApiProblem(409, REMITTANCE_MESSAGES.creditorInvalid);
  try {
    return await db.transaction(async (tx) => {
      await lockRemittanceRequest(tx, requestKey);
      const again = await remittanceIdByRequestKey(tx, requestKey);
      if (again !== null) return { id: again, created: false };
      const rows = await lockSelection(tx, selection);
      const totalCents = rows.reduce((sum, r) => sum + r.amountCents, 0);
      // The preview confirmed no longer matches: another remittance or a staff action took some of its recibos.
      if (
        (body.expectedCount !== undefined && body.expectedCount !== rows.length) ||
        (body.expectedTotalCents !== undefined && body.expectedTotalCents !== totalCents)
      )
        throw new ApiProblem(409, REMITTANCE_MESSAGES.changed);
      if (rows.length === 0) throw new ApiProblem(400, REMITTANCE_MESSAGES.empty, { selection: [REMITTANCE_MESSAGES.empty] });
      const id = await nextRemittanceId(tx);
      const messageId = messageIdOf(id, selection.collectionDate);
      // A FRST mandate's first debit is FRST, any other of the same file RCUR (the rulebook allows one FRST per mandate).
      const firstUsed = new Set<number>();
      const items = rows.map((r) => {
        const check = checkReciboTransition(r.status, "remesar");
        if (!check.ok) throw new ApiProblem(409, check.message);
        const sequenceType = r.mandateSequenceType === "FRST" && !firstUsed.has(r.mandateId) ? "FRST" : "RCUR";
        if (sequenceType === "FRST") firstUsed.add(r.mandateId);
        return { row: r, endToEndId: endToEndIdOf(id, r.reciboId), sequenceType } as const;
      });
      const xml = buildPain008({
        messageId,
        createdAt: madridDateTime(now),
        collectionDate: selection.collectionDate,
        creditor,
        items: items.map(({ row, endToEndId, sequenceType }): Pain008Item => ({
          endToEndId,
          amountCents: row.amountCents,
          sequenceType,
          mandateReference: row.mandateReference,
          mandateSignedOn: row.mandateSignedOn,
          debtorName: row.debtorName,
          debtorIban: row.iban,
          remittanceInfo: remittanceInfoOf(row.sequence, row.policyNumber),
        })),
      });
      const when = formatIsoDate(selection.collectionDate);
      const history: NewPolicyHistoryEntry[] = items.map(({ row }) => ({
        policyId: row.policyId,
        at: now,
        event: "recibo_remesado",
        summary: `Recibo ${row.sequence} (${formatMoney(row.amountCents)}) remesado para su cobro el ${when} (remesa ${id})`,
        details: { recibo: row.sequence, remittanceId: id, from: row.status },
        actorType: actor.actorType,
        actorId: actor.actorId == null ? null : String(actor.actorId),
        actorLabel: actor.actorLabel ?? null,
      }));
      const fileSha256 = createHash("sha256").update(xml, "utf8").digest("hex");
      const createdById = actor.actorId == null ? null : String(actor.actorId);
      const createdByLabel = actor.actorLabel ?? null;
      const actorType = actor.actorType === "admin" || actor.actorType === "user" ? actor.actorType : "system";
      const write: RemittanceWrite = {
        id,
        messageId,
        requestKey,
        collectionDate: selection.collectionDate,
        count: rows.length,
        totalCents,
        fileXml: xml,
        fileSha256,
        createdById,
        createdByLabel,
        at: now,
        document: remittanceDocumentRow({
          id,
          collectionDate: selection.collectionDate,
          fileXml: xml,
          fileSha256,
          actorType,
          createdById,
          createdByLabel,
          at: now,
        }),
        items: items.map(({ row, endToEndId, sequenceType }) => ({
          reciboId: row.reciboId,
          endToEndId,
          mandateId: row.mandateId,
          sequenceType,
          amountCents: row.amountCents,
        })),
        history,
      };
      await insertRemittance(tx, write);
      // One audit row for the remittance with every recibo's before and after (1,000 recibos: one row, not 1,000).
      await writeAudit(tx, {
        ...actor,
        at: now,
        action: "remittance.created",
        entity: "remittance",
        entityId: id,
        before: { recibos: rows.map((r) => ({ id: r.reciboId, status: r.status })) },
        after: { messageId, collectionDate: selection.collectionDate, count: rows.length, totalCents, status: "remesado", selection },
      });
      return { id, created: true };
    });
  } catch (error) {
    if (pgErrorCode(error) !== "23505") throw error;
    // The same key committed a moment before (its unique key), or another remittance took a recibo (one open per recibo).
    const winner = await remittanceIdByRequestKey(db, requestKey);
    if (winner !== null) return { id: winner, created: false };
    throw new ApiProblem(409, REMITTANCE_MESSAGES.changed);
  }
}

/** "YYYY-MM-DDTHH:MM:SS" on the Madrid wall clock (the file's CreDtTm). */
function madridDateTime(now: Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Madrid",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}:${get("second")}`;
}

export type SettleSummary = { cobrados: number; cerradas: number; errores: number };

/**
 * The daily run's settlement: every remitted recibo of a remittance whose collection date plus the
 * bank's return deadline (sepa_return_deadline_business_days, TARGET2 business days) is on or
 * before `day` is collected (liquidar: remesado → cobrado), in its policy's own transaction, with
 * what a payment does after (afterPayment: cover back, policy in force). A remittance with nothing
 * remitted left is closed.
 */
export async function settleRemittances(deps: LifecycleDeps, day: string, now: () => Date, checkLease?: () => void): Promise<SettleSummary> {
  const summary: SettleSummary = { cobrados: 0, cerradas: 0, errores: 0 };
  const { deadlineDays } = await readSepaSettings(deps.db, day);
  const collectedBy = settledCollectionDateOn(day, deadlineDays);
  let after = 0;
  for (;;) {
    const batch = await remittedItemsDue(deps.db, collectedBy, after);
    if (batch.length === 0) break;
    for (const item of batch) {
      checkLease?.();
      try {
        const done = await withPolicy(deps, item.policyId, SYSTEM_ACTOR, now(), async (c) => {
          const recibo = c.policy.recibos.find((r) => r.id === item.reciboId);
          if (!recibo || recibo.status !== "remesado" || recibo.remittanceId !== item.remittanceId) return false;
          const check = checkReciboTransition(recibo.status, "liquidar");
          if (!check.ok) return false;
          await updateRecibo(c.tx, recibo.id, { status: "cobrado", paidAt: c.now }, c.now);
          recibo.status = "cobrado";
          await setItemStatus(c.tx, item.remittanceId, recibo.id, "cobrado");
          await markMandateRecurring(c.tx, { remittanceId: item.remittanceId, reciboId: recibo.id });
          await writeAudit(c.tx, {
            ...c.actor,
            action: "recibo.charged",
            entity: "recibo",
            entityId: recibo.id,
            before: { status: "remesado" },
            after: { policyId: c.policy.id, sequence: recibo.sequence, status: "cobrado", via: "remesa", remittanceId: item.remittanceId },
            at: c.now,
          });
          await recordHistory(c.tx, {
            ...c.actor,
            policyId: c.policy.id,
            event: "recibo_cobrado",
            summary: `Recibo ${recibo.sequence} cobrado por domiciliación (remesa ${item.remittanceId})`,
            details: { recibo: recibo.sequence, remittanceId: item.remittanceId, via: "remesa" },
            at: c.now,
          });
          await afterPayment({ ...c, today: day });
          return true;
        });
        if (done) summary.cobrados += 1;
      } catch (error) {
        summary.errores += 1;
        deps.logger.error("lifecycle: remitted recibo failed", { day, reciboId: item.reciboId, error: errorMessage(error) });
      }
    }
    after = batch[batch.length - 1]!.reciboId;
  }
  summary.cerradas = await closeSettledRemittances(deps.db, collectedBy);
  return summary;
}
