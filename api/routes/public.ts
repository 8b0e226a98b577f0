import { createRoute } from "@hono/zod-openapi";
import { ProductLineListSchema, SiteInfoSchema } from "../contract/site";
import { VEHICLE_BRANDS, VehicleListSchema } from "../contract/vehicles";
import type { ApiApp } from "../app";
import { PUBLIC_SECURITY } from "../auth";
import { jsonContent } from "../http";

const siteRoute = createRoute({
  method: "get",
  path: "/public/site",
  operationId: "getSite",
  tags: ["Público"],
  summary: "Datos del distribuidor (pie de página, textos legales)",
  security: PUBLIC_SECURITY,
  responses: {
    200: { description: "Datos del distribuidor", content: jsonContent(SiteInfoSchema) },
  },
});

const linesRoute = createRoute({
  method: "get",
  path: "/public/lines",
  operationId: "listProductLines",
  tags: ["Público"],
  summary: "Ramos de seguro que se ofrecen, con sus planes",
  security: PUBLIC_SECURITY,
  responses: {
    200: { description: "Ramos activos", content: jsonContent(ProductLineListSchema) },
  },
});

const vehiclesRoute = createRoute({
  method: "get",
  path: "/public/vehicles",
  operationId: "listVehicles",
  tags: ["Público"],
  summary: "Marcas y modelos de coche que se pueden cotizar",
  description: "La lista de la que POST /quotes toma vehicleBrand y vehicleModel en el seguro de coche: otra marca, o un modelo que no es de esa marca, es un 400.",
  security: PUBLIC_SECURITY,
  responses: {
    200: { description: "Marcas con sus modelos", content: jsonContent(VehicleListSchema) },
  },
});

export function registerPublicRoutes(api: ApiApp) {
  api.openapi(siteRoute, async (c) => c.json(await c.var.deps.catalogue.distributor(), 200));
  api.openapi(linesRoute, async (c) => c.json({ lines: await c.var.deps.catalogue.productLines() }, 200));
  api.openapi(vehiclesRoute, (c) => c.json({ brands: VEHICLE_BRANDS.map(({ brand, models }) => ({ brand, models: [...models] })) }, 200));
}
