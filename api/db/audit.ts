// Writing the audit log. Rows are append-only: nothing in the API updates or deletes them.
// Call writeAudit with the transaction of the write it records, so both commit or neither does.
import { clientIp, type RequestContext } from "../request";
import type { AdminPrincipal } from "../principal";
import type { DbOrTx } from "./client";
import type { AuditAction } from "../contract/vocabulary";
import { auditLog, type ActorType } from "./schema";

export type AuditWrite = {
  actorType: ActorType;
  actorId?: string | number | null;
  actorLabel?: string | null;
  action: AuditAction;
  entity: string;
  entityId?: string | number | null;
  ip?: string | null;
  before?: unknown;
  after?: unknown;
  /** When it happened; the database clock when omitted. Pass the API's clock (deps.now()) when at hand. */
  at?: Date;
};

// Keys whose values must never reach the log, whatever the caller passes in before/after.
const SECRET_KEYS = new Set(["password", "passwordhash", "password_hash", "currentpassword", "newpassword", "token", "secret"]);

/** A JSON-safe copy without secret-looking keys (password hashes, passwords, tokens). */
export function redactSecrets(value: unknown): unknown {
  if (value === undefined) return undefined;
  if (value === null || typeof value !== "object") return value;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item) ?? null);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (SECRET_KEYS.has(key.toLowerCase())) continue;
    const copy = redactSecrets(item);
    if (copy !== undefined) out[key] = copy;
  }
  return out;
}

const asText = (value: string | number | null | undefined) => (value === null || value === undefined ? null : String(value));

/** The audit_log row of an entry, secrets removed: what writeAudit inserts. */
export function auditRow(entry: AuditWrite) {
  const before = redactSecrets(entry.before);
  const after = redactSecrets(entry.after);
  return {
    actorType: entry.actorType,
    actorId: asText(entry.actorId),
    actorLabel: entry.actorLabel ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: asText(entry.entityId),
    ip: entry.ip ?? null,
    before: before === undefined ? null : before,
    after: after === undefined ? null : after,
    ...(entry.at ? { at: entry.at } : {}),
  };
}

export async function writeAudit(db: DbOrTx, entry: AuditWrite): Promise<void> {
  await db.insert(auditLog).values(auditRow(entry));
}

/** The signed-in admin of this request as the actor of an audit row (needs requireAdmin first). */
export function adminActor(c: RequestContext & { var: { admin?: AdminPrincipal } }): Pick<AuditWrite, "actorType" | "actorId" | "actorLabel" | "ip"> {
  const admin = c.var.admin;
  if (!admin) throw new Error("adminActor: no admin on this request (is requireAdmin on the route?)");
  return { actorType: "admin", actorId: admin.id, actorLabel: admin.email, ip: clientIp(c) };
}
