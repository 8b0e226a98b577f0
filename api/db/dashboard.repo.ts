// The back-office dashboard's live counts.
import { count, eq } from "drizzle-orm";
import type { Dashboard } from "../contract/dashboard";
import type { DbOrTx } from "./client";
import { adminUsers, clients, policies, quotes } from "./schema";

export async function dashboardCounts(db: DbOrTx): Promise<Dashboard> {
  const [[q], [p], [c], [a]] = await Promise.all([
    db.select({ n: count() }).from(quotes),
    db.select({ n: count() }).from(policies),
    db.select({ n: count() }).from(clients),
    db.select({ n: count() }).from(adminUsers).where(eq(adminUsers.active, true)),
  ]);
  return { quotes: q?.n ?? 0, policies: p?.n ?? 0, clients: c?.n ?? 0, adminUsers: a?.n ?? 0 };
}
