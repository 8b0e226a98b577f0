import type { z } from "@hono/zod-openapi";
import { ProductLineListSchema, SiteInfoSchema } from "../contract/site";
import { VEHICLE_BRANDS, VehicleListSchema } from "../contract/vehicles";
import type { ApiApp } from "../env";
import { publicRoute } from "./user-endpoints";
import { jsonContent, okResponse } from "../http";
import { fromPrice } from "../domain/from-price";
import { errorFields } from "../../platform/logger";

/** A GET of the public site's data: open to anyone, tagged Público, answering 200 with the schema. */
function publicGet<S extends z.ZodTypeAny>(
  path: string,
  operationId: string,
  summary: string,
  answer: { description: string; schema: S },
  description?: string,
) {
  return publicRoute({
    method: "get",
    path,
    operationId,
    tags: ["Público"],
    summary,
    ...(description === undefined ? {} : { description }),
    responses: okResponse(answer.description, jsonContent(answer.schema)),
  });
}

const siteRoute = publicGet("/public/site", "getSite", "Datos del distribuidor (pie de página, textos legales)", {
  description: "Datos del distribuidor",
  schema: SiteInfoSchema,
});

const linesRoute = publicGet(
  "/public/lines",
  "listProductLines",
  "Ramos de seguro que se ofrecen, con sus planes y su precio «desde»",
  { description: "Ramos activos", schema: ProductLineListSchema },
  "El precio «desde» de cada ramo es la prima total anual del plan más barato para un perfil de riesgo bajo que se describe (fromPriceBasis), calculada con la tarifa en vigor: POST /quotes con esos datos da ese mismo precio.",
);

const vehiclesRoute = publicGet(
  "/public/vehicles",
  "listVehicles",
  "Marcas y modelos de coche que se pueden cotizar",
  { description: "Marcas con sus modelos", schema: VehicleListSchema },
  "La lista de la que POST /quotes toma vehicleBrand y vehicleModel en el seguro de coche: otra marca, o un modelo que no es de esa marca, es un 400.",
);

export function registerPublicRoutes(api: ApiApp) {
  api.openapi(siteRoute, async (c) => c.json(await c.var.deps.catalogue.distributor(c.var.deps.now()), 200));
  api.openapi(linesRoute, async (c) => {
    const { catalogue, now, logger } = c.var.deps;
    const at = now();
    const lines = await catalogue.productLines();
    // Each line's "desde": its stated profile rated with the tariff in force now (ADR 023). A line
    // whose tables cannot be read (no tariff in force) loses its "desde", not the home page.
    const priced = await Promise.all(
      lines.map(async (line) => {
        const tables = await catalogue.ratingTables(line.code, at).catch((error: unknown) => {
          logger.warn("from price not computed", { line: line.code, ...errorFields(error) });
          return null;
        });
        const from = tables ? fromPrice(line.code, tables, at) : null;
        return {
          ...line,
          fromPrice: from?.totalCents ?? null,
          fromPriceBasis: from
            ? { description: from.profile.description, plan: from.plan, frequency: "anual" as const, inputs: { ...from.profile.inputs } }
            : null,
        };
      }),
    );
    return c.json({ lines: priced }, 200);
  });
  api.openapi(vehiclesRoute, (c) => c.json({ brands: VEHICLE_BRANDS.map(({ brand, models }) => ({ brand, models: [...models] })) }, 200));
}
