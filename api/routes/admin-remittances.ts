// /admin/payments/remittances: SEPA remittances (ADR 029) — the list, the preview of a selection,
// the generation (idempotent by its request key), one remittance with its debits, and its pain.008
// file byte for byte. The creditor they are made for is a business setting (/admin/settings, ADR 038).
import { z } from "zod";
import { currentAdmin } from "../auth";
import { IdParamSchema } from "../contract/ids";
import {
  NewRemittanceSchema,
  REMITTANCE_MESSAGES,
  RemittanceDetailSchema,
  RemittanceListQuerySchema,
  RemittanceListSchema,
  RemittancePreviewSchema,
  RemittanceSelectionSchema,
} from "../contract/remittances";
import { adminActor } from "../db/audit";
import { findRemittance, listRemittances, remittanceFile } from "../db/remittances.repo";
import type { ApiApp } from "../env";
import { maskIban } from "../domain/iban";
import { ApiProblem, jsonContent } from "../http";
import { errorResponses } from "../openapi-responses";
import { generateRemittance, previewRemittance } from "../services/remittances";
import { adminRoute } from "./admin-endpoints";

const TAGS = ["Administración: remesas SEPA"];

const listRoute = adminRoute({
  method: "get",
  path: "/admin/payments/remittances",
  operationId: "listRemittances",
  tags: TAGS,
  summary: "Remesas SEPA generadas, con filtros, orden y paginación",
  description:
    "Filtros: status (abierta o cerrada), collectionFrom/collectionTo (fecha de cobro, incluidas). Orden por createdAt (por defecto, la más reciente primero) o collectionDate.",
  request: { query: RemittanceListQuerySchema },
  responses: { 200: { description: "Página de remesas", content: jsonContent(RemittanceListSchema) } },
});

const previewRoute = adminRoute({
  method: "post",
  path: "/admin/payments/remittances/preview",
  operationId: "previewRemittance",
  tags: TAGS,
  summary: "Vista previa de una remesa: cuántos recibos y qué total tomaría la selección",
  description:
    "Recibos SEPA pendientes o devueltos, con vencimiento hasta la fecha de cobro, de pólizas en vigor o suspendidas con mandato activo. No escribe nada; devuelve la clave (requestKey) con la que confirmar.",
  request: { body: { required: true, content: jsonContent(RemittanceSelectionSchema) } },
  responses: { 200: { description: "Vista previa", content: jsonContent(RemittancePreviewSchema) } },
});

const generateRoute = adminRoute({
  method: "post",
  path: "/admin/payments/remittances",
  operationId: "generateRemittance",
  tags: TAGS,
  summary: "Genera la remesa (fichero pain.008.001.02) de la selección y pasa sus recibos a remesado",
  description:
    "La misma requestKey otra vez devuelve la misma remesa (200). Fecha de cobro pasada, de hoy o no hábil, o selección vacía: 400. Acreedor no válido, o selección distinta de la vista previa (expectedCount / expectedTotalCents, p. ej. porque otra remesa tomó sus recibos): 409. Un recibo nunca está en dos remesas abiertas.",
  request: { body: { required: true, content: jsonContent(NewRemittanceSchema) } },
  responses: {
    201: { description: "Remesa generada", content: jsonContent(RemittanceDetailSchema) },
    200: { description: "La remesa que ya generó esta requestKey", content: jsonContent(RemittanceDetailSchema) },
    ...errorResponses(409),
  },
});

const detailRoute = adminRoute({
  method: "get",
  path: "/admin/payments/remittances/{id}",
  operationId: "getRemittance",
  tags: TAGS,
  summary: "Una remesa con sus adeudos (IBAN enmascarados)",
  request: { params: IdParamSchema },
  responses: { 200: { description: "Remesa", content: jsonContent(RemittanceDetailSchema) } },
});

const fileRoute = adminRoute({
  method: "get",
  path: "/admin/payments/remittances/{id}/file",
  operationId: "downloadRemittanceFile",
  tags: TAGS,
  summary: "Descarga el fichero pain.008 de la remesa, byte a byte el generado",
  request: { params: IdParamSchema },
  responses: { 200: { description: "Fichero XML (ISO 20022 pain.008.001.02)", content: { "application/xml": { schema: z.string() } } } },
});

export function registerAdminRemittanceRoutes(api: ApiApp) {
  api.openapi(listRoute, async (c) => {
    const page = await listRemittances(c.var.deps.readDb, c.req.valid("query"));
    return c.json({ ...page, items: page.items.map(rowOut) }, 200);
  });

  api.openapi(previewRoute, async (c) => c.json(await previewRemittance(c.var.deps.db, c.req.valid("json"), c.var.deps.now()), 200));

  api.openapi(generateRoute, async (c) => {
    currentAdmin(c);
    const { id, created } = await generateRemittance(c.var.deps.db, c.req.valid("json"), adminActor(c), c.var.deps.now());
    const row = await findRemittance(c.var.deps.db, id);
    return c.json(detailOut(row!), created ? 201 : 200);
  });

  api.openapi(detailRoute, async (c) => {
    const row = await findRemittance(c.var.deps.readDb, c.req.valid("param").id);
    if (!row) throw new ApiProblem(404, REMITTANCE_MESSAGES.notFound);
    return c.json(detailOut(row), 200);
  });

  api.openapi(fileRoute, async (c) => {
    const { id } = c.req.valid("param");
    // From the primary: a file just generated is downloadable at once.
    const xml = await remittanceFile(c.var.deps.db, id);
    if (xml === null) throw new ApiProblem(404, REMITTANCE_MESSAGES.notFound);
    return c.body(Buffer.from(xml, "utf8"), 200, {
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="remesa-${id}.xml"`,
      "Cache-Control": "private, no-store",
    });
  });
}

type Row = Awaited<ReturnType<typeof listRemittances>>["items"][number];
const rowOut = (r: Row) => ({ ...r, status: r.status as "abierta" | "cerrada", createdAt: r.createdAt.toISOString() });

type Detail = NonNullable<Awaited<ReturnType<typeof findRemittance>>>;
const detailOut = (d: Detail) => ({
  ...rowOut(d),
  fileSha256: d.fileSha256,
  items: d.items.map((i) => ({
    ...i,
    iban: maskIban(i.iban),
    sequenceType: i.sequenceType as "FRST" | "RCUR",
    status: i.status as "remesado" | "cobrado" | "devuelto",
  })),
});
