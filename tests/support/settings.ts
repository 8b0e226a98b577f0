// Tests that play an operator editing a business setting in place (ADR 038): every live version of
// the key takes the value (a seeded installation has one, version 1). The API's own way, a new
// dated version, is tested in tests/integration/admin-settings.test.ts.
import { and, desc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../api/db/client";
import { settingVersions } from "../../api/db/schema";

export async function overwriteSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await db
    .update(settingVersions)
    .set({ value })
    .where(and(eq(settingVersions.key, key), isNull(settingVersions.withdrawnAt)));
}

/** The value of the key's latest live version. */
export async function storedSetting(db: DbOrTx, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: settingVersions.value })
    .from(settingVersions)
    .where(and(eq(settingVersions.key, key), isNull(settingVersions.withdrawnAt)))
    .orderBy(desc(settingVersions.effectiveFrom), desc(settingVersions.id))
    .limit(1);
  return row?.value;
}
