// The business settings, versioned by effective date (ADR 038): the one module that reads and
// writes setting_versions. A reader asks for the value in force on a day (`settingAt`), hot paths
// go through CatalogueCache, which keeps the versions and picks the one in force on each call.
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import type { SettingKey, SettingsValues } from "../domain/catalogue";
import { madridDate } from "../domain/calendar";
import { LCS_RENEWAL_NOTICE_MONTHS } from "../domain/lifecycle";
import { versionInForce } from "../domain/setting-versions";
import type { DbOrTx } from "./client";
import { settingVersions } from "./schema";

export type StoredSettingVersion = {
  id: number;
  key: string;
  value: unknown;
  effectiveFrom: string;
  createdAt: Date;
  createdByLabel: string | null;
  note: string | null;
  withdrawnAt: Date | null;
  withdrawnByLabel: string | null;
};

const COLUMNS = {
  id: settingVersions.id,
  key: settingVersions.key,
  value: settingVersions.value,
  effectiveFrom: settingVersions.effectiveFrom,
  createdAt: settingVersions.createdAt,
  createdByLabel: settingVersions.createdByLabel,
  note: settingVersions.note,
  withdrawnAt: settingVersions.withdrawnAt,
  withdrawnByLabel: settingVersions.withdrawnByLabel,
};

/** The live (not withdrawn) versions of these keys, or of every key; oldest first. */
export async function readSettingVersions(db: DbOrTx, keys?: readonly string[]): Promise<StoredSettingVersion[]> {
  const live = isNull(settingVersions.withdrawnAt);
  return db
    .select(COLUMNS)
    .from(settingVersions)
    .where(keys ? and(live, inArray(settingVersions.key, [...keys])) : live)
    .orderBy(asc(settingVersions.effectiveFrom), asc(settingVersions.id));
}

/** The value of `key` in force on `day` among `versions` (any keys), or undefined when none has started. */
export function valueOn<K extends SettingKey>(versions: readonly StoredSettingVersion[], key: K, day: string): SettingsValues[K] | undefined {
  const chosen = versionInForce(
    versions.filter((v) => v.key === key),
    day,
  );
  // Values were checked by their schema when written; readers still treat them as untrusted.
  return chosen?.value as SettingsValues[K] | undefined;
}

/** An instant (its Madrid calendar day) or a day already (aaaa-mm-dd). */
export type SettingDate = Date | string;
export const settingDay = (at: SettingDate): string => (typeof at === "string" ? at : madridDate(at));

/** The value of `key` in force at `at`, or undefined when there is none. */
export async function settingAt<K extends SettingKey>(db: DbOrTx, key: K, at: SettingDate): Promise<SettingsValues[K] | undefined> {
  return valueOn(await readSettingVersions(db, [key]), key, settingDay(at));
}

/** Several keys in force at `at`, in one query. */
export async function settingsAt<K extends SettingKey>(db: DbOrTx, keys: readonly K[], at: SettingDate): Promise<Partial<Pick<SettingsValues, K>>> {
  const versions = await readSettingVersions(db, keys);
  const day = settingDay(at);
  const out: Partial<Pick<SettingsValues, K>> = {};
  for (const key of keys) {
    const value = valueOn(versions, key, day);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** Every version of a key, withdrawn ones too, the most recent first (by effective date, then id). */
export async function settingHistory(db: DbOrTx, key: string): Promise<StoredSettingVersion[]> {
  return db
    .select(COLUMNS)
    .from(settingVersions)
    .where(eq(settingVersions.key, key))
    .orderBy(desc(settingVersions.effectiveFrom), desc(settingVersions.id));
}

/** Locks the key's versions until the transaction ends: two staff changing one key go one after the other. */
export async function lockSettingKey(tx: DbOrTx, key: string): Promise<void> {
  await tx.select({ id: settingVersions.id }).from(settingVersions).where(eq(settingVersions.key, key)).for("update");
}

export type NewSettingVersionRow = {
  key: SettingKey;
  value: unknown;
  effectiveFrom: string;
  at: Date;
  adminId: number | null;
  adminLabel: string | null;
  note: string | null;
};

export async function insertSettingVersion(tx: DbOrTx, v: NewSettingVersionRow): Promise<StoredSettingVersion> {
  const [row] = await tx
    .insert(settingVersions)
    .values({
      key: v.key,
      value: v.value,
      effectiveFrom: v.effectiveFrom,
      createdAt: v.at,
      createdByAdminId: v.adminId,
      createdByLabel: v.adminLabel,
      note: v.note,
    })
    .returning(COLUMNS);
  return row!;
}

/** Marks a version withdrawn; the caller has checked that it has not started. */
export async function markSettingVersionWithdrawn(tx: DbOrTx, id: number, at: Date, label: string | null): Promise<void> {
  await tx.update(settingVersions).set({ withdrawnAt: at, withdrawnByLabel: label }).where(eq(settingVersions.id, id));
}

/** The first version of each key the installation lacks (the seed): in force since long ago. */
export async function seedMissingSettings(tx: DbOrTx, defaults: SettingsValues): Promise<number> {
  const present = new Set((await tx.selectDistinct({ key: settingVersions.key }).from(settingVersions)).map((r) => r.key));
  const missing = Object.entries(defaults).filter(([key]) => !present.has(key));
  if (missing.length === 0) return 0;
  await tx.insert(settingVersions).values(missing.map(([key, value]) => ({ key, value, effectiveFrom: SINCE_EVER, note: "Valor inicial" })));
  return missing.length;
}

/** The effective date of a key's first version (migration 0023, the seed): before any quote or policy. */
export const SINCE_EVER = "2000-01-01";

/** Months before the end of the term when the renewal is prepared and announced, in force on `at` (never under the law's two). */
export async function renewalNoticeMonthsAt(db: DbOrTx, at: SettingDate): Promise<number> {
  const months = await settingAt(db, "renewal_notice_months", at);
  return typeof months === "number" && Number.isInteger(months) ? Math.max(LCS_RENEWAL_NOTICE_MONTHS, months) : LCS_RENEWAL_NOTICE_MONTHS;
}
