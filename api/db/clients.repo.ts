// Data access for the back office's clients (tomadores): the list (ADR 010), one client with
// everything about them, the edit, notes, and the data-rights reads and writes (ADR 012).
import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import {
  CLIENT_DETAIL_LIMITS,
  clientSearchNif,
  ERASED_CLIENT_NAME,
  type ClientData,
  type ClientDataExport,
  type ClientDetail,
  type ClientExportQuery,
  type ClientListQuery,
  type ClientRow,
  type ClientSortKey,
  type ClientTimelineEntry,
} from "../contract/clients";
import { AUDIT_ACTIONS, LINE_NAMES, POLICY_EVENTS, type AuditAction, type PolicyEvent } from "../contract/vocabulary";
import type { PolicyForErasure } from "../domain/client-data";
import type { DbOrTx, Transaction } from "./client";
import { premiumTotalInForce } from "./endorsements.repo";
import { cappedCount, foldedContains, keysetBatches, keysetColumns, listPage, pageIds, thenById, type SortMap } from "./list";
import {
  adminUsers,
  auditLog,
  clients,
  consents,
  notes,
  outboxEmails,
  payments,
  pipelineLeads,
  plans,
  policies,
  policyHistory,
  quotes,
  recibos,
  users,
  type Client,
} from "./schema";

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

// ─── The list ────────────────────────────────────────────────────────────────────────────

// Policies that count as "in force" in the list: running, or suspended for an unpaid recibo. A
// correlated count per row of the page (≤ 100 rows), each an index read of policies_client_id_idx.
// Written out with an alias: Drizzle leaves the outer "clients"."id" unqualified in a one-table
// select, and inside the subquery that would read as the policy's own id.
const inForceOf = (select: string) =>
  sql.raw(`(select ${select} from policies p where p.client_id = clients.id and p.status in ('en_vigor', 'suspendida'))`);
const policiesInForce = sql<number>`${inForceOf("count(*)::int")}`;
const hasPolicyInForce = sql`exists ${inForceOf("1")}`;

const rowColumns = {
  id: clients.id,
  name: clients.name,
  nif: clients.nif,
  email: clients.email,
  phone: clients.phone,
  stage: clients.stage,
  policiesInForce,
  createdAt: clients.createdAt,
};

type RawRow = Omit<ClientRow, "createdAt"> & { createdAt: Date };
const toRow = (r: RawRow): ClientRow => ({ ...r, policiesInForce: Number(r.policiesInForce), createdAt: iso(r.createdAt) });

// clients_name_idx (name, id) and clients_created_idx (created_at, id), read either way.
const SORTS: SortMap<ClientSortKey> = {
  name: thenById(clients.id, { expr: clients.name, type: "text" }),
  createdAt: thenById(clients.id, { expr: clients.createdAt, type: "timestamptz" }),
};

function whereOf(query: ClientExportQuery): SQL | undefined {
  let search: SQL | undefined;
  if (query.q) {
    const nif = clientSearchNif(query.q);
    // A whole NIF/NIE: the unique index, exactly. Otherwise the trigram indexes of name and e-mail,
    // accents and case aside.
    search = nif ? eq(clients.nif, nif) : or(foldedContains(clients.name, query.q), foldedContains(clients.email, query.q));
  }
  return and(
    search,
    query.stage ? eq(clients.stage, query.stage) : undefined,
    query.inForce === "true" ? hasPolicyInForce : query.inForce === "false" ? sql`not ${hasPolicyInForce}` : undefined,
  );
}

/** The list's rows (with any extra columns, the export's keyset values) matching `where`. */
const clientRows = <Extra extends Record<string, SQL>>(db: DbOrTx, where: SQL | undefined, extra: Extra = {} as Extra) =>
  db
    .select({ ...rowColumns, ...extra })
    .from(clients)
    .where(where);

export async function listClients(db: DbOrTx, query: ClientListQuery) {
  const where = whereOf(query);
  return listPage(query, SORTS, {
    // The page's ids first, so "policies in force" is counted for the page's rows only (pageIds).
    rows: async (orderBy, limit, offset) =>
      (await clientRows(db, inArray(clients.id, pageIds(db, clients, clients.id, where, orderBy, limit, offset))).orderBy(...orderBy)).map(toRow),
    count: () => cappedCount(db, clients, where),
    rowsFirst: Boolean(query.q),
  });
}

/** Every client matching the list's filters, in its order, in batches (the CSV export). */
export async function* clientExportBatches(db: DbOrTx, query: ClientExportQuery): AsyncGenerator<ClientRow[]> {
  const where = whereOf(query);
  const keys = keysetColumns(SORTS, query.sort);
  const read = (after: SQL | undefined, orderBy: SQL[], limit: number) =>
    clientRows(db, and(where, after), keys)
      .orderBy(...orderBy)
      .limit(limit);
  for await (const rows of keysetBatches(SORTS, query.sort, query.dir, 500, read)) yield rows.map(toRow);
}

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

async function clientPolicies(db: DbOrTx, clientId: number) {
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

const policySummary = (p: ClientPolicyRow) => ({
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
function consentsOf(client: Pick<Client, "id" | "userId">): SQL {
  return client.userId === null ? eq(consents.clientId, client.id) : or(eq(consents.clientId, client.id), eq(consents.userId, client.userId))!;
}

async function clientConsents(db: DbOrTx, client: Client) {
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
async function clientAddresses(db: DbOrTx, client: Client): Promise<string[]> {
  const addresses = new Set<string>();
  if (client.email) addresses.add(client.email.toLowerCase());
  if (client.userId !== null) {
    const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, client.userId));
    if (account) addresses.add(account.email);
  }
  return [...addresses];
}

const emailColumns = {
  id: outboxEmails.id,
  to: outboxEmails.to,
  subject: outboxEmails.subject,
  status: outboxEmails.status,
  createdAt: outboxEmails.createdAt,
  sentAt: outboxEmails.sentAt,
};
type EmailRow = { id: number; to: string; subject: string; status: "pendiente" | "enviado" | "fallido"; createdAt: Date; sentAt: Date | null };
const toEmail = (e: EmailRow) => ({ ...e, createdAt: iso(e.createdAt), sentAt: isoOrNull(e.sentAt) });

const reciboColumns = {
  policyId: recibos.policyId,
  policyNumber: policies.number,
  sequence: recibos.sequence,
  dueDate: recibos.dueDate,
  amount: recibos.amountCents,
  status: recibos.status,
  paidAt: recibos.paidAt,
};

const noteColumns = { id: notes.id, body: notes.body, authorLabel: notes.authorLabel, at: notes.at };
const notesOf = (clientId: number) => and(eq(notes.entity, "client"), eq(notes.entityId, clientId));

function auditLabel(action: string): string {
  return Object.prototype.hasOwnProperty.call(AUDIT_ACTIONS, action) ? AUDIT_ACTIONS[action as AuditAction] : action;
}
function eventLabel(event: string): string {
  return Object.prototype.hasOwnProperty.call(POLICY_EVENTS, event) ? POLICY_EVENTS[event as PolicyEvent] : event;
}

/** The client's audit rows and their policies' history, merged newest first. */
async function clientTimeline(db: DbOrTx, clientId: number, policyNumbers: Map<number, string>): Promise<ClientTimelineEntry[]> {
  const limit = CLIENT_DETAIL_LIMITS.timeline;
  const audits = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      actorLabel: auditLog.actorLabel,
      actorId: auditLog.actorId,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "client"), eq(auditLog.entityId, String(clientId))))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  const ids = [...policyNumbers.keys()];
  const history = ids.length
    ? await db
        .select({
          id: policyHistory.id,
          policyId: policyHistory.policyId,
          at: policyHistory.at,
          event: policyHistory.event,
          summary: policyHistory.summary,
          actorLabel: policyHistory.actorLabel,
        })
        .from(policyHistory)
        .where(inArray(policyHistory.policyId, ids))
        .orderBy(desc(policyHistory.at), desc(policyHistory.id))
        .limit(limit)
    : [];
  const entries: (ClientTimelineEntry & { time: number })[] = [
    ...audits.map((a) => ({
      time: a.at.getTime(),
      at: iso(a.at),
      source: "audit" as const,
      code: a.action,
      label: auditLabel(a.action),
      summary: null,
      policyNumber: null,
      actorLabel: a.actorLabel ?? a.actorId,
      before: a.before ?? null,
      after: a.after ?? null,
    })),
    ...history.map((h) => ({
      time: h.at.getTime(),
      at: iso(h.at),
      source: "policy" as const,
      code: h.event,
      label: eventLabel(h.event),
      summary: h.summary,
      policyNumber: policyNumbers.get(h.policyId) ?? null,
      actorLabel: h.actorLabel,
    })),
  ];
  // Newest first; at the same instant the audit row (the client's own) before the policy's.
  entries.sort((a, b) => b.time - a.time || (a.source === b.source ? 0 : a.source === "audit" ? -1 : 1));
  return entries.slice(0, limit).map(({ time: _time, ...entry }) => entry);
}

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

// ─── Data rights (ADR 012) ──────────────────────────────────────────────────────────────

/** Everything held about the client, for their copy (art. 15 and 20 RGPD). Payments only by their masked label. */
export async function loadClientDataExport(db: DbOrTx, client: Client, now: Date): Promise<ClientDataExport> {
  const policyRows = await clientPolicies(db, client.id);
  const ids = policyRows.map((p) => p.id);
  const reciboRows = ids.length
    ? await db
        .select(reciboColumns)
        .from(recibos)
        .innerJoin(policies, eq(policies.id, recibos.policyId))
        .where(inArray(recibos.policyId, ids))
        .orderBy(asc(recibos.policyId), asc(recibos.sequence))
    : [];
  const paymentRows = ids.length
    ? await db
        .select({
          policyId: payments.policyId,
          method: payments.method,
          methodLabel: payments.methodLabel,
          amount: payments.amountCents,
          status: payments.status,
          createdAt: payments.createdAt,
        })
        .from(payments)
        .where(inArray(payments.policyId, ids))
        .orderBy(asc(payments.id))
    : [];
  const [account] =
    client.userId === null
      ? []
      : await db
          .select({ id: users.id, name: users.name, email: users.email, active: users.active, createdAt: users.createdAt })
          .from(users)
          .where(eq(users.id, client.userId));
  const quoteRows =
    client.userId === null
      ? []
      : await db
          .select({
            id: quotes.id,
            line: quotes.lineCode,
            status: quotes.status,
            bestPrice: quotes.bestPrice,
            createdAt: quotes.createdAt,
            validUntil: quotes.validUntil,
            inputs: quotes.inputs,
          })
          .from(quotes)
          .where(eq(quotes.userId, client.userId))
          .orderBy(desc(quotes.createdAt));
  const addresses = await clientAddresses(db, client);
  const emailRows = addresses.length
    ? await db.select(emailColumns).from(outboxEmails).where(inArray(outboxEmails.to, addresses)).orderBy(desc(outboxEmails.createdAt))
    : [];
  const noteRows = await db.select(noteColumns).from(notes).where(notesOf(client.id)).orderBy(desc(notes.at));

  return {
    exportedAt: iso(now),
    client: clientData(client),
    account: account ? { ...account, createdAt: iso(account.createdAt) } : null,
    policies: policyRows.map((p) => ({
      ...policySummary(p),
      risk: p.risk,
      optionalGuarantees: p.optionalGuarantees,
      createdAt: iso(p.createdAt),
      cancellationReason: p.cancellationReason,
      cancellationEffectiveDate: p.cancellationEffectiveDate,
      recibos: reciboRows
        .filter((r) => r.policyId === p.id)
        .map(({ sequence, dueDate, amount, status, paidAt }) => ({ sequence, dueDate, amount, status, paidAt: isoOrNull(paidAt) })),
      payments: paymentRows
        .filter((x) => x.policyId === p.id)
        .map(({ policyId: _policyId, createdAt, ...x }) => ({ ...x, createdAt: iso(createdAt) })),
    })),
    quotes: quoteRows.map((q) => ({ ...q, createdAt: iso(q.createdAt), validUntil: iso(q.validUntil) })),
    consents: await clientConsents(db, client),
    emails: emailRows.map(toEmail),
    notes: noteRows.map((n) => ({ ...n, at: iso(n.at) })),
  };
}

/** The address an anonymised account gets (unique, and a domain that can never receive mail). */
export const erasedAccountEmail = (userId: number) => `anonimizado-${userId}@cotiza.invalid`;

const ERASED_EMAIL_BODY = "[Contenido eliminado al anonimizar al cliente]";

/**
 * Anonymises the client (ADR 012): their identifying data, their account, the IPs of their
 * consents, the e-mails sent to them (kept as a record that they were sent), their leads; their
 * notes are deleted. Policies, recibos and payments stay for the legal record: they point at the
 * anonymous client, and the policies lose the account number they were charged to.
 */
export async function eraseClientData(tx: Transaction, client: Client, at: Date): Promise<{ policiesKept: number; accountDeactivated: boolean }> {
  const addresses = await clientAddresses(tx, client);
  await tx
    .update(clients)
    .set({
      name: ERASED_CLIENT_NAME,
      nif: null,
      birthDate: null,
      email: null,
      phone: null,
      address: null,
      postalCode: null,
      city: null,
      stage: "baja",
      updatedAt: at,
    })
    .where(eq(clients.id, client.id));

  let accountDeactivated = false;
  if (client.userId !== null) {
    const changed = await tx
      .update(users)
      // "!" is no password hash: nothing verifies against it.
      .set({ name: ERASED_CLIENT_NAME, email: erasedAccountEmail(client.userId), passwordHash: "!", active: false, updatedAt: at })
      .where(eq(users.id, client.userId))
      .returning({ id: users.id });
    accountDeactivated = changed.length > 0;
  }

  await tx.update(consents).set({ ip: null }).where(consentsOf(client));
  await tx.delete(notes).where(notesOf(client.id));
  if (addresses.length) {
    const anonymousTo = client.userId !== null ? erasedAccountEmail(client.userId) : `anonimizado-cliente-${client.id}@cotiza.invalid`;
    // A message still waiting is never sent now.
    await tx
      .update(outboxEmails)
      .set({ status: "fallido", lastError: "Cliente anonimizado antes del envío" })
      .where(and(inArray(outboxEmails.to, addresses), eq(outboxEmails.status, "pendiente")));
    await tx
      .update(outboxEmails)
      .set({ to: anonymousTo, body: ERASED_EMAIL_BODY, html: null, attachments: [] })
      .where(inArray(outboxEmails.to, addresses));
  }
  await tx
    .update(pipelineLeads)
    .set({ name: ERASED_CLIENT_NAME, email: null, phone: null, notes: null, updatedAt: at })
    .where(eq(pipelineLeads.clientId, client.id));
  const kept = await tx
    .update(policies)
    .set({ iban: null, paymentMandate: null, updatedAt: at })
    .where(eq(policies.clientId, client.id))
    .returning({ id: policies.id });
  return { policiesKept: kept.length, accountDeactivated };
}
