// Every (state, transition) pair of both machines over the API: from each status of a policy, each
// staff action on it; from each status of a recibo, each action on it. A legal one answers 200 and
// writes its history entry and its audit row; an illegal one answers 409 with the machine's
// Spanish message and changes nothing.
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, policyHistory, recibos } from "../../api/db/schema";
import { POLICY_STATUSES, RECIBO_STATUSES, type PolicyStatus, type ReciboStatus } from "../../api/contract/vocabulary";
import { addMonths, madridDate } from "../../api/domain/calendar";
import { call, database, setUpAdminApi, superToken } from "../support/admin-api";
import { insertTestPolicy, policyRow } from "../support/policies";

setUpAdminApi();

const today = () => madridDate(new Date());
const STATUS_WORDS: Record<PolicyStatus, string> = {
  pendiente_pago: "pendiente de pago",
  en_vigor: "en vigor",
  suspendida: "suspendida",
  anulada: "anulada",
  vencida: "vencida",
};

// The policy machine as the API offers it: the action, its body, the statuses it leaves from, and its verb.
const POLICY_CASES = {
  suspend: {
    body: { reason: "Prueba de la tabla" },
    from: ["en_vigor"],
    to: (s: PolicyStatus) => (s === "en_vigor" ? "suspendida" : s),
    verb: "suspender",
    audit: "policy.suspended",
  },
  reactivate: { body: undefined, from: ["suspendida"], to: () => "en_vigor", verb: "rehabilitar", audit: "policy.reactivated" },
  cancel: {
    body: () => ({ reason: "peticion_cliente", effectiveDate: today() }),
    from: ["pendiente_pago", "en_vigor", "suspendida"],
    to: () => "anulada",
    verb: "anular",
    audit: "policy.cancelled",
  },
  "stop-renewal": {
    body: { by: "cliente" },
    from: ["pendiente_pago", "en_vigor", "suspendida"],
    to: (s: PolicyStatus) => s,
    verb: "detener la renovación",
    audit: "policy.renewal_stopped",
  },
  renew: { body: undefined, from: ["en_vigor"], to: (s: PolicyStatus) => s, verb: "renovar", audit: "policy.renewal_offered" },
} as const;

const historyCount = async (policyId: number) =>
  (await database.db.select({ n: count() }).from(policyHistory).where(eq(policyHistory.policyId, policyId)))[0]!.n;
const auditCount = async (action: string, entity: string, entityId: number) =>
  (
    await database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
  )[0]!.n;

describe("la máquina de estados de la póliza, por la API", () => {
  for (const [action, spec] of Object.entries(POLICY_CASES)) {
    for (const status of POLICY_STATUSES) {
      const legal = (spec.from as readonly string[]).includes(status);
      it(`${action} desde ${status}: ${legal ? `200 → ${spec.to(status)}` : "409"}`, async () => {
        // "renew" needs the renewal window open: a term that ends in a month.
        const startDate = action === "renew" ? addMonths(today(), -11) : today();
        const policy = await insertTestPolicy(database.db, { startDate, createdAt: new Date(), status });
        const historyBefore = await historyCount(policy.id);
        const body = typeof spec.body === "function" ? spec.body() : spec.body;
        const response = await call("post", `/admin/policies/${policy.id}/${action}`, { token: superToken, body });
        const answer = (await response.json()) as { error?: string; policy?: { status: string } };
        if (legal) {
          expect(response.status, JSON.stringify(answer)).toBe(200);
          expect(answer.policy?.status).toBe(spec.to(status));
          expect((await policyRow(database.db, policy.id)).status).toBe(spec.to(status));
          expect(await historyCount(policy.id)).toBeGreaterThan(historyBefore);
          expect(await auditCount(spec.audit, "policy", policy.id)).toBe(1);
        } else {
          expect(response.status).toBe(409);
          expect(answer).toEqual({ error: `La póliza está ${STATUS_WORDS[status]}; no se puede ${spec.verb}` });
          expect((await policyRow(database.db, policy.id)).status).toBe(status);
          expect(await historyCount(policy.id)).toBe(historyBefore);
        }
      });
    }
  }
});

const RECIBO_CASES = {
  charge: { body: undefined, from: ["pendiente", "devuelto"], to: "cobrado", verb: "cobrar", audit: "recibo.charged" },
  "mark-paid": { body: { reference: "TRF-0001" }, from: ["pendiente", "devuelto"], to: "cobrado", verb: "cobrar", audit: "recibo.paid_by_transfer" },
  // Banks return recibos they collected too (SEPA Core: up to 8 weeks after), and remitted ones.
  return: {
    body: { reason: "Devuelto por el banco" },
    from: ["pendiente", "remesado", "cobrado"],
    to: "devuelto",
    verb: "devolver",
    audit: "recibo.returned",
  },
  cancel: { body: {}, from: ["pendiente", "devuelto"], to: "anulado", verb: "anular", audit: "recibo.cancelled" },
  refund: { body: undefined, from: ["cobrado"], to: "extornado", verb: "extornar", audit: "recibo.refunded" },
} as const;

describe("la máquina de estados del recibo, por la API", () => {
  for (const [action, spec] of Object.entries(RECIBO_CASES)) {
    for (const status of RECIBO_STATUSES) {
      const legal = (spec.from as readonly string[]).includes(status);
      it(`${action} desde ${status}: ${legal ? `200 → ${spec.to}` : "409"}`, async () => {
        const policy = await insertTestPolicy(database.db, { startDate: today(), createdAt: new Date(), frequency: "trimestral" });
        const recibo = policy.recibos[1]!;
        await database.db
          .update(recibos)
          .set({ status: status as ReciboStatus })
          .where(eq(recibos.id, recibo.id));
        const historyBefore = await historyCount(policy.id);
        const response = await call("post", `/admin/policies/${policy.id}/recibos/${recibo.id}/${action}`, { token: superToken, body: spec.body });
        const answer = (await response.json()) as { error?: string; status?: string };
        const [row] = await database.db.select().from(recibos).where(eq(recibos.id, recibo.id));
        if (legal) {
          expect(response.status, JSON.stringify(answer)).toBe(200);
          expect(answer.status).toBe(spec.to);
          expect(row!.status).toBe(spec.to);
          expect(await historyCount(policy.id)).toBeGreaterThan(historyBefore);
          expect(await auditCount(spec.audit, "recibo", recibo.id)).toBe(1);
        } else {
          expect(response.status).toBe(409);
          expect(answer.error).toBe(`El recibo está ${status}; no se puede ${spec.verb}`);
          expect(row!.status).toBe(status);
          expect(await historyCount(policy.id)).toBe(historyBefore);
        }
      });
    }
  }
});
