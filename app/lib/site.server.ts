// The public site's own data (who we are, the lines on sale) for the root and home loaders. The
// answer schemas are imported here, not in the route modules: a route module's import of a zod
// schema stays in the browser bundle even when only its loader uses it, and the root's would put
// zod into every page's first load (ADR 008).
import type { AppLoadContext } from "@remix-run/node";
import { ProductLineListSchema, SiteInfoSchema } from "../../api/contract/site";
import { apiClient } from "~/lib/api.server";

export function getSiteInfo(context: AppLoadContext, request: Request) {
  return apiClient(context, request).get("/public/site", { schema: SiteInfoSchema });
}

export function getProductLines(context: AppLoadContext, request: Request) {
  return apiClient(context, request).get("/public/lines", { schema: ProductLineListSchema });
}
