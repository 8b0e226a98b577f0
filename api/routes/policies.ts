// The visitor's policies: a page of summaries, and one policy with guarantees, premium, recibos,
// the URLs of its documents and what the customer may do with it today (desistir, no renovar);
// and those two actions, which go through the lifecycle service (api/services/lifecycle.ts) like
// the staff's. Another visitor's policy answers 404, as one that does not exist.
import { emailDestination } from "../services/mail";
import { premiumInForce } from "../domain/endorsement-price";
import { reciboPeriods } from "../domain/calendar";
import { createRoute, z } from "@hono/zod-openapi";
import type { ApiApp } from "../app";
import { BEARER_SECURITY, clientIp, currentUser, requireUser, type RequestContext } from "../auth";
import {
  MyPolicySchema,
  POLICY_NOT_FOUND_MESSAGE,
  PolicyListQuerySchema,
  PolicyListSchema,
  type MyPolicy,
  type PolicyAnswer,
  type PolicySummary,
} from "../contract/policies";
import { findUserPolicy, listUserPolicySummaries, type PolicySummaryView, type PolicyView } from "../db/policies.repo";
import { describeRisk, insuredObjectRow, riskTitle } from "../domain/product-info";
import { conditionsVersions } from "../domain/conditions-versions";
import { ApiProblem } from "../http";
import { errorResponses } from "../openapi-responses";
import { customerLifecycle, stopRenewalByCustomer, withdrawFromPolicy, type Actor } from "../services/lifecycle";
import { addableGuaranteeCount } from "../services/endorsements";
import type { Database } from "../db/client";

export const POLICIES_TAG = "Pólizas";

const json = <T>(schema: T) => ({ "application/json": { schema } });

export const policyIdParam = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, description: "Identificador numérico de la póliza" }),
});

/** The policy id of a path, or 404 for anything that is not one (ids are never probed with a 400). */
export function parsePolicyId(value: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) throw new ApiProblem(404, POLICY_NOT_FOUND_MESSAGE);
  return Number(value);
}

/** The visitor's policy, or 404. */
export async function requireOwnPolicy(db: Parameters<typeof findUserPolicy>[0], userId: number, idParam: string): Promise<PolicyView> {
  const policy = await findUserPolicy(db, userId, parsePolicyId(idParam));
  if (!policy) throw new ApiProblem(404, POLICY_NOT_FOUND_MESSAGE);
  return policy;
}

export const policyDocumentUrls = {
  conditions: (id: number, version?: number) => `/me/policies/${id}/documents/conditions${version ? `?version=${version}` : ""}`,
  recibo: (id: number, sequence: number) => `/me/policies/${id}/recibos/${sequence}/document`,
  ipid: (line: string) => `/documents/ipid/${line}`,
};

/** The insured risk as the particular conditions read it. */
function riskDescription(p: PolicyView): PolicyAnswer["riskDescription"] {
  const identification = insuredObjectRow(p.line, p.risk);
  return {
    title: riskTitle(p.line, p.risk),
    identification: identification ? { label: identification[0], value: identification[1] } : null,
    rows: describeRisk(p.line, p.risk).map(([label, value]) => ({ label, value })),
  };
}

export function policyAnswer(p: PolicyView): PolicyAnswer {
  const periods = reciboPeriods(p);
  return {
    id: p.id,
    number: p.number,
    line: p.line,
    lineName: p.lineName,
    status: p.status,
    plan: p.plan,
    startDate: p.startDate,
    endDate: p.endDate,
    frequency: p.frequency,
    createdAt: p.createdAt.toISOString(),
    quoteId: p.quoteId,
    policyholder: p.policyholder,
    risk: p.risk,
    riskDescription: riskDescription(p),
    insurer: p.insurer,
    guarantees: p.guarantees,
    // "Prima total anual" is the premium in force: with the guarantees of this term's suplementos (ADR 023).
    premium: premiumInForce(p),
    termPremium: p.premium,
    recibos: p.recibos.map((r) => ({
      sequence: r.sequence,
      kind: r.kind,
      dueDate: r.dueDate,
      period: periods.get(r.sequence) ?? { from: r.dueDate, to: r.dueDate },
      amount: r.amount,
      status: r.status,
      paidAt: r.paidAt ? r.paidAt.toISOString() : null,
      documentUrl: policyDocumentUrls.recibo(p.id, r.sequence),
    })),
    payment: p.payment,
    withdrawal: p.withdrawal,
    documents: [
      { kind: "conditions", name: "Condiciones particulares", url: policyDocumentUrls.conditions(p.id) },
      { kind: "ipid", name: "Documento de información del producto (IPID)", url: policyDocumentUrls.ipid(p.line) },
    ],
    endorsements: p.endorsements.map((e) => ({
      id: e.id,
      version: e.version,
      effectiveDate: e.effectiveDate,
      guarantees: e.guarantees.map(({ code, name, yearlyCents, netCents }) => ({ code, name, yearlyCents, netCents })),
      total: e.price.total,
      annualTotal: e.annualPremium?.total ?? null,
      reciboSequence: e.reciboSequence,
      createdAt: e.createdAt.toISOString(),
    })),
    conditionsVersions: conditionsVersions(p).map((v) => ({ ...v, url: policyDocumentUrls.conditions(p.id, v.version) })),
  };
}

/** One of the visitor's policies as it stands now, with what they may do with it today. */
async function myPolicyAnswer(db: Database, user: { id: number; email: string }, id: number, now: Date, mailDelivery: boolean): Promise<MyPolicy> {
  const policy = await requireOwnPolicy(db, user.id, String(id));
  return {
    ...policyAnswer(policy),
    lifecycle: await customerLifecycle(db, policy.id, now),
    addableGuarantees: await addableGuaranteeCount(db, policy.id, now),
    emailTo: emailDestination(mailDelivery, policy.policyholder.email, user.email),
  };
}

export function policySummaryAnswer(p: PolicySummaryView): PolicySummary {
  return { ...p, createdAt: p.createdAt.toISOString() };
}

const listRoute = createRoute({
  method: "get",
  path: "/me/policies",
  operationId: "listMyPolicies",
  tags: [POLICIES_TAG],
  summary: "Mis pólizas",
  description:
    "Una página de las pólizas del visitante con sesión, de la más reciente a la más antigua: número, ramo, plan, estado, fechas, prima anual y el próximo recibo pendiente. Las garantías, los recibos y los documentos de cada una, en GET /me/policies/{id}.",
  middleware: [requireUser()] as const,
  security: BEARER_SECURITY,
  request: { query: PolicyListQuerySchema },
  responses: {
    200: { description: "Página de pólizas del visitante", content: json(PolicyListSchema) },
  },
});

const getRoute = createRoute({
  method: "get",
  path: "/me/policies/{id}",
  operationId: "getMyPolicy",
  tags: [POLICIES_TAG],
  summary: "Ver una póliza propia",
  description:
    "La póliza completa: tomador, riesgo, garantías, desglose de la prima, recibos y los enlaces a sus documentos (relativos a la API). Para una póliza de otra persona responde 404, igual que si no existiera.",
  middleware: [requireUser()] as const,
  security: BEARER_SECURITY,
  request: { params: policyIdParam },
  responses: {
    200: { description: "La póliza, con lo que el cliente puede hacer hoy (lifecycle)", content: json(MyPolicySchema) },
  },
});

const withdrawRoute = createRoute({
  method: "post",
  path: "/me/policies/{id}/withdraw",
  operationId: "withdrawMyPolicy",
  tags: [POLICIES_TAG],
  summary: "Desistir de una póliza propia",
  description: [
    "Derecho de desistimiento de los contratos a distancia (Ley 22/2007): dentro de los días naturales que fija la configuración (withdrawal_days, 14) desde la contratación, y solo en los ramos que lo admiten (withdrawal_lines).",
    "El seguro de coche no lo admite: incluye la responsabilidad civil obligatoria, un seguro obligatorio por ley.",
    "La póliza queda anulada con motivo desistimiento y efecto hoy, sus recibos pendientes se anulan y se devuelve por el medio de pago la prima pagada de los días no cubiertos (extorno); se envía un correo con la confirmación en PDF.",
    "Fuera de plazo, en un ramo que no lo admite o con la póliza ya anulada (un segundo envío) responde 409 con el motivo, sin devolver nada otra vez. La póliza de otra persona responde 404.",
  ].join(" "),
  middleware: [requireUser()] as const,
  security: BEARER_SECURITY,
  request: { params: policyIdParam },
  responses: {
    200: { description: "La póliza anulada, con lo devuelto (lifecycle.cancellation.refundedCents)", content: json(MyPolicySchema) },
    ...errorResponses(409),
  },
});

const stopRenewalRoute = createRoute({
  method: "post",
  path: "/me/policies/{id}/stop-renewal",
  operationId: "stopMyPolicyRenewal",
  tags: [POLICIES_TAG],
  summary: "No renovar una póliza propia",
  description: [
    "El tomador se opone a la prórroga tácita (art. 22 de la Ley de Contrato de Seguro) con al menos un mes de antelación al vencimiento: la póliza sigue en vigor hasta su vencimiento y entonces vence sin renovarse. Se envía un correo de confirmación.",
    "Después de ese día (lifecycle.renewal.stopUntil), o si la renovación ya está detenida o la póliza ya no está en vigor, responde 409 con el motivo. La póliza de otra persona responde 404.",
  ].join(" "),
  middleware: [requireUser()] as const,
  security: BEARER_SECURITY,
  request: { params: policyIdParam },
  responses: {
    200: { description: "La póliza, con la renovación detenida (lifecycle.renewal.stopped)", content: json(MyPolicySchema) },
    ...errorResponses(409),
  },
});

export function registerPolicyRoutes(api: ApiApp) {
  api.openapi(listRoute, async (c) => {
    const query = c.req.valid("query");
    const { items, ...counted } = await listUserPolicySummaries(c.var.deps.db, currentUser(c).id, query);
    return c.json({ items: items.map(policySummaryAnswer), ...counted, page: query.page, pageSize: query.pageSize }, 200);
  });

  api.openapi(getRoute, async (c) => {
    const { db, now, mailDelivery } = c.var.deps;
    return c.json(await myPolicyAnswer(db, currentUser(c), parsePolicyId(c.req.valid("param").id), now(), mailDelivery), 200);
  });

  /** The visitor as the actor of the history entry and the audit row. */
  const visitorActor = (c: Parameters<typeof currentUser>[0] & RequestContext): Actor => {
    const user = currentUser(c);
    return { actorType: "user", actorId: user.id, actorLabel: user.email, ip: clientIp(c) };
  };

  api.openapi(withdrawRoute, async (c) => {
    const { db, now } = c.var.deps;
    const user = currentUser(c);
    const policy = await requireOwnPolicy(db, user.id, c.req.valid("param").id);
    await withdrawFromPolicy(c.var.deps, policy.id, visitorActor(c), now());
    return c.json(await myPolicyAnswer(db, user, policy.id, now(), c.var.deps.mailDelivery), 200);
  });

  api.openapi(stopRenewalRoute, async (c) => {
    const { db, now } = c.var.deps;
    const user = currentUser(c);
    const policy = await requireOwnPolicy(db, user.id, c.req.valid("param").id);
    await stopRenewalByCustomer(c.var.deps, policy.id, visitorActor(c), now());
    return c.json(await myPolicyAnswer(db, user, policy.id, now(), c.var.deps.mailDelivery), 200);
  });
}
