// Reading a suplemento back (GET /me/endorsements/{id}): the visitor's own, and its answer.
import type { EndorsementAnswer } from "../contract/endorsements";
import { ENDORSEMENT_NOT_FOUND_MESSAGE } from "../contract/endorsements";
import type { Database, DbOrTx } from "../db/client";
import { findUserEndorsement } from "../db/endorsements.repo";
import { type PolicyView } from "../db/policies.repo";
import type { Endorsement } from "../db/schema";
import { ApiProblem } from "../http";
import { premiumBreakdown } from "./premium-columns";
import { suplementoRecibo } from "../db/suplementos.repo";
import { apiUrls } from "./endorsement-pricing";

/** One suplemento of the visitor's (404 for someone else's, as for one that does not exist). */
export async function findOwnEndorsement(db: Database, userId: number, id: number): Promise<Endorsement> {
  const row = await findUserEndorsement(db, userId, id);
  if (!row) throw new ApiProblem(404, ENDORSEMENT_NOT_FOUND_MESSAGE);
  return row;
}

/** A suplemento as Mi póliza shows it: its guarantees, price, recibo, payment and documents. */
export async function endorsementAnswer(db: DbOrTx, view: PolicyView, e: Endorsement, emailTo: string | null): Promise<EndorsementAnswer> {
  const { recibo, paymentLabel } = await suplementoRecibo(db, e.reciboId);
  const card = e.paymentMethod === "card";
  return {
    id: e.id,
    policyId: view.id,
    policyNumber: view.number,
    lineName: view.lineName,
    planName: view.plan.name,
    version: e.version,
    effectiveDate: e.effectiveDate,
    endDate: view.endDate,
    remainingDays: e.remainingDays,
    termDays: e.termDays,
    guarantees: e.guarantees,
    price: premiumBreakdown(e),
    recibo: {
      sequence: recibo?.sequence ?? 0,
      dueDate: recibo?.dueDate ?? e.effectiveDate,
      amount: recibo?.amountCents ?? e.totalPremiumCents,
      status: recibo?.status ?? "pendiente",
      paidAt: recibo?.paidAt ? recibo.paidAt.toISOString() : null,
      documentUrl: apiUrls.recibo(view.id, recibo?.sequence ?? 0),
    },
    payment: { method: card ? "card" : "mandate", label: card ? (paymentLabel ?? null) : (view.payment?.label ?? null) },
    conditionsUrl: apiUrls.conditions(view.id, e.version),
    channel: e.channel,
    createdAt: e.createdAt.toISOString(),
    emailTo,
  };
}
