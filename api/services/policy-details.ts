// Staff's changes to a policy that do not change its price (DOMAIN.md "Lifecycles"): a note on the
// policy, and the insured object's identification and the IBAN of the next SEPA recibos; each made
// on the locked policy of ./lifecycle.ts with its history entry and audit row.
import { ENDORSEMENT_NEEDED_MESSAGE, type UpdatePolicyBody } from "../contract/admin-policies";
import { insuredObjectErrors, insuredObjectRisk } from "../domain/insured-object";
import { maskIban, normalizeIban } from "../domain/iban";
import { writeAudit } from "../db/audit";
import { insertNote, recordHistory, updatePolicy } from "../db/lifecycle.repo";
import { findClient } from "../db/clients.repo";
import { insertMandate, replaceActiveMandate } from "../db/sepa-mandates.repo";
import { madridDate } from "../domain/calendar";
import type { Policy } from "../db/schema";
import { ApiProblem } from "../http";
import { withPolicy, type Actor, type LifecycleDeps } from "./lifecycle";

/** A staff note on the policy, with its audit row. */
export async function addPolicyNote(
  deps: LifecycleDeps,
  policyId: number,
  body: string,
  author: { id: number; label: string },
  actor: Actor,
  now: Date,
) {
  return withPolicy(deps, policyId, actor, now, async (c) => {
    const id = await insertNote(c.tx, { entity: "policy", entityId: policyId, body, authorId: author.id, authorLabel: author.label, at: now });
    await writeAudit(c.tx, { ...actor, action: "policy.note_added", entity: "policy", entityId: policyId, after: { noteId: id }, at: now });
    return id;
  });
}

/**
 * The insured object's identification and the IBAN of the next SEPA recibos, with the before and
 * after in the audit and the history. Anything that changes the price is refused (a 409 that
 * says an endorsement is needed); so is a dwelling moved to another postal code.
 */
export async function updatePolicyDetails(deps: LifecycleDeps, policyId: number, body: UpdatePolicyBody, actor: Actor, now: Date) {
  const priced = (["plan", "frequency", "optionalGuarantees", "startDate", "risk"] as const).filter((k) => body[k] !== undefined);
  if (priced.length) throw new ApiProblem(409, ENDORSEMENT_NEEDED_MESSAGE, Object.fromEntries(priced.map((k) => [k, [ENDORSEMENT_NEEDED_MESSAGE]])));
  return withPolicy(deps, policyId, actor, now, async (c) => {
    const p = c.policy;
    if (p.status === "anulada" || p.status === "vencida") throw new ApiProblem(409, `La póliza está ${p.status}; no se puede modificar`);
    const given = { registration: body.registration, riskAddress: body.riskAddress };
    const insured = body.registration !== undefined || body.riskAddress !== undefined;
    if (insured) {
      const errors = insuredObjectErrors(p.lineCode, typeof p.risk.postalCode === "string" ? p.risk.postalCode : undefined, given);
      if (Object.keys(errors).length) throw new ApiProblem(400, "Datos no válidos", errors);
    }
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const patch: Partial<Policy> = {};
    if (insured) {
      const risk = { ...p.risk, ...insuredObjectRisk(p.lineCode, given) };
      for (const key of ["registration", "riskAddress"] as const) {
        if (JSON.stringify(p.risk[key]) !== JSON.stringify(risk[key])) {
          before[key] = p.risk[key] ?? null;
          after[key] = risk[key];
        }
      }
      patch.risk = risk;
    }
    if (body.iban !== undefined) {
      const iban = normalizeIban(body.iban);
      if (iban !== p.iban) {
        const mandate = await c.payments.registerSepaMandate({ method: "sepa", iban, holder: "" }, `policy-${p.id}-${iban}`);
        if (mandate.status !== "accepted") throw new ApiProblem(400, "Datos no válidos", { iban: [mandate.reason] });
        before.iban = p.iban ? maskIban(p.iban) : null;
        after.iban = maskIban(iban);
        Object.assign(patch, { iban, paymentMethod: "sepa", paymentMandate: mandate.mandate });
        // A new IBAN is a new mandate (ADR 029): the old one sustituido, the new one FRST.
        const old = await replaceActiveMandate(c.tx, p.id, c.now);
        const created = await insertMandate(c.tx, {
          policyId: p.id,
          policyNumber: p.number,
          debtorName: (await findClient(c.tx, p.clientId))?.name ?? old?.debtorName ?? "",
          iban,
          signedOn: madridDate(c.now),
          sequenceType: "FRST",
          at: c.now,
        });
        before.mandate = old?.reference ?? null;
        after.mandate = created.reference;
      }
    }
    if (Object.keys(after).length === 0) return;
    await updatePolicy(c.tx, p.id, patch, c.now);
    const fields = ["registration", "riskAddress", "iban"]
      .filter((k) => k in after)
      .map((k) => (k === "iban" ? "IBAN de los recibos" : k === "registration" ? "matrícula" : "dirección de la vivienda"));
    await recordHistory(c.tx, {
      ...actor,
      policyId: p.id,
      event: "modificada",
      summary: `Datos modificados: ${fields.join(", ")}`,
      details: { before, after },
      at: c.now,
    });
    await writeAudit(c.tx, { ...actor, action: "policy.updated", entity: "policy", entityId: p.id, before, after, at: c.now });
  });
}
