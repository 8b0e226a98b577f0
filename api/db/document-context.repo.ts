// The settings a policy's documents and read model need, in force on a given day (ADR 038): the
// withdrawal rules, the insurer of each line, the distributor.
import { z } from "zod";
import type { SiteInfo } from "../contract/site";
import { readInsurerInfo, readInsurersByLine, type InsurerInfo, type InsurersByLine } from "../domain/insurer";
import { distributorOf } from "./catalogue.repo";
import type { DbOrTx } from "./client";
import type { LineCode } from "./schema";
import { settingsAt, valueOn, type StoredSettingVersion, type SettingDate } from "./settings.repo";

// ─── Settings the documents need ─────────────────────────────────────────────────────

const WithdrawalSchema = z.object({
  withdrawal_days: z.number().int().min(0).max(365),
  withdrawal_lines: z.array(z.string()),
});
export type WithdrawalRules = { days: number; lines: string[] };

/** The withdrawal rules out of the settings' values. */
export function withdrawalRulesOf(values: { withdrawal_days?: unknown; withdrawal_lines?: unknown }): WithdrawalRules {
  const parsed = WithdrawalSchema.safeParse(values);
  // Without the settings nobody is told they may withdraw: the legal minimum still applies on request.
  return parsed.success ? { days: parsed.data.withdrawal_days, lines: parsed.data.withdrawal_lines } : { days: 14, lines: [] };
}

/** The withdrawal rules in force at `at`. */
export async function readWithdrawalRules(db: DbOrTx, at: SettingDate): Promise<WithdrawalRules> {
  return withdrawalRulesOf(await settingsAt(db, ["withdrawal_days", "withdrawal_lines"], at));
}

/** The withdrawal rules and insurers in force on `day` among versions read once (a list of policies, each on its own day). */
export function policyRulesOn(versions: readonly StoredSettingVersion[], day: string): { withdrawal: WithdrawalRules; insurers: InsurersByLine } {
  return {
    withdrawal: withdrawalRulesOf({
      withdrawal_days: valueOn(versions, "withdrawal_days", day),
      withdrawal_lines: valueOn(versions, "withdrawal_lines", day),
    }),
    insurers: readInsurersByLine(valueOn(versions, "insurers", day)),
  };
}

/** The insurer of each line for new policies (setting "insurers") in force on `at`'s day. */
export async function readInsurers(db: DbOrTx, at: SettingDate): Promise<InsurersByLine> {
  return readInsurersByLine((await settingsAt(db, ["insurers"], at)).insurers);
}

/** The insurer of this line's new policies on `at`'s day, or null when none is configured. */
export async function readInsurer(db: DbOrTx, line: LineCode, at: SettingDate): Promise<InsurerInfo | null> {
  return (await readInsurers(db, at))[line] ?? null;
}

/** The insurer a policy names: the copy it kept when it was sold, else (older policies) the line's current one. */
export function policyInsurer(risk: Record<string, unknown>, line: LineCode, current: InsurersByLine): InsurerInfo | null {
  return readInsurerInfo(risk.insurer) ?? current[line] ?? null;
}

export type DocumentContext = { distributor: SiteInfo; insurers: InsurersByLine; withdrawal: WithdrawalRules };

/** What a document dated `at` names: the distributor, insurers and withdrawal rules in force on its day. */
export async function readDocumentContext(db: DbOrTx, at: SettingDate): Promise<DocumentContext> {
  const values = await settingsAt(db, ["distributor", "insurers", "withdrawal_days", "withdrawal_lines"], at);
  return { distributor: distributorOf(values.distributor), insurers: readInsurersByLine(values.insurers), withdrawal: withdrawalRulesOf(values) };
}
