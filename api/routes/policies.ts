// The visitor's policies: a page of summaries, and one policy with guarantees, premium, recibos,
// the URLs of its documents and what the customer may do with it today (desistir, no renovar);
// and those two actions, which go through the lifecycle service (api/services/lifecycle.ts) like
// the staff's. Another visitor's policy answers 404, as one that does not exist.
import { emailDestination } from "../services/mail";
import { parsePolicyId, policyIdParam, POLICIES_TAG, requireOwnPolicy, userRoute } from "./user-endpoints";
import { policyAnswer, policySummaryAnswer } from "../answers/policy";
import type { ApiApp } from "../env";
import { currentUser } from "../auth";
import { clientIp, type RequestContext } from "../request";
import { MyPolicySchema, PolicyListQuerySchema, PolicyListSchema, type MyPolicy } from "../contract/policies";
import { listUserPolicySummaries } from "../db/policy-summaries.repo";
import { errorResponses } from "../openapi-responses";
import type { Actor } from "../services/lifecycle";
import { customerLifecycle, stopRenewalByCustomer, withdrawFromPolicy } from "../services/my-policy-actions";
import { addableGuaranteeCount } from "../services/endorsement-pricing";
import { payableRecibos } from "../services/pay-now";
import type { Database } from "../db/client";
import { jsonContent, okResponse } from "../http";

/** One of the visitor's policies as it stands now, with what they may do with it today. */
async function myPolicyAnswer(db: Database, user: { id: number; email: string }, id: number, now: Date, mailDelivery: boolean): Promise<MyPolicy> {
  const policy = await requireOwnPolicy(db, user.id, String(id));
  return {
    ...policyAnswer(policy),
    lifecycle: await customerLifecycle(db, policy.id, now),
    addableGuarantees: await addableGuaranteeCount(db, policy.id, now),
    payNow: await payableRecibos(db, policy, now),
    emailTo: emailDestination(mailDelivery, policy.policyholder.email, user.email),
  };
}

const listRoute = userRoute({
  method: "get",
  path: "/me/policies",
  operationId: "listMyPolicies",
  tags: [POLICIES_TAG],
  summary: "Mis pólizas",
  description:
    "Una página de las pólizas del visitante con sesión, de la más reciente a la más antigua: número, ramo, plan, estado, fechas, prima anual y el próximo recibo pendiente. Las garantías, los recibos y los documentos de cada una, en GET /me/policies/{id}.",
  request: { query: PolicyListQuerySchema },
  responses: okResponse("Página de pólizas del visitante", jsonContent(PolicyListSchema)),
});

const getRoute = userRoute({
  method: "get",
  path: "/me/policies/{id}",
  operationId: "getMyPolicy",
  tags: [POLICIES_TAG],
  summary: "Ver una póliza propia",
  description:
    "La póliza completa: tomador, riesgo, garantías, desglose de la prima, recibos y los enlaces a sus documentos (relativos a la API). Para una póliza de otra persona responde 404, igual que si no existiera.",
  request: { params: policyIdParam },
  responses: okResponse("La póliza, con lo que el cliente puede hacer hoy (lifecycle)", jsonContent(MyPolicySchema)),
});

const withdrawRoute = userRoute({
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
  request: { params: policyIdParam },
  responses: {
    200: { description: "La póliza anulada, con lo devuelto (lifecycle.cancellation.refundedCents)", content: jsonContent(MyPolicySchema) },
    ...errorResponses(409),
  },
});

const stopRenewalRoute = userRoute({
  method: "post",
  path: "/me/policies/{id}/stop-renewal",
  operationId: "stopMyPolicyRenewal",
  tags: [POLICIES_TAG],
  summary: "No renovar una póliza propia",
  description: [
    "El tomador se opone a la prórroga tácita (art. 22 de la Ley de Contrato de Seguro) con al menos un mes de antelación al vencimiento: la póliza sigue en vigor hasta su vencimiento y entonces vence sin renovarse. Se envía un correo de confirmación.",
    "Después de ese día (lifecycle.renewal.stopUntil), o si la renovación ya está detenida o la póliza ya no está en vigor, responde 409 con el motivo. La póliza de otra persona responde 404.",
  ].join(" "),
  request: { params: policyIdParam },
  responses: {
    200: { description: "La póliza, con la renovación detenida (lifecycle.renewal.stopped)", content: jsonContent(MyPolicySchema) },
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
