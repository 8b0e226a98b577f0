// /admin/guarantees: the guarantee catalogue (ADR 016). The list with its CSV (ADR 010), one
// guarantee with its price history and audit, create, edit, a new price version with an effective
// date, activate and deactivate. There is no delete: a guarantee is named by quotes and policies
// that must keep reading it. Every change writes its audit row in the same transaction and then
// empties the catalogue cache, so the next quote on this instance reads it (ADR 007).
import { z } from "zod";
import type { Context } from "hono";
import type { ApiApp, ApiEnv } from "../env";
import { currentAdmin } from "../auth";
import {
  describeGuaranteePrice,
  GUARANTEE_MESSAGES,
  GUARANTEE_PRICE_TYPE_LABELS,
  GuaranteeDetailSchema,
  GuaranteeExportQuerySchema,
  GuaranteeListQuerySchema,
  GuaranteeListSchema,
  NewGuaranteePriceSchema,
  NewGuaranteeSchema,
  UpdateGuaranteeSchema,
  type GuaranteeRow,
} from "../contract/guarantees";
import { IdParamSchema } from "../contract/ids";
import { LINE_LABELS } from "../contract/vocabulary";
import { csvAttachment, csvMoney, csvStream } from "../csv";
import { pgErrorCode } from "../db/admin-users.repo";
import { adminActor, writeAudit } from "../db/audit";
import type { Transaction } from "../db/client";
import {
  guaranteeCodeTaken,
  guaranteeExportBatches,
  insertGuarantee,
  insertPriceVersion,
  linePlanIds,
  listGuarantees,
  loadGuaranteeDetail,
  lockGuarantee,
  planLinksOf,
  setPlanLinks,
  updateGuarantee,
  type GuaranteePatch,
} from "../db/guarantees.repo";
import { madridDate } from "../domain/calendar";
import type { LineCode } from "../domain/catalogue";
import { ApiProblem, jsonContent } from "../http";
import { errorResponses } from "../openapi-responses";
import { adminRoute } from "./admin-endpoints";

const TAGS = ["Administración: garantías"];

const listRoute = adminRoute({
  method: "get",
  path: "/admin/guarantees",
  operationId: "listAdminGuarantees",
  tags: TAGS,
  summary: "Garantías del catálogo, con búsqueda, filtros y paginación",
  description:
    "q: parte del código o del nombre. Filtros: line (ramo) y state (activa, inactiva). Orden por line (ramo y orden del catálogo), code o name. El precio de cada fila es el que está en vigor hoy; nextPrice, el próximo cambio programado.",
  request: { query: GuaranteeListQuerySchema },
  responses: { 200: { description: "Página de garantías", content: jsonContent(GuaranteeListSchema) } },
});

const exportRoute = adminRoute({
  method: "get",
  path: "/admin/guarantees/export",
  operationId: "exportGuarantees",
  tags: TAGS,
  summary: "Exporta en CSV las garantías que cumplen los filtros, en el orden pedido",
  description: "Mismos filtros y orden que /admin/guarantees, todas las filas. UTF-8 con BOM, separado por punto y coma.",
  request: { query: GuaranteeExportQuerySchema },
  responses: { 200: { description: "Fichero CSV", content: { "text/csv": { schema: z.string() } } } },
});

const getRoute = adminRoute({
  method: "get",
  path: "/admin/guarantees/{id}",
  operationId: "getGuarantee",
  tags: TAGS,
  summary: "Una garantía con sus planes, el historial de precios y sus cambios en la auditoría",
  request: { params: IdParamSchema },
  responses: { 200: { description: "Garantía", content: jsonContent(GuaranteeDetailSchema) } },
});

const createRoute = adminRoute({
  method: "post",
  path: "/admin/guarantees",
  operationId: "createGuarantee",
  tags: TAGS,
  summary: "Crea una garantía con su primer precio (en vigor desde hoy)",
  description:
    "El código es único dentro del ramo (409 si ya existe). Los planes son códigos de planes del ramo; un plan no puede incluirla y ofrecerla como opcional a la vez. Un porcentaje no puede pasar de 100 (10000 puntos básicos).",
  request: { body: { required: true, content: jsonContent(NewGuaranteeSchema) } },
  responses: { 201: { description: "Garantía creada", content: jsonContent(GuaranteeDetailSchema) }, ...errorResponses(409) },
});

const updateRoute = adminRoute({
  method: "patch",
  path: "/admin/guarantees/{id}",
  operationId: "updateGuarantee",
  tags: TAGS,
  summary: "Cambia los datos de una garantía (solo los campos enviados)",
  description: "El ramo y el código no cambian; el precio cambia con POST /admin/guarantees/{id}/prices.",
  request: { params: IdParamSchema, body: { required: true, content: jsonContent(UpdateGuaranteeSchema) } },
  responses: { 200: { description: "Garantía modificada", content: jsonContent(GuaranteeDetailSchema) } },
});

const priceRoute = adminRoute({
  method: "post",
  path: "/admin/guarantees/{id}/prices",
  operationId: "scheduleGuaranteePrice",
  tags: TAGS,
  summary: "Programa un nuevo precio con su fecha de efecto (hoy o más adelante)",
  description:
    "Crea una versión nueva del precio. Las cotizaciones hechas desde esa fecha (hora de España) usan el nuevo precio; las ya hechas conservan el suyo. Una fecha anterior a hoy es un 400.",
  request: { params: IdParamSchema, body: { required: true, content: jsonContent(NewGuaranteePriceSchema) } },
  responses: { 201: { description: "Precio programado", content: jsonContent(GuaranteeDetailSchema) } },
});

const activateRoute = adminRoute({
  method: "post",
  path: "/admin/guarantees/{id}/activate",
  operationId: "activateGuarantee",
  tags: TAGS,
  summary: "Vuelve a ofrecer la garantía en las cotizaciones nuevas",
  request: { params: IdParamSchema },
  responses: { 200: { description: "Garantía activa", content: jsonContent(GuaranteeDetailSchema) }, ...errorResponses(409) },
});

const deactivateRoute = adminRoute({
  method: "post",
  path: "/admin/guarantees/{id}/deactivate",
  operationId: "deactivateGuarantee",
  tags: TAGS,
  summary: "Deja de ofrecer la garantía en las cotizaciones nuevas",
  description: "Las pólizas y cotizaciones que ya la llevan la conservan, también en sus documentos. Las garantías no se borran.",
  request: { params: IdParamSchema },
  responses: { 200: { description: "Garantía desactivada", content: jsonContent(GuaranteeDetailSchema) }, ...errorResponses(409) },
});

export const GUARANTEES_CSV_HEADER = [
  "Ramo",
  "Código",
  "Nombre",
  "Incluida en",
  "Opcional en",
  "Tipo de precio",
  "Precio",
  "Límite",
  "Franquicia",
  "Carencia (días)",
  "Estado",
  "Pólizas vivas",
] as const;

function guaranteeCsvRow(g: GuaranteeRow): string[] {
  return [
    LINE_LABELS[g.line],
    g.code,
    g.name,
    g.includedIn.map((p) => p.name).join(", "),
    g.optionalIn.map((p) => p.name).join(", "),
    GUARANTEE_PRICE_TYPE_LABELS[g.price.priceType],
    g.price.priceType === "fixed" ? csvMoney(g.price.priceValue) : describeGuaranteePrice("percent", g.price.priceValue),
    g.limitText ?? (g.limitCents !== null ? csvMoney(g.limitCents) : ""),
    csvMoney(g.deductibleCents),
    String(g.waitingDays),
    g.active ? "Activa" : "Inactiva",
    String(g.livePolicies),
  ];
}

function or404<T>(value: T | null): T {
  if (value === null) throw new ApiProblem(404, GUARANTEE_MESSAGES.notFound);
  return value;
}

const invalid = (field: string, message: string) => new ApiProblem(400, "Datos no válidos", { [field]: [message] });

/** Plan codes of the guarantee's line to plan ids; an unknown code is a 400 on its field. */
async function planIds(tx: Transaction, line: LineCode, links: { includedIn: string[]; optionalIn: string[] }) {
  const byCode = await linePlanIds(tx, line);
  const resolve = (codes: string[], field: string) =>
    codes.map((code) => {
      const id = byCode.get(code);
      if (id === undefined) throw invalid(field, GUARANTEE_MESSAGES.planOfOtherLine);
      return id;
    });
  return { included: resolve(links.includedIn, "includedIn"), optional: resolve(links.optionalIn, "optionalIn") };
}

/** The detail as the API answers it, read in the write's transaction (the cache is emptied after). */
async function detailAfterWrite(tx: Transaction, id: number, now: Date) {
  return or404(await loadGuaranteeDetail(tx, id, madridDate(now)));
}

export function registerAdminGuaranteeRoutes(api: ApiApp) {
  api.openapi(listRoute, async (c) => c.json(await listGuarantees(c.var.deps.readDb, c.req.valid("query"), madridDate(c.var.deps.now())), 200));

  api.openapi(exportRoute, async (c) => {
    const batches = guaranteeExportBatches(c.var.deps.readDb, c.req.valid("query"), madridDate(c.var.deps.now()));
    return csvAttachment(c, "garantias", csvStream({ header: GUARANTEES_CSV_HEADER, batches, row: guaranteeCsvRow }));
  });

  api.openapi(getRoute, async (c) =>
    c.json(or404(await loadGuaranteeDetail(c.var.deps.readDb, c.req.valid("param").id, madridDate(c.var.deps.now()))), 200),
  );

  api.openapi(createRoute, async (c) => {
    const input = c.req.valid("json");
    const now = c.var.deps.now();
    const admin = currentAdmin(c);
    const taken = () => new ApiProblem(409, GUARANTEE_MESSAGES.codeTaken, { code: [GUARANTEE_MESSAGES.codeTaken] });
    try {
      const detail = await c.var.deps.db.transaction(async (tx) => {
        if (await guaranteeCodeTaken(tx, input.line, input.code)) throw taken();
        const links = await planIds(tx, input.line, input);
        const created = await insertGuarantee(
          tx,
          {
            line: input.line,
            code: input.code,
            name: input.name,
            description: input.description,
            hint: input.hint ?? null,
            limitText: input.limitText ?? null,
            limitCents: input.limitCents ?? null,
            deductibleCents: input.deductibleCents,
            waitingDays: input.waitingDays,
            active: input.active,
          },
          now,
        );
        await setPlanLinks(tx, created.id, links.included, links.optional);
        await insertPriceVersion(tx, {
          guaranteeId: created.id,
          priceType: input.priceType,
          priceValue: input.priceValue,
          validFrom: madridDate(now),
          adminId: admin.id,
          now,
        });
        await writeAudit(tx, { ...adminActor(c), at: now, action: "guarantee.created", entity: "guarantee", entityId: created.id, after: input });
        return detailAfterWrite(tx, created.id, now);
      });
      c.var.deps.catalogue.invalidate();
      return c.json(detail, 201);
    } catch (error) {
      // The unique (line, code) refused a code another write took a moment before.
      if (pgErrorCode(error) === "23505") throw taken();
      throw error;
    }
  });

  api.openapi(updateRoute, async (c) => {
    const { id } = c.req.valid("param");
    const input = c.req.valid("json");
    const now = c.var.deps.now();
    const detail = await c.var.deps.db.transaction(async (tx) => {
      const before = or404(await lockGuarantee(tx, id));
      const beforeLinks = await planLinksOf(tx, id);
      const from: Record<string, unknown> = {};
      const to: Record<string, unknown> = {};
      const patch: GuaranteePatch = {};
      for (const key of ["name", "description", "hint", "limitText", "limitCents", "deductibleCents", "waitingDays"] as const) {
        const value = input[key];
        if (value === undefined || value === before[key]) continue;
        from[key] = before[key];
        to[key] = value;
        (patch as Record<string, unknown>)[key] = value;
      }
      if (input.includedIn !== undefined || input.optionalIn !== undefined) {
        const links = { includedIn: input.includedIn ?? beforeLinks.includedIn, optionalIn: input.optionalIn ?? beforeLinks.optionalIn };
        if (links.optionalIn.some((code) => links.includedIn.includes(code))) throw invalid("optionalIn", GUARANTEE_MESSAGES.bothIncludedAndOptional);
        const same = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();
        if (!same(links.includedIn, beforeLinks.includedIn) || !same(links.optionalIn, beforeLinks.optionalIn)) {
          const ids = await planIds(tx, before.lineCode, links);
          await setPlanLinks(tx, id, ids.included, ids.optional);
          Object.assign(from, beforeLinks);
          Object.assign(to, links);
        }
      }
      if (Object.keys(to).length > 0) {
        await updateGuarantee(tx, id, patch, now);
        await writeAudit(tx, { ...adminActor(c), at: now, action: "guarantee.updated", entity: "guarantee", entityId: id, before: from, after: to });
      }
      return detailAfterWrite(tx, id, now);
    });
    c.var.deps.catalogue.invalidate();
    return c.json(detail, 200);
  });

  api.openapi(priceRoute, async (c) => {
    const { id } = c.req.valid("param");
    const input = c.req.valid("json");
    const now = c.var.deps.now();
    const today = madridDate(now);
    if (input.validFrom < today) throw invalid("validFrom", GUARANTEE_MESSAGES.validFromPast);
    const detail = await c.var.deps.db.transaction(async (tx) => {
      or404(await lockGuarantee(tx, id));
      const version = await insertPriceVersion(tx, { guaranteeId: id, ...input, adminId: currentAdmin(c).id, now });
      await writeAudit(tx, {
        ...adminActor(c),
        at: now,
        action: "guarantee.price_changed",
        entity: "guarantee",
        entityId: id,
        after: { version, ...input },
      });
      return detailAfterWrite(tx, id, now);
    });
    c.var.deps.catalogue.invalidate();
    return c.json(detail, 201);
  });

  const setActive = (active: boolean) => async (c: Context<ApiEnv>, id: number) => {
    const now = c.var.deps.now();
    const detail = await c.var.deps.db.transaction(async (tx) => {
      const before = or404(await lockGuarantee(tx, id));
      if (before.active === active) throw new ApiProblem(409, active ? GUARANTEE_MESSAGES.alreadyActive : GUARANTEE_MESSAGES.alreadyInactive);
      await updateGuarantee(tx, id, { active }, now);
      await writeAudit(tx, {
        ...adminActor(c),
        at: now,
        action: active ? "guarantee.activated" : "guarantee.deactivated",
        entity: "guarantee",
        entityId: id,
        before: { active: !active },
        after: { active },
      });
      return detailAfterWrite(tx, id, now);
    });
    c.var.deps.catalogue.invalidate();
    return detail;
  };
  const activate = setActive(true);
  const deactivate = setActive(false);
  api.openapi(activateRoute, async (c) => c.json(await activate(c, c.req.valid("param").id), 200));
  api.openapi(deactivateRoute, async (c) => c.json(await deactivate(c, c.req.valid("param").id), 200));
}
