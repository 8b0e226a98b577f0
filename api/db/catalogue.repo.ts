// Data access for the public catalogue: product lines, their plans and the distributor.
import { asc, eq } from "drizzle-orm";
import { SiteInfoSchema, type ProductLine, type SiteInfo } from "../contract/site";
import { LINES } from "../contract/vocabulary";
import { ApiProblem } from "../http";
import type { DbOrTx } from "./client";
import { plans, productLines } from "./schema";
import { settingAt, type SettingDate } from "./settings.repo";
import { readTogether } from "./reads-together";

/** The distributor as stored (setting "distributor"), checked. */
export function distributorOf(value: unknown): SiteInfo {
  const parsed = SiteInfoSchema.safeParse(value);
  // The seed always writes it; a missing or broken version is an operator error, not a client one.
  if (!parsed.success) throw new ApiProblem(500, "Faltan los datos del distribuidor");
  return parsed.data;
}

/** The distributor in force on `at`'s day (ADR 038). */
export async function readDistributor(db: DbOrTx, at: SettingDate): Promise<SiteInfo> {
  return distributorOf(await settingAt(db, "distributor", at));
}

/** A product line as the catalogue holds it; its "desde" price is the rating's (api/domain/from-price.ts), added per request. */
export type CatalogueLine = Omit<ProductLine, "fromPrice" | "fromPriceBasis">;

export async function listProductLines(db: DbOrTx): Promise<CatalogueLine[]> {
  const [lines, planRows] = await readTogether(
    db,
    () => db.select().from(productLines).where(eq(productLines.active, true)),
    () =>
      db
        .select({ lineCode: plans.lineCode, code: plans.code, name: plans.name })
        .from(plans)
        .where(eq(plans.active, true))
        .orderBy(asc(plans.sortOrder), asc(plans.id)),
  );
  return lines
    .sort((a, b) => LINES.indexOf(a.code) - LINES.indexOf(b.code))
    .map((line) => ({
      code: line.code,
      name: line.name,
      description: line.description,
      plans: planRows.filter((p) => p.lineCode === line.code).map(({ code, name }) => ({ code, name })),
    }));
}
