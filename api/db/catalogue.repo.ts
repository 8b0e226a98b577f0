// Data access for the public catalogue: product lines, their plans and the distributor.
import { asc, eq } from "drizzle-orm";
import { SiteInfoSchema, type ProductLine, type SiteInfo } from "../contract/site";
import { LINES } from "../contract/vocabulary";
import { ApiProblem } from "../http";
import type { DbOrTx } from "./client";
import { plans, productLines, settings } from "./schema";

export async function readDistributor(db: DbOrTx): Promise<SiteInfo> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, "distributor"));
  const parsed = SiteInfoSchema.safeParse(row?.value);
  // The seed always writes it; a missing or broken row is an operator error, not a client one.
  if (!parsed.success) throw new ApiProblem(500, "Faltan los datos del distribuidor");
  return parsed.data;
}

/** A product line as the catalogue holds it; its "desde" price is the rating's (api/domain/from-price.ts), added per request. */
export type CatalogueLine = Omit<ProductLine, "fromPrice" | "fromPriceBasis">;

export async function listProductLines(db: DbOrTx): Promise<CatalogueLine[]> {
  const [lines, planRows] = await Promise.all([
    db.select().from(productLines).where(eq(productLines.active, true)),
    db
      .select({ lineCode: plans.lineCode, code: plans.code, name: plans.name })
      .from(plans)
      .where(eq(plans.active, true))
      .orderBy(asc(plans.sortOrder), asc(plans.id)),
  ]);
  return lines
    .sort((a, b) => LINES.indexOf(a.code) - LINES.indexOf(b.code))
    .map((line) => ({
      code: line.code,
      name: line.name,
      description: line.description,
      plans: planRows.filter((p) => p.lineCode === line.code).map(({ code, name }) => ({ code, name })),
    }));
}
