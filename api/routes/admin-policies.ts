// /admin/policies: the back office's policies (list, CSV, one policy with its lifecycle, its PDFs),
// the staff actions on a policy and on its recibos, internal notes, and /admin/lifecycle/run. The rules
// live in api/services/lifecycle.ts; here only the HTTP shape.
import { z } from "zod";
import type { ApiApp } from "../env";
import {
  AdminPolicyExportQuerySchema,
  AdminPolicyListQuerySchema,
  AdminPolicyListSchema,
  AdminPolicySchema,
  CancelPolicyBodySchema,
  CancelReciboBodySchema,
  LifecycleRunResultSchema,
  MarkReciboPaidBodySchema,
  NoteBodySchema,
  ReciboActionResultSchema,
  ReturnReciboBodySchema,
  StopRenewalBodySchema,
  StaffCheckoutBodySchema,
  SuspendPolicyBodySchema,
  UpdatePolicyBodySchema,
  type AdminPolicy,
  type AdminPolicyAction,
  type AdminPolicyRow,
  type AdminReciboAction,
} from "../contract/admin-policies";
import { IdParamSchema } from "../contract/ids";
import { LINE_LABELS, POLICY_STATUS_LABELS, type CancellationReason, type RenewalStopper } from "../contract/vocabulary";
import { currentAdmin } from "../auth";
import { clientIp } from "../request";
import { checkoutFieldErrors, PriceChoiceAnswerSchema, PriceChoiceBodySchema } from "../contract/checkout";
import { CreateQuoteBodySchema, QuoteSchema } from "../contract/quotes";
import { PolicySchema } from "../contract/policies";
import { checkoutQuote } from "../services/checkout";
import { findStaffQuote } from "../services/checkout-quote";
import { createQuote, INVALID_DATA } from "../services/quotes";
import { priceAnswer } from "../answers/price";
import { quoteAnswer } from "../answers/quote";
import { inputFieldErrors } from "../http";
import { csvAttachment, csvDateTime, csvMoney, csvStream } from "../csv";
import { adminActor } from "../db/audit";
import { adminPolicyExportBatches, listAdminPolicies } from "../db/admin-policies.repo";
import { notesOf, policyHistoryOf } from "../db/lifecycle.repo";
import { loadPolicyViews, policyRowWithRecibos } from "../db/policies.repo";
import { madridDate, reciboPeriods } from "../domain/calendar";
import { maskIban } from "../domain/iban";
import {
  checkPolicyTransition,
  policyActionsFrom,
  reciboActionsFrom,
  type PolicyAction,
  type PolicyTransitionInput,
  type ReciboAction,
} from "../domain/lifecycle";
import type { LockedPolicy } from "../db/lifecycle.repo";
import { formatIsoDate } from "../contract/format";
import { ApiProblem, ErrorSchema } from "../http";
import { errorResponses } from "../openapi-responses";
import {
  POLICY_NOT_FOUND_MESSAGE,
  RECIBO_NOT_FOUND_MESSAGE,
  cancelPolicy,
  reactivatePolicy,
  stopRenewal,
  policyStateOf,
  suspendPolicy,
} from "../services/lifecycle";
import { changeRecibo, type ReciboChange } from "../services/recibos";
import { addPolicyNote, updatePolicyDetails } from "../services/policy-details";
import { RUN_JOIN_WAIT_MS, runLifecycle, type RunUnderWay } from "../services/daily-run";
import { prepareRenewalNow } from "../services/renewal";
import { conditionsDocument, reciboDocument } from "../services/documents";
import { pdfContent, pdfResponse } from "../answers/pdf";
import { policyAnswer } from "../answers/policy";
import { adminRoute } from "./admin-endpoints";
import type { Database } from "../db/client";

const TAGS = ["Administración: pólizas"];
const json = <T>(schema: T) => ({ "application/json": { schema } });
const ReciboParamSchema = IdParamSchema.extend({ reciboId: IdParamSchema.shape.id.describe("Identificador del recibo") });

// ─── Routes ─────────────────────────────────────────────────────────────────────────────────

const listRoute = adminRoute({
  method: "get",
  path: "/admin/policies",
  operationId: "listAdminPolicies",
  tags: TAGS,
  summary: "Pólizas, con búsqueda, filtros, orden y paginación",
  request: { query: AdminPolicyListQuerySchema },
  responses: { 200: { description: "Página de pólizas", content: json(AdminPolicyListSchema) } },
});

const exportRoute = adminRoute({
  method: "get",
  path: "/admin/policies/export",
  operationId: "exportAdminPolicies",
  tags: TAGS,
  summary: "Exporta en CSV las pólizas que cumplen los filtros, en el orden pedido",
  description:
    "Mismos filtros y orden que /admin/policies, todas las filas. UTF-8 con BOM, separado por punto y coma, fechas dd/mm/aaaa, importes 1234,56.",
  request: { query: AdminPolicyExportQuerySchema },
  responses: { 200: { description: "Fichero CSV", content: { "text/csv": { schema: z.string() } } } },
});

const getRoute = adminRoute({
  method: "get",
  path: "/admin/policies/{id}",
  operationId: "getAdminPolicy",
  tags: TAGS,
  summary: "Una póliza con su ciclo de vida: recibos, historial, notas y las acciones que admite ahora",
  request: { params: IdParamSchema },
  responses: { 200: { description: "La póliza", content: json(AdminPolicySchema) } },
});

const ReciboSequenceParamSchema = IdParamSchema.extend({
  sequence: z.coerce
    .number({ invalid_type_error: "El número de recibo debe ser un número" })
    .int("El número de recibo debe ser un número entero")
    .positive("El número de recibo debe ser un número positivo")
    .describe("Número de recibo en la póliza (1, 2…)"),
});

const conditionsDocumentRoute = adminRoute({
  method: "get",
  path: "/admin/policies/{id}/documents/conditions",
  operationId: "getAdminPolicyConditionsDocument",
  tags: TAGS,
  summary: "Descarga las condiciones particulares de la póliza en PDF",
  description:
    "El mismo documento que el tomador descarga desde Mi póliza. Nunca se guarda en cachés compartidas (Cache-Control: private, no-store).",
  request: { params: IdParamSchema },
  responses: { 200: { description: "PDF de las condiciones particulares", content: pdfContent } },
});

const reciboDocumentRoute = adminRoute({
  method: "get",
  path: "/admin/policies/{id}/documents/recibos/{sequence}",
  operationId: "getAdminReciboDocument",
  tags: TAGS,
  summary: "Descarga un recibo de la póliza en PDF",
  description: "El mismo documento que el tomador descarga desde Mi póliza; `sequence` es el número del recibo en la póliza, no su identificador.",
  request: { params: ReciboSequenceParamSchema },
  responses: { 200: { description: "PDF del recibo", content: pdfContent } },
});

const policyResponses = {
  200: { description: "La póliza tras el cambio", content: json(AdminPolicySchema) },
  ...errorResponses(409),
};
const policyAction = <P extends string>(operationId: string, path: P, summary: string) =>
  adminRoute({ method: "post", path, operationId, tags: TAGS, summary, request: { params: IdParamSchema }, responses: policyResponses });
const policyActionWith = <P extends string, S extends z.ZodTypeAny>(operationId: string, path: P, summary: string, schema: S) =>
  adminRoute({
    method: "post",
    path,
    operationId,
    tags: TAGS,
    summary,
    request: { params: IdParamSchema, body: { required: true, content: json(schema) } },
    responses: policyResponses,
  });

const suspendRoute = policyActionWith(
  "suspendPolicy",
  "/admin/policies/{id}/suspend",
  "Suspende la cobertura (en vigor → suspendida)",
  SuspendPolicyBodySchema,
);
const reactivateRoute = policyAction(
  "reactivatePolicy",
  "/admin/policies/{id}/reactivate",
  "Rehabilita una póliza suspendida sin recibos vencidos hace más de un mes",
);
const cancelRoute = policyActionWith(
  "cancelPolicy",
  "/admin/policies/{id}/cancel",
  "Anula la póliza con un motivo y una fecha de efecto; anula sus recibos pendientes",
  CancelPolicyBodySchema,
);
const stopRenewalRoute = policyActionWith(
  "stopPolicyRenewal",
  "/admin/policies/{id}/stop-renewal",
  "Detiene la prórroga tácita (art. 22 LCS: el cliente con un mes de antelación, la aseguradora con dos)",
  StopRenewalBodySchema,
);
const renewRoute = policyAction(
  "renewPolicy",
  "/admin/policies/{id}/renew",
  "Prepara la renovación ahora: tarifica la próxima anualidad con la tarifa vigente y envía el aviso",
);
const noteRoute = policyActionWith("addPolicyNote", "/admin/policies/{id}/notes", "Añade una nota interna a la póliza", NoteBodySchema);

const reciboResponses = {
  200: {
    description: "El estado del recibo tras la acción (un cobro rechazado lo deja devuelto, con el motivo)",
    content: json(ReciboActionResultSchema),
  },
  ...errorResponses(409),
};
const reciboAction = <P extends string>(operationId: string, path: P, summary: string) =>
  adminRoute({ method: "post", path, operationId, tags: TAGS, summary, request: { params: ReciboParamSchema }, responses: reciboResponses });
const reciboActionWith = <P extends string, S extends z.ZodTypeAny>(operationId: string, path: P, summary: string, schema: S) =>
  adminRoute({
    method: "post",
    path,
    operationId,
    tags: TAGS,
    summary,
    request: { params: ReciboParamSchema, body: { required: true, content: json(schema) } },
    responses: reciboResponses,
  });

const chargeRoute = reciboAction(
  "chargeRecibo",
  "/admin/policies/{id}/recibos/{reciboId}/charge",
  "Cobra el recibo ahora con el medio de pago de la póliza",
);
const returnRoute = reciboActionWith(
  "returnRecibo",
  "/admin/policies/{id}/recibos/{reciboId}/return",
  "Marca el recibo como devuelto, con el motivo",
  ReturnReciboBodySchema,
);
const markPaidRoute = reciboActionWith(
  "markReciboPaid",
  "/admin/policies/{id}/recibos/{reciboId}/mark-paid",
  "Marca el recibo como cobrado por otro medio (transferencia), con su referencia",
  MarkReciboPaidBodySchema,
);
const cancelReciboRoute = reciboActionWith(
  "cancelRecibo",
  "/admin/policies/{id}/recibos/{reciboId}/cancel",
  "Anula el recibo",
  CancelReciboBodySchema,
);
const refundRoute = reciboAction("refundRecibo", "/admin/policies/{id}/recibos/{reciboId}/refund", "Extorna el recibo: devuelve su importe");

const updateRoute = adminRoute({
  method: "patch",
  path: "/admin/policies/{id}",
  operationId: "updateAdminPolicy",
  tags: TAGS,
  summary: "Modifica lo que no cambia la prima: la identificación del riesgo (matrícula, dirección de la vivienda) y el IBAN de los próximos recibos",
  description:
    "Con el antes y el después en la auditoría y el historial. Un cambio que modifica la prima (plan, forma de pago, garantías, fecha de efecto, datos que tarifican) responde 409: necesita un suplemento. Los datos de contacto del tomador se cambian en PATCH /admin/clients/{id}.",
  request: { params: IdParamSchema, body: { required: true, content: json(UpdatePolicyBodySchema) } },
  responses: policyResponses,
});

// Selling by phone: the same quote, prices and checkout as the public site, with staff as the buyer.
const quoteIdParam = z.object({ id: z.string().describe("Identificador (UUID) de la cotización") });

const staffQuoteRoute = adminRoute({
  method: "post",
  path: "/admin/policies/quotes",
  operationId: "createAdminQuote",
  tags: TAGS,
  summary: "Cotiza por teléfono para un cliente",
  description:
    "El mismo cálculo que POST /quotes (misma tarifa, misma oferta vinculante mientras está vigente), hecho por un empleado: la cotización no es de ninguna cuenta y la puede contratar cualquier empleado con policies:write. Un riesgo no asegurable responde 422.",
  request: { body: { required: true, content: json(CreateQuoteBodySchema) } },
  responses: {
    201: { description: "Cotización creada", content: json(QuoteSchema) },
    422: { description: "Riesgo no asegurable: se explica el motivo", content: json(ErrorSchema) },
  },
});

const staffQuoteGetRoute = adminRoute({
  method: "get",
  path: "/admin/policies/quotes/{id}",
  operationId: "getAdminQuote",
  tags: TAGS,
  summary: "Una cotización hecha por teléfono",
  description: "Solo las hechas con POST /admin/policies/quotes; cualquier otra responde 404, como una que no existe.",
  request: { params: quoteIdParam },
  responses: { 200: { description: "La cotización", content: json(QuoteSchema) } },
});

const staffPriceRoute = adminRoute({
  method: "post",
  path: "/admin/policies/quotes/{id}/price",
  operationId: "priceAdminQuote",
  tags: TAGS,
  summary: "Precio de un plan con garantías opcionales y forma de pago, de una cotización hecha por teléfono",
  description: "Como POST /quotes/{id}/price.",
  request: { params: quoteIdParam, body: { required: true, content: json(PriceChoiceBodySchema) } },
  responses: { 200: { description: "El precio", content: json(PriceChoiceAnswerSchema) }, ...errorResponses(409) },
});

const staffCheckoutRoute = adminRoute({
  method: "post",
  path: "/admin/policies",
  operationId: "createAdminPolicy",
  tags: TAGS,
  summary: "Emite una póliza para un cliente por teléfono",
  description: [
    "La misma contratación que POST /quotes/{id}/checkout, en una transacción: el cliente (por su NIF/NIE: se crea o se actualiza, y conserva su cuenta de visitante si la tiene), la póliza, sus recibos, el cobro del primer recibo, los consentimientos y el correo con los documentos (a email o al correo del cliente; sin ninguno, no se envía).",
    "Los consentimientos se guardan como dados por teléfono, con el empleado que los registra. idempotencyKey: la misma emisión enviada varias veces crea una sola póliza y un solo cobro. Pago rechazado: 402 y no se crea nada.",
  ].join(" "),
  request: { body: { required: true, content: json(StaffCheckoutBodySchema) } },
  responses: {
    201: { description: "Póliza emitida", content: json(PolicySchema) },
    200: { description: "La póliza ya emitida con esta idempotencyKey (no se vuelve a cobrar)", content: json(PolicySchema) },
    ...errorResponses(404, 409),
    402: { description: "Pago rechazado: no se ha creado nada", content: json(ErrorSchema) },
  },
});

const runRoute = adminRoute({
  method: "post",
  path: "/admin/lifecycle/run",
  operationId: "runLifecycle",
  tags: TAGS,
  summary: "Ejecuta ahora el proceso diario de pólizas (y los días pendientes)",
  description:
    "Cobra los recibos vencidos, suspende por impago (art. 15 LCS), extingue tras seis meses, envía los avisos de renovación dos meses antes (art. 22), renueva y da por vencidas las pólizas. Idempotente: repetirlo no cambia nada ya hecho. Si ya está en marcha (otra pestaña, otra persona, otra instancia o el proceso programado), no inicia otro: espera hasta 20 s a que termine y responde su resultado, o 202 con lo hecho hasta ahora.",
  responses: {
    200: {
      description: "Lo que hizo cada día (el de esta petición, o el del proceso que ya estaba en marcha: `joined`)",
      content: json(LifecycleRunResultSchema),
    },
    202: {
      description: "Ya estaba en marcha y sigue: lo hecho hasta ahora (`running`); no se ha iniciado otro",
      content: json(LifecycleRunResultSchema),
    },
  },
});

// ─── Answers ────────────────────────────────────────────────────────────────────────────────

const CSV_HEADER = ["Póliza", "Tomador", "NIF/NIE", "Ramo", "Plan", "Estado", "Efecto", "Vencimiento", "Prima total (€)", "Alta"] as const;
const csvRow = (p: AdminPolicyRow) => [
  p.number,
  p.holder.name,
  p.holder.nif ?? "",
  LINE_LABELS[p.line],
  p.planName,
  POLICY_STATUS_LABELS[p.status],
  formatIsoDate(p.startDate),
  formatIsoDate(p.endDate),
  csvMoney(p.totalPremiumCents),
  csvDateTime(p.createdAt),
];

const API_ACTION: Record<PolicyAction, AdminPolicyAction | null> = {
  suspender: "suspend",
  rehabilitar: "reactivate",
  anular: "cancel",
  detener_renovacion: "stop-renewal",
  renovar: "renew",
  activar: null,
  vencer: null,
};
const API_RECIBO_ACTIONS: Record<ReciboAction, AdminReciboAction[]> = {
  cobrar: ["charge", "mark-paid"],
  devolver: ["return"],
  anular: ["cancel"],
  extornar: ["refund"],
};

/**
 * The actions the machine allows now, its guards included where they do not depend on what staff
 * type (a renewal before its window, a reactivation with a recibo over a month overdue are not
 * offered); a cancellation's reason and date are judged when it is sent.
 */
function allowedActions(policy: LockedPolicy, today: string): AdminPolicyAction[] {
  const state = policyStateOf(policy);
  const ctx = { today, withdrawal: { days: 0, lines: [] } };
  const passes = (action: PolicyAction): boolean => {
    switch (action) {
      case "anular":
        return true;
      case "detener_renovacion":
        return (["cliente", "aseguradora"] as const).some((by) => checkPolicyTransition(state, { action, by }, ctx).ok);
      default:
        return checkPolicyTransition(state, { action } as PolicyTransitionInput, ctx).ok;
    }
  };
  return policyActionsFrom(policy.status)
    .filter(passes)
    .map((a) => API_ACTION[a])
    .filter((a): a is AdminPolicyAction => a !== null);
}

/** The policy as staff see it, read after any change so that the answer is what is stored. */
export async function adminPolicyAnswer(db: Database, id: number, today: string): Promise<AdminPolicy> {
  const [view] = await loadPolicyViews(db, { id });
  const stored = await policyRowWithRecibos(db, id);
  if (!view || !stored) throw new ApiProblem(404, POLICY_NOT_FOUND_MESSAGE);
  const { row, recibos: reciboRows } = stored;
  const history = await policyHistoryOf(db, id);
  const noteRows = await notesOf(db, "policy", id);
  const { recibos: _r, documents: _d, ...policy } = policyAnswer(view);
  // One rule with the customer's documents: a suplemento's recibo covers from its effective date to the end of its term.
  const periods = reciboPeriods({ ...row, recibos: reciboRows, endorsements: view.endorsements });
  return {
    policy,
    clientId: row.clientId,
    term: row.term,
    lifecycle: {
      suspendedAt: row.suspendedAt?.toISOString() ?? null,
      coverResumesAt: row.coverResumesAt?.toISOString() ?? null,
      cancellation:
        row.cancellationReason && row.cancellationEffectiveDate && row.cancelledAt
          ? { reason: row.cancellationReason as CancellationReason, effectiveDate: row.cancellationEffectiveDate, at: row.cancelledAt.toISOString() }
          : null,
      renewalStopped:
        row.renewalStoppedBy && row.renewalStoppedAt ? { by: row.renewalStoppedBy as RenewalStopper, at: row.renewalStoppedAt.toISOString() } : null,
      renewalOffer: row.renewalOffer
        ? {
            startDate: row.renewalOffer.startDate,
            endDate: row.renewalOffer.endDate,
            totalPremiumCents: row.renewalOffer.totalPremiumCents,
            noticeSentAt: row.renewalNoticeSentAt?.toISOString() ?? null,
          }
        : null,
    },
    payment: { method: row.paymentMethod, hasMandate: !!row.paymentMandate, iban: row.iban ? maskIban(row.iban) : null },
    recibos: reciboRows.map((r) => {
      return {
        id: r.id,
        sequence: r.sequence,
        term: r.term,
        kind: r.kind,
        period: periods.get(r.sequence)!,
        dueDate: r.dueDate,
        amountCents: r.amountCents,
        status: r.status,
        attempts: r.attempts,
        lastAttemptAt: r.lastAttemptAt?.toISOString() ?? null,
        paidAt: r.paidAt?.toISOString() ?? null,
        returnReason: r.returnReason,
        paidReference: r.paidReference,
        actions: reciboActionsFrom(r.status).flatMap((a) => API_RECIBO_ACTIONS[a]),
      };
    }),
    history: history.map((h) => ({
      id: h.id,
      at: h.at.toISOString(),
      event: h.event,
      summary: h.summary,
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      actorType: h.actorType,
      actorLabel: h.actorLabel,
    })),
    notes: noteRows.map((n) => ({ id: n.id, body: n.body, authorLabel: n.authorLabel, at: n.at.toISOString() })),
    actions: allowedActions({ ...row, recibos: reciboRows }, today),
    today,
  };
}

export function registerAdminPolicyRoutes(api: ApiApp) {
  const today = (c: { var: { deps: { now: () => Date } } }) => madridDate(c.var.deps.now());

  api.openapi(listRoute, async (c) => c.json(await listAdminPolicies(c.var.deps.readDb, c.req.valid("query"), today(c)), 200));

  api.openapi(exportRoute, async (c) => {
    const batches = adminPolicyExportBatches(c.var.deps.readDb, c.req.valid("query"), today(c));
    return csvAttachment(c, "polizas", csvStream({ header: CSV_HEADER, batches, row: csvRow }));
  });

  api.openapi(getRoute, async (c) => c.json(await adminPolicyAnswer(c.var.deps.db, c.req.valid("param").id, today(c)), 200));

  // The policy's PDFs, built as for its holder (api/services/documents.ts).
  const policyView = async (db: Database, id: number) => {
    const [view] = await loadPolicyViews(db, { id });
    if (!view) throw new ApiProblem(404, POLICY_NOT_FOUND_MESSAGE);
    return view;
  };
  api.openapi(conditionsDocumentRoute, async (c) => {
    const { db } = c.var.deps;
    return pdfResponse(c, await conditionsDocument(db, await policyView(db, c.req.valid("param").id)));
  });
  api.openapi(reciboDocumentRoute, async (c) => {
    const { db } = c.var.deps;
    const { id, sequence } = c.req.valid("param");
    const view = await policyView(db, id);
    if (!view.recibos.some((r) => r.sequence === sequence)) throw new ApiProblem(404, RECIBO_NOT_FOUND_MESSAGE);
    return pdfResponse(c, await reciboDocument(db, view, sequence));
  });

  const afterChange = async (c: { var: { deps: { db: Database; now: () => Date } } }, id: number) => adminPolicyAnswer(c.var.deps.db, id, today(c));

  api.openapi(updateRoute, async (c) => {
    const { id } = c.req.valid("param");
    await updatePolicyDetails(c.var.deps, id, c.req.valid("json"), adminActor(c), c.var.deps.now());
    return c.json(await afterChange(c, id), 200);
  });
  api.openapi(suspendRoute, async (c) => {
    const { id } = c.req.valid("param");
    await suspendPolicy(c.var.deps, id, c.req.valid("json").reason, adminActor(c), c.var.deps.now());
    return c.json(await afterChange(c, id), 200);
  });
  api.openapi(reactivateRoute, async (c) => {
    const { id } = c.req.valid("param");
    await reactivatePolicy(c.var.deps, id, adminActor(c), c.var.deps.now());
    return c.json(await afterChange(c, id), 200);
  });
  api.openapi(cancelRoute, async (c) => {
    const { id } = c.req.valid("param");
    await cancelPolicy(c.var.deps, id, c.req.valid("json"), adminActor(c), c.var.deps.now());
    return c.json(await afterChange(c, id), 200);
  });
  api.openapi(stopRenewalRoute, async (c) => {
    const { id } = c.req.valid("param");
    await stopRenewal(c.var.deps, id, c.req.valid("json").by, adminActor(c), c.var.deps.now());
    return c.json(await afterChange(c, id), 200);
  });
  api.openapi(renewRoute, async (c) => {
    const { id } = c.req.valid("param");
    await prepareRenewalNow(c.var.deps, id, adminActor(c), c.var.deps.now());
    return c.json(await afterChange(c, id), 200);
  });
  api.openapi(noteRoute, async (c) => {
    const { id } = c.req.valid("param");
    const admin = currentAdmin(c);
    await addPolicyNote(c.var.deps, id, c.req.valid("json").body, { id: admin.id, label: admin.email }, adminActor(c), c.var.deps.now());
    return c.json(await afterChange(c, id), 200);
  });

  // Every recibo action: the same call with its change; a refused charge answers 200 with `declined`.
  api.openapi(chargeRoute, async (c) => {
    const { id, reciboId } = c.req.valid("param");
    return c.json(await changeRecibo(c.var.deps, id, reciboId, { action: "cobrar", via: "mandato" }, adminActor(c), c.var.deps.now()), 200);
  });
  api.openapi(returnRoute, async (c) => {
    const { id, reciboId } = c.req.valid("param");
    return c.json(
      await changeRecibo(c.var.deps, id, reciboId, { action: "devolver", reason: c.req.valid("json").reason }, adminActor(c), c.var.deps.now()),
      200,
    );
  });
  api.openapi(markPaidRoute, async (c) => {
    const { id, reciboId } = c.req.valid("param");
    const change: ReciboChange = { action: "cobrar", via: "transferencia", reference: c.req.valid("json").reference };
    return c.json(await changeRecibo(c.var.deps, id, reciboId, change, adminActor(c), c.var.deps.now()), 200);
  });
  api.openapi(cancelReciboRoute, async (c) => {
    const { id, reciboId } = c.req.valid("param");
    return c.json(
      await changeRecibo(c.var.deps, id, reciboId, { action: "anular", reason: c.req.valid("json").reason }, adminActor(c), c.var.deps.now()),
      200,
    );
  });
  api.openapi(refundRoute, async (c) => {
    const { id, reciboId } = c.req.valid("param");
    return c.json(await changeRecibo(c.var.deps, id, reciboId, { action: "extornar" }, adminActor(c), c.var.deps.now()), 200);
  });

  api.openapi(
    staffQuoteRoute,
    async (c) => {
      const admin = currentAdmin(c);
      const quote = await createQuote(
        c.var.deps,
        c.req.valid("json"),
        { userId: null, ownerTokenHash: null, madeByAdminId: admin.id },
        adminActor(c),
        c.var.deps.now(),
      );
      return c.json(quoteAnswer(quote), 201);
    },
    (result) => {
      if (!result.success) throw new ApiProblem(400, INVALID_DATA, inputFieldErrors(result.error));
      return undefined;
    },
  );
  api.openapi(staffQuoteGetRoute, async (c) =>
    c.json(quoteAnswer(await findStaffQuote(c.var.deps.db, c.req.valid("param").id, c.var.deps.now())), 200),
  );
  api.openapi(staffPriceRoute, async (c) => {
    const { db, now } = c.var.deps;
    const at = now();
    const quote = await findStaffQuote(db, c.req.valid("param").id, at);
    return c.json(await priceAnswer(db, quote, c.req.valid("json"), at), 200);
  });
  api.openapi(
    staffCheckoutRoute,
    async (c) => {
      const { db, now, payments, logger, publicBaseUrl } = c.var.deps;
      const { quoteId, email, ...body } = c.req.valid("json");
      const { created, policy } = await checkoutQuote(
        { db, payments, logger, publicBaseUrl, clock: now },
        { quoteId, buyer: { kind: "staff", admin: currentAdmin(c), email }, body, ip: clientIp(c), now: now() },
      );
      return c.json(policyAnswer(policy), created ? 201 : 200);
    },
    (result) => {
      if (!result.success) throw new ApiProblem(400, INVALID_DATA, checkoutFieldErrors(result.error));
      return undefined;
    },
  );

  api.openapi(runRoute, async (c) => {
    const outcome = await runLifecycle(c.var.deps, c.var.deps.now, { startedBy: currentAdmin(c).username, again: true, waitMs: RUN_JOIN_WAIT_MS });
    const underWay = (r: RunUnderWay | null) =>
      r && { day: r.day, startedBy: r.startedBy, startedAt: r.startedAt.toISOString(), summary: { ...r.summary } };
    const answer = {
      days: outcome.days.map((d) => ({ day: d.day, summary: { ...d.summary } })),
      joined: underWay(outcome.joined),
      running: underWay(outcome.running),
    };
    return outcome.running ? c.json(answer, 202) : c.json(answer, 200);
  });
}
