// Reads of the audit log: the filtered, paginated list and the rows of the CSV export.
// Nothing here (or anywhere in the API) updates or deletes an audit row.
import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { AuditEntry, AuditFilter } from "../contract/admin";
import { likeContains } from "./admin-users.repo";
import type { DbOrTx } from "./client";
import { auditLog, type AuditLogEntry } from "./schema";

/** Days of the filter are calendar days in Spain, whatever the server's time zone. */
export const AUDIT_TIME_ZONE = "Europe/Madrid";

function whereOf(filter: AuditFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.actor) {
    const pattern = likeContains(filter.actor);
    conditions.push(or(ilike(auditLog.actorLabel, pattern), ilike(auditLog.actorId, pattern)));
  }
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
  // Midnight of the day in Madrid, as an instant: `timestamp at time zone` reads it as local time.
  if (filter.from) conditions.push(sql`${auditLog.at} >= (${filter.from}::date)::timestamp at time zone ${AUDIT_TIME_ZONE}`);
  if (filter.to) conditions.push(sql`${auditLog.at} < ((${filter.to}::date + 1)::timestamp at time zone ${AUDIT_TIME_ZONE})`);
  return and(...conditions);
}

function toEntry(row: AuditLogEntry): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorType: row.actorType,
    actorId: row.actorId,
    actorLabel: row.actorLabel,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    ip: row.ip,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

/** Newest first; the id breaks ties between rows written in the same instant. */
export async function listAudit(
  db: DbOrTx,
  filter: AuditFilter,
  page: { page: number; pageSize: number },
): Promise<{ items: AuditEntry[]; total: number }> {
  const where = whereOf(filter);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { items: rows.map(toEntry), total: totalRow?.total ?? 0 };
}

/** The newest `limit` rows matching the filter, for the CSV export, and how many match in all. */
export async function auditRowsForExport(
  db: DbOrTx,
  filter: AuditFilter,
  limit: number,
): Promise<{ rows: AuditEntry[]; total: number }> {
  const where = whereOf(filter);
  const [rows, [totalRow]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows: rows.map(toEntry), total: totalRow?.total ?? 0 };
}
