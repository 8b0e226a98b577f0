// /admin/policies: the back office's policies (list, CSV, one policy with its lifecycle, its PDFs),
// the staff actions on a policy and on its recibos, internal notes, and /admin/lifecycle/run. The rules
// live in api/services/lifecycle.ts; here only the HTTP shape.
import type { RouteConfig } from "@hono/zod-openapi";
import { z } from "zod";
import type { ApiApp, ApiDeps } from "../env";
import {
  AdminPolicyExportQuerySchema,
  AdminPolicyListQuerySchema,
  AdminPolicyListSchema,
  AdminPolicySchema,
  CancelPolicyBodySchema,
  CancelReciboBodySchema,
  LifecycleRunSchema,
  LifecycleRunStartSchema,
  MarkReciboPaidBodySchema,
  NoteBodySchema,
  ReciboActionResultSchema,
  ReturnReciboBodySchema,
  StopRenewalBodySchema,
  SuspendPolicyBodySchema,
  UpdatePolicyBodySchema,
} from "../contract/admin-policies";
import { IdParamSchema } from "../contract/ids";
import { currentAdmin } from "../auth";
import { csvAttachment, csvStream } from "../csv";
import { adminActor } from "../db/audit";
import { adminPolicyExportBatches, listAdminPolicies } from "../db/admin-policies.repo";
import { loadPolicyViews } from "../db/policies.repo";
import { madridDate } from "../domain/calendar";
import { ApiProblem, jsonContent } from "../http";
import { errorResponses } from "../openapi-responses";
import {
  POLICY_NOT_FOUND_MESSAGE,
  RECIBO_NOT_FOUND_MESSAGE,
  cancelPolicy,
  reactivatePolicy,
  stopRenewal,
  suspendPolicy,
} from "../services/lifecycle";
import { changeRecibo, type ReciboChange } from "../services/recibos";
import { addPolicyNote, updatePolicyDetails } from "../services/policy-details";
import { LIFECYCLE_RUN_NOT_FOUND_MESSAGE, lifecycleRunAnswer, readLifecycleRun, startLifecycleJob } from "../services/lifecycle-jobs";
import { prepareRenewalNow } from "../services/renewal";
import { conditionsSource, issueSource, reciboSource } from "../services/issued-documents";
import { staffDocumentActor } from "./document-actors";
import { pdfContent, storedDocumentResponse } from "../answers/pdf";
import { adminRoute } from "./admin-endpoints";
import type { Database } from "../db/client";
import { ADMIN_POLICY_CSV_HEADER, adminPolicyCsvRow, adminPolicyAnswer } from "../answers/admin-policy";

const TAGS = ["Administración: pólizas"];
const ReciboParamSchema = IdParamSchema.extend({ reciboId: IdParamSchema.shape.id.describe("Identificador del recibo") });

// ─── Routes ─────────────────────────────────────────────────────────────────────────────────

const listRoute = adminRoute({
  method: "get",
  path: "/admin/policies",
  operationId: "listAdminPolicies",
  tags: TAGS,
  summary: "Pólizas, con búsqueda, filtros, orden y paginación",
  request: { query: AdminPolicyListQuerySchema },
  responses: { 200: { description: "Página de pólizas", content: jsonContent(AdminPolicyListSchema) } },
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
  responses: { 200: { description: "La póliza", content: jsonContent(AdminPolicySchema) } },
});

const paymentsRoute = adminRoute({
  method: "get",
  path: "/admin/policies/{id}/payments",
  operationId: "getAdminPolicyPayments",
  tags: TAGS,
  summary: "La póliza con sus recibos y lo que admite cada uno, para la página de recibos (requiere payments:read)",
  request: { params: IdParamSchema },
  responses: { 200: { description: "La póliza", content: jsonContent(AdminPolicySchema) } },
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

/**
 * The POST routes of staff actions on one thing (a policy, a recibo): the same params and answers,
 * without a body or with a required JSON body.
 */
const actionRoutes = <Params extends z.AnyZodObject, Responses extends RouteConfig["responses"]>(params: Params, responses: Responses) => ({
  action: <P extends string>(operationId: string, path: P, summary: string) =>
    adminRoute({ method: "post", path, operationId, tags: TAGS, summary, request: { params }, responses }),
  actionWith: <P extends string, S extends z.ZodTypeAny>(operationId: string, path: P, summary: string, schema: S) =>
    adminRoute({
      method: "post",
      path,
      operationId,
      tags: TAGS,
      summary,
      request: { params, body: { required: true, content: jsonContent(schema) } },
      responses,
    }),
});

const policyResponses = {
  200: { description: "La póliza tras el cambio", content: jsonContent(AdminPolicySchema) },
  ...errorResponses(409),
};
const { action: policyAction, actionWith: policyActionWith } = actionRoutes(IdParamSchema, policyResponses);

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
    content: jsonContent(ReciboActionResultSchema),
  },
  ...errorResponses(409),
};
const { action: reciboAction, actionWith: reciboActionWith } = actionRoutes(ReciboParamSchema, reciboResponses);

const chargeRoute = reciboAction(
  "chargeRecibo",
  "/admin/policies/{id}/recibos/{reciboId}/charge",
  "Cobra el recibo ahora con la tarjeta de la póliza; un recibo domiciliado se cobra por remesa SEPA y responde 409",
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
  request: { params: IdParamSchema, body: { required: true, content: jsonContent(UpdatePolicyBodySchema) } },
  responses: policyResponses,
});

const runRoute = adminRoute({
  method: "post",
  path: "/admin/lifecycle/run",
  operationId: "runLifecycle",
  tags: TAGS,
  summary: "Inicia ahora el proceso diario de pólizas (y los días pendientes) y responde en el acto",
  description:
    "Cobra los recibos vencidos, suspende por impago (art. 15 LCS), extingue tras seis meses, envía los avisos de renovación dos meses antes (art. 22), renueva y da por vencidas las pólizas. Idempotente: repetirlo no cambia nada ya hecho. Responde 202 en cuanto lo inicia, con su identificador: GET /admin/lifecycle/runs/{id} dice cómo va. Si ya está en marcha (otra pestaña, otra persona, otra instancia o el proceso programado), no inicia otro: responde ese (`joined`).",
  responses: {
    202: {
      description: "El proceso iniciado, o el que ya estaba en marcha (`joined`); Location: su dirección",
      headers: z.object({ Location: z.string().openapi({ description: "/api/admin/lifecycle/runs/{id}" }) }),
      content: jsonContent(LifecycleRunStartSchema),
    },
  },
});

const runStateRoute = adminRoute({
  method: "get",
  path: "/admin/lifecycle/runs/{id}",
  operationId: "getLifecycleRun",
  tags: TAGS,
  summary: "Cómo va un proceso diario: en curso (con lo hecho hasta ahora), hecho (lo que hizo cada día) o fallido",
  description:
    "Lo responde cualquier instancia: el proceso se guarda en la base de datos. Para seguirlo, repetir la petición cada pocos segundos mientras esté en_curso.",
  request: { params: IdParamSchema },
  responses: { 200: { description: "El proceso", content: jsonContent(LifecycleRunSchema) } },
});

type AdminContext = Parameters<typeof adminActor>[0] & { var: { deps: ApiDeps } };
type Actor = ReturnType<typeof adminActor>;
type PolicyContext = AdminContext & { req: { valid: (target: "param") => { id: number } } };

export function registerAdminPolicyRoutes(api: ApiApp) {
  const today = (c: { var: { deps: { now: () => Date } } }) => madridDate(c.var.deps.now());

  api.openapi(listRoute, async (c) => c.json(await listAdminPolicies(c.var.deps.readDb, c.req.valid("query"), today(c)), 200));

  api.openapi(exportRoute, async (c) => {
    const batches = adminPolicyExportBatches(c.var.deps.readDb, c.req.valid("query"), today(c));
    return csvAttachment(c, "polizas", csvStream({ header: ADMIN_POLICY_CSV_HEADER, batches, row: adminPolicyCsvRow }));
  });

  api.openapi(getRoute, async (c) => c.json(await adminPolicyAnswer(c.var.deps.db, c.req.valid("param").id, today(c)), 200));
  api.openapi(paymentsRoute, async (c) => c.json(await adminPolicyAnswer(c.var.deps.db, c.req.valid("param").id, today(c)), 200));

  // The policy's PDFs, the stored ones its holder downloads (ADR 036); documents:read.
  const policyView = async (db: Database, id: number) => {
    const [view] = await loadPolicyViews(db, { id });
    if (!view) throw new ApiProblem(404, POLICY_NOT_FOUND_MESSAGE);
    return view;
  };
  api.openapi(conditionsDocumentRoute, async (c) => {
    const { db } = c.var.deps;
    const source = await conditionsSource(db, await policyView(db, c.req.valid("param").id));
    return storedDocumentResponse(c, () => issueSource(c.var.deps, source, staffDocumentActor(c)));
  });
  api.openapi(reciboDocumentRoute, async (c) => {
    const { db } = c.var.deps;
    const { id, sequence } = c.req.valid("param");
    const source = await reciboSource(db, await policyView(db, id), sequence);
    if (!source) throw new ApiProblem(404, RECIBO_NOT_FOUND_MESSAGE);
    return storedDocumentResponse(c, () => issueSource(c.var.deps, source, staffDocumentActor(c)));
  });

  /** A staff action on the policy, as the signed-in admin and now; the answer is the policy as it then stands. */
  const actOnPolicy = async (c: PolicyContext, act: (id: number, actor: Actor, at: Date) => Promise<unknown>) => {
    const { id } = c.req.valid("param");
    await act(id, adminActor(c), c.var.deps.now());
    return adminPolicyAnswer(c.var.deps.db, id, today(c));
  };

  api.openapi(updateRoute, async (c) =>
    c.json(await actOnPolicy(c, (id, actor, at) => updatePolicyDetails(c.var.deps, id, c.req.valid("json"), actor, at)), 200),
  );
  api.openapi(suspendRoute, async (c) =>
    c.json(await actOnPolicy(c, (id, actor, at) => suspendPolicy(c.var.deps, id, c.req.valid("json").reason, actor, at)), 200),
  );
  api.openapi(reactivateRoute, async (c) => c.json(await actOnPolicy(c, (id, actor, at) => reactivatePolicy(c.var.deps, id, actor, at)), 200));
  api.openapi(cancelRoute, async (c) =>
    c.json(await actOnPolicy(c, (id, actor, at) => cancelPolicy(c.var.deps, id, c.req.valid("json"), actor, at)), 200),
  );
  api.openapi(stopRenewalRoute, async (c) =>
    c.json(await actOnPolicy(c, (id, actor, at) => stopRenewal(c.var.deps, id, c.req.valid("json").by, actor, at)), 200),
  );
  api.openapi(renewRoute, async (c) => c.json(await actOnPolicy(c, (id, actor, at) => prepareRenewalNow(c.var.deps, id, actor, at)), 200));
  api.openapi(noteRoute, async (c) => {
    const admin = currentAdmin(c);
    const author = { id: admin.id, label: admin.email };
    return c.json(await actOnPolicy(c, (id, actor, at) => addPolicyNote(c.var.deps, id, c.req.valid("json").body, author, actor, at)), 200);
  });

  // Every recibo action: the same call with its change; a refused charge answers 200 with `declined`.
  const onRecibo = (c: AdminContext, { id, reciboId }: { id: number; reciboId: number }, change: ReciboChange) =>
    changeRecibo(c.var.deps, id, reciboId, change, adminActor(c), c.var.deps.now());
  api.openapi(chargeRoute, async (c) => c.json(await onRecibo(c, c.req.valid("param"), { action: "cobrar", via: "mandato" }), 200));
  api.openapi(returnRoute, async (c) =>
    c.json(await onRecibo(c, c.req.valid("param"), { action: "devolver", reason: c.req.valid("json").reason }), 200),
  );
  api.openapi(markPaidRoute, async (c) =>
    c.json(await onRecibo(c, c.req.valid("param"), { action: "cobrar", via: "transferencia", reference: c.req.valid("json").reference }), 200),
  );
  api.openapi(cancelReciboRoute, async (c) =>
    c.json(await onRecibo(c, c.req.valid("param"), { action: "anular", reason: c.req.valid("json").reason }), 200),
  );
  api.openapi(refundRoute, async (c) => c.json(await onRecibo(c, c.req.valid("param"), { action: "extornar" }), 200));

  api.openapi(runRoute, async (c) => {
    const { deps } = c.var;
    const start = await startLifecycleJob(deps, deps.now, { startedBy: currentAdmin(c).username, again: true });
    // Staff's runs always start (again: true); the schedule's alone may find nothing to do.
    if (!start) throw new Error("The lifecycle run did not start");
    c.header("Location", `/api/admin/lifecycle/runs/${start.job.id}`);
    return c.json({ ...(await lifecycleRunAnswer(deps, start.job, deps.now())), joined: start.joined }, 202);
  });
  api.openapi(runStateRoute, async (c) => {
    const run = await readLifecycleRun(c.var.deps, c.req.valid("param").id, c.var.deps.now());
    if (!run) throw new ApiProblem(404, LIFECYCLE_RUN_NOT_FOUND_MESSAGE);
    return c.json(run, 200);
  });
}
