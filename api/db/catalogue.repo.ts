// Data access for the public catalogue: product lines, their plans and the distributor.
import { asc, eq, min } from "drizzle-orm";
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

export async function listProductLines(db: DbOrTx): Promise<ProductLine[]> {
  const [lines, planRows, minima] = await Promise.all([
    db.select().from(productLines).where(eq(productLines.active, true)),
    db
      .select({ lineCode: plans.lineCode, code: plans.code, name: plans.name })
      .from(plans)
      .where(eq(plans.active, true))
      .orderBy(asc(plans.sortOrder), asc(plans.id)),
    db
      .select({ lineCode: plans.lineCode, fromPrice: min(plans.basePremiumCents) })
      .from(plans)
      .where(eq(plans.active, true))
      .groupBy(plans.lineCode),
  ]);
  return lines
    .sort((a, b) => LINES.indexOf(a.code) - LINES.indexOf(b.code))
    .map((line) => ({
      code: line.code,
      name: line.name,
      description: line.description,
      fromPrice: minima.find((m) => m.lineCode === line.code)?.fromPrice ?? null,
      plans: planRows.filter((p) => p.lineCode === line.code).map(({ code, name }) => ({ code, name })),
    }));
}
