// Data access for one back-office client (tomador): the row, its lock, everything their page shows
// (policies, recibos, consents, e-mails, notes, history), the edit and the notes. The list is in
// client-list.repo.ts, the history in client-timeline.repo.ts, the data rights in client-data-rights.repo.ts.
import { and, count, desc, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { CLIENT_DETAIL_LIMITS, type ClientData, type ClientDetail } from "../contract/clients";
import { LINE_NAMES, type EmailStatus } from "../contract/vocabulary";
import type { PolicyForErasure } from "../domain/client-data";
import type { DbOrTx, Transaction } from "./client";
import { premiumTotalInForce } from "./endorsements.repo";
import { adminUsers, auditLog, clients, consents, notes, outboxEmails, plans, policies, quotes, recibos, users, type Client } from "./schema";
import { clientTimeline } from "./client-timeline.repo";

export const iso = (date: Date) => date.toISOString();
export const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

// ─── One client ─────────────────────────────────────────────────────────────────────────

export function clientData(row: Client): ClientData {
  return {
    id: row.id,
    name: row.name,
    nif: row.nif,
    birthDate: row.birthDate,
    email: row.email,
    phone: row.phone,
    address: row.address,
    postalCode: row.postalCode,
    city: row.city,
    stage: row.stage,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export async function findClient(db: DbOrTx, id: number): Promise<Client | null> {
  const [row] = await db.select().from(clients).where(eq(clients.id, id));
  return row ?? null;
}

/** The client locked for the rest of the transaction, so concurrent changes of it wait. */
export async function lockClient(tx: Transaction, id: number): Promise<Client | null> {
  const [row] = await tx.select().from(clients).where(eq(clients.id, id)).for("update");
  return row ?? null;
}

/** When the client's data were anonymised (their client.erased audit row), or null. */
export async function clientErasedAt(db: DbOrTx, id: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: auditLog.at })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "client"), eq(auditLog.entityId, String(id)), eq(auditLog.action, "client.erased")))
    .orderBy(desc(auditLog.at))
    .limit(1);
  return row?.at ?? null;
}

/** The client's policies as the erasure rule reads them (a cancellation without its date counts from the day it was recorded). */
export async function policiesForErasure(db: DbOrTx, clientId: number): Promise<PolicyForErasure[]> {
  return db
    .select({
      status: policies.status,
      endDate: policies.endDate,
      cancellationEffectiveDate: sql<
        string | null
      >`coalesce(${policies.cancellationEffectiveDate}, (${policies.cancelledAt} at time zone 'Europe/Madrid')::date)::text`,
    })
    .from(policies)
    .where(eq(policies.clientId, clientId));
}

export async function clientPolicies(db: DbOrTx, clientId: number) {
  return db
    .select({
      id: policies.id,
      number: policies.number,
      line: policies.lineCode,
      planCode: policies.planCode,
      planName: plans.name,
      status: policies.status,
      frequency: policies.frequency,
      startDate: policies.startDate,
      endDate: policies.endDate,
      total: premiumTotalInForce,
      risk: policies.risk,
      optionalGuarantees: policies.optionalGuarantees,
      createdAt: policies.createdAt,
      cancellationReason: policies.cancellationReason,
      cancellationEffectiveDate: policies.cancellationEffectiveDate,
    })
    .from(policies)
    .leftJoin(plans, and(eq(plans.lineCode, policies.lineCode), eq(plans.code, policies.planCode)))
    .where(eq(policies.clientId, clientId))
    .orderBy(desc(policies.startDate), desc(policies.id));
}
type ClientPolicyRow = Awaited<ReturnType<typeof clientPolicies>>[number];

export const policySummary = (p: ClientPolicyRow) => ({
  id: p.id,
  number: p.number,
  line: p.line,
  plan: { code: p.planCode, name: p.planName ?? p.planCode },
  status: p.status,
  frequency: p.frequency,
  startDate: p.startDate,
  endDate: p.endDate,
  total: p.total,
});

/** The consents of the client, and those of their account. */
export function consentsOf(client: Pick<Client, "id" | "userId">): SQL {
  return client.userId === null ? eq(consents.clientId, client.id) : or(eq(consents.clientId, client.id), eq(consents.userId, client.userId))!;
}

export async function clientConsents(db: DbOrTx, client: Client) {
  const rows = await db
    .select({
      purpose: consents.purpose,
      granted: consents.granted,
      at: consents.at,
      ip: consents.ip,
      channel: consents.channel,
      recordedBy: adminUsers.username,
    })
    .from(consents)
    .leftJoin(adminUsers, eq(adminUsers.id, consents.recordedByAdminId))
    .where(consentsOf(client))
    .orderBy(desc(consents.at), desc(consents.id));
  return rows.map((r) => ({
    ...r,
    purpose: r.purpose as ClientDetail["consents"][number]["purpose"],
    channel: r.channel as ClientDetail["consents"][number]["channel"],
    at: iso(r.at),
  }));
}

/** The addresses the client's e-mails went to: the client's own and their account's. */
export async function clientAddresses(db: DbOrTx, client: Client): Promise<string[]> {
  const addresses = new Set<string>();
  if (client.email) addresses.add(client.email.toLowerCase());
  if (client.userId !== null) {
    const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, client.userId));
    if (account) addresses.add(account.email);
  }
  return [...addresses];
}

export const emailColumns = {
  id: outboxEmails.id,
  to: outboxEmails.to,
  subject: outboxEmails.subject,
  status: outboxEmails.status,
  createdAt: outboxEmails.createdAt,
  sentAt: outboxEmails.sentAt,
};
type EmailRow = { id: number; to: string; subject: string; status: EmailStatus; createdAt: Date; sentAt: Date | null };
export const toEmail = (e: EmailRow) => ({ ...e, createdAt: iso(e.createdAt), sentAt: isoOrNull(e.sentAt) });

export const reciboColumns = {
  policyId: recibos.policyId,
  policyNumber: policies.number,
  sequence: recibos.sequence,
  dueDate: recibos.dueDate,
  amount: recibos.amountCents,
  status: recibos.status,
  paidAt: recibos.paidAt,
};

export const noteColumns = { id: notes.id, body: notes.body, authorLabel: notes.authorLabel, at: notes.at };
export const notesOf = (clientId: number) => and(eq(notes.entity, "client"), eq(notes.entityId, clientId));

/** Everything the client's page shows; null for an unknown client. */
export async function loadClientDetail(
  db: DbOrTx,
  id: number,
  erasure: (policies: PolicyForErasure[]) => ClientDetail["erasure"],
): Promise<ClientDetail | null> {
  const client = await findClient(db, id);
  if (!client) return null;
  // One query at a time: `db` may be PGlite's single connection.
  const policyRows = await clientPolicies(db, id);
  const policyIds = policyRows.map((p) => p.id);
  const account =
    client.userId === null
      ? null
      : ((await db.select({ id: users.id, email: users.email, active: users.active }).from(users).where(eq(users.id, client.userId)))[0] ?? null);

  const quoteWhere = client.userId === null ? sql`false` : eq(quotes.userId, client.userId);
  const quoteRows = await db
    .select({
      id: quotes.id,
      line: quotes.lineCode,
      status: quotes.status,
      bestPrice: quotes.bestPrice,
      createdAt: quotes.createdAt,
      validUntil: quotes.validUntil,
    })
    .from(quotes)
    .where(quoteWhere)
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(CLIENT_DETAIL_LIMITS.quotes);
  const [quoteCount] = await db.select({ n: count() }).from(quotes).where(quoteWhere);

  const reciboWhere = eq(policies.clientId, id);
  const reciboRows = await db
    .select(reciboColumns)
    .from(recibos)
    .innerJoin(policies, eq(policies.id, recibos.policyId))
    .where(reciboWhere)
    .orderBy(desc(recibos.dueDate), desc(recibos.id))
    .limit(CLIENT_DETAIL_LIMITS.recibos);
  const [reciboTotals] = await db
    .select({
      n: count(),
      pendingAmount: sql<number>`coalesce(sum(${recibos.amountCents}) filter (where ${recibos.status} in ('pendiente', 'devuelto')), 0)::int`,
      returned: sql<number>`(count(*) filter (where ${recibos.status} = 'devuelto'))::int`,
    })
    .from(recibos)
    .innerJoin(policies, eq(policies.id, recibos.policyId))
    .where(reciboWhere);

  const consentRows = await clientConsents(db, client);

  const addresses = await clientAddresses(db, client);
  const emailWhere = addresses.length ? inArray(outboxEmails.to, addresses) : sql`false`;
  const emailRows = await db
    .select(emailColumns)
    .from(outboxEmails)
    .where(emailWhere)
    .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
    .limit(CLIENT_DETAIL_LIMITS.emails);
  const [emailCount] = await db.select({ n: count() }).from(outboxEmails).where(emailWhere);

  const noteRows = await db
    .select(noteColumns)
    .from(notes)
    .where(notesOf(id))
    .orderBy(desc(notes.at), desc(notes.id))
    .limit(CLIENT_DETAIL_LIMITS.notes);
  const [noteCount] = await db.select({ n: count() }).from(notes).where(notesOf(id));

  const timeline = await clientTimeline(db, id, new Map(policyRows.map((p) => [p.id, p.number])));
  const erasedAt = await clientErasedAt(db, id);
  const forErasure = policyIds.length ? await policiesForErasure(db, id) : [];

  const lines = [...new Set(policyRows.map((p) => p.line))];
  return {
    client: clientData(client),
    account,
    erasedAt: isoOrNull(erasedAt),
    erasure: erasedAt ? { allowed: false, reason: null } : erasure(forErasure),
    policies: policyRows.map(policySummary),
    quotes: { items: quoteRows.map((q) => ({ ...q, createdAt: iso(q.createdAt), validUntil: iso(q.validUntil) })), total: quoteCount?.n ?? 0 },
    recibos: {
      items: reciboRows.map((r) => ({ ...r, paidAt: isoOrNull(r.paidAt) })),
      total: reciboTotals?.n ?? 0,
      pendingAmount: Number(reciboTotals?.pendingAmount ?? 0),
      returned: Number(reciboTotals?.returned ?? 0),
    },
    consents: consentRows,
    // The policy PDFs for staff with policies:read (the holder downloads them from /me/policies/…);
    // the IPID of each line is public.
    documents: [
      ...policyRows.map((p) => ({
        kind: "conditions" as const,
        name: `Condiciones particulares ${p.number}`,
        policyNumber: p.number,
        policyId: p.id,
        line: p.line,
        url: `/admin/policies/${p.id}/documents/conditions`,
      })),
      ...lines.map((line) => ({
        kind: "ipid" as const,
        name: `IPID: ${LINE_NAMES[line]}`,
        policyNumber: null,
        policyId: null,
        line,
        url: `/documents/ipid/${line}`,
      })),
    ],
    emails: { items: emailRows.map(toEmail), total: emailCount?.n ?? 0 },
    notes: { items: noteRows.map((n) => ({ ...n, at: iso(n.at) })), total: noteCount?.n ?? 0 },
    timeline,
  };
}

// ─── Edit ───────────────────────────────────────────────────────────────────────────────

/** Whether another client already has this NIF. */
export async function nifTakenByAnother(db: DbOrTx, nif: string, clientId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.nif, nif), ne(clients.id, clientId)))
    .limit(1);
  return Boolean(row);
}

export async function countPolicies(db: DbOrTx, clientId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(policies).where(eq(policies.clientId, clientId));
  return row?.n ?? 0;
}

export type ClientPatch = Partial<Pick<Client, "name" | "nif" | "birthDate" | "email" | "phone" | "address" | "postalCode" | "city" | "stage">>;

export async function updateClient(tx: Transaction, id: number, patch: ClientPatch, at: Date): Promise<Client> {
  const [row] = await tx
    .update(clients)
    .set({ ...patch, updatedAt: at })
    .where(eq(clients.id, id))
    .returning();
  if (!row) throw new Error(`updateClient: client ${id} vanished`);
  return row;
}

// ─── Notes ──────────────────────────────────────────────────────────────────────────────

export async function insertClientNote(tx: Transaction, note: { clientId: number; body: string; authorId: number; authorLabel: string; at: Date }) {
  const [row] = await tx
    .insert(notes)
    .values({ entity: "client", entityId: note.clientId, body: note.body, authorId: note.authorId, authorLabel: note.authorLabel, at: note.at })
    .returning(noteColumns);
  if (!row) throw new Error("insertClientNote: no row returned");
  return { ...row, at: iso(row.at) };
}
