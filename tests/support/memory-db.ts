// A migrated and seeded in-memory database, for code outside Vitest (tests/support/db.ts clones a
// template that Vitest's global setup provides through `inject`, which Playwright does not have).
import { newPglite, openDatabase, type DatabaseHandle } from "../../api/db/client";
import { seedDatabase } from "../../api/db/seed";

/** The superadmin the seeded database starts with (the same as Vitest's and the e2e server's). */
export const MEMORY_DB_ADMIN = { email: "admin@cotiza.test", password: "Admin-Cotiza-2026!" };

/** A fresh PGlite in memory, migrated and seeded; `close()` frees it. */
export async function createMemoryDatabase(): Promise<DatabaseHandle> {
  const handle = await openDatabase({ pglite: newPglite() });
  try {
    await seedDatabase(handle.db, { adminEmail: MEMORY_DB_ADMIN.email, adminPassword: MEMORY_DB_ADMIN.password, log: () => {} });
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
