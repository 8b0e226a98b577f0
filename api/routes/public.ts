import { createRoute } from "@hono/zod-openapi";
import { ProductLineListSchema, SiteInfoSchema } from "../contract/site";
import type { ApiApp } from "../app";
import { jsonContent } from "../http";

const siteRoute = createRoute({
  method: "get",
  path: "/public/site",
  tags: ["Público"],
  summary: "Datos del distribuidor (pie de página, textos legales)",
  responses: {
    200: { description: "Datos del distribuidor", content: jsonContent(SiteInfoSchema) },
  },
});

const linesRoute = createRoute({
  method: "get",
  path: "/public/lines",
  tags: ["Público"],
  summary: "Ramos de seguro que se ofrecen, con sus planes",
  responses: {
    200: { description: "Ramos activos", content: jsonContent(ProductLineListSchema) },
  },
});

export function registerPublicRoutes(api: ApiApp) {
  api.openapi(siteRoute, async (c) => c.json(await c.var.deps.catalogue.distributor(), 200));
  api.openapi(linesRoute, async (c) => c.json({ lines: await c.var.deps.catalogue.productLines() }, 200));
}
