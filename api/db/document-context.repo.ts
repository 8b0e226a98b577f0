// The settings a policy's documents and read model need: the withdrawal rules, the insurer of each
// line, the distributor.
import { inArray } from "drizzle-orm";
import { z } from "zod";
import type { SiteInfo } from "../contract/site";
import { readInsurerInfo, readInsurersByLine, type InsurerInfo, type InsurersByLine } from "../domain/insurer";
import { readDistributor } from "./catalogue.repo";
import type { DbOrTx } from "./client";
import { settings, type LineCode } from "./schema";

// ─── Settings the documents need ─────────────────────────────────────────────────────

const WithdrawalSchema = z.object({
  withdrawal_days: z.number().int().min(0).max(365),
  withdrawal_lines: z.array(z.string()),
});
export type WithdrawalRules = { days: number; lines: string[] };

export async function readWithdrawalRules(db: DbOrTx): Promise<WithdrawalRules> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, ["withdrawal_days", "withdrawal_lines"]));
  const parsed = WithdrawalSchema.safeParse(Object.fromEntries(rows.map((r) => [r.key, r.value])));
  // Without the settings nobody is told they may withdraw: the legal minimum still applies on request.
  return parsed.success ? { days: parsed.data.withdrawal_days, lines: parsed.data.withdrawal_lines } : { days: 14, lines: [] };
}

/**
 * The insurer of each line for new policies (setting "insurers"); a line without one falls back
 * to the single "insurer" setting of earlier releases, if any.
 */
export async function readInsurers(db: DbOrTx): Promise<InsurersByLine> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, ["insurers", "insurer"]));
  const byLine = readInsurersByLine(rows.find((r) => r.key === "insurers")?.value);
  const legacy = readInsurerInfo(rows.find((r) => r.key === "insurer")?.value);
  if (!legacy) return byLine;
  return { auto: legacy, hogar: legacy, alquiler: legacy, ...byLine };
}

/** The insurer of this line's new policies, or null when none is configured. */
export async function readInsurer(db: DbOrTx, line: LineCode): Promise<InsurerInfo | null> {
  return (await readInsurers(db))[line] ?? null;
}

/** The insurer a policy names: the copy it kept when it was sold, else (older policies) the line's current one. */
export function policyInsurer(risk: Record<string, unknown>, line: LineCode, current: InsurersByLine): InsurerInfo | null {
  return readInsurerInfo(risk.insurer) ?? current[line] ?? null;
}

export type DocumentContext = { distributor: SiteInfo; insurers: InsurersByLine; withdrawal: WithdrawalRules };

export async function readDocumentContext(db: DbOrTx): Promise<DocumentContext> {
  // One after the other: `db` may be a transaction, whose one connection runs one query at a time.
  const distributor = await readDistributor(db);
  const insurers = await readInsurers(db);
  const withdrawal = await readWithdrawalRules(db);
  return { distributor, insurers, withdrawal };
}
