// The client's data rights (ADR 012): the copy of everything held about them (art. 15 and 20 RGPD)
// and the erasure that anonymises what the law lets go.
import { eq, inArray, asc, desc, and } from "drizzle-orm";
import { type ClientDataExport, ERASED_CLIENT_NAME } from "../contract/clients";
import type { DbOrTx, Transaction } from "./client";
import {
  clientPolicies,
  reciboColumns,
  clientAddresses,
  emailColumns,
  noteColumns,
  notesOf,
  iso,
  clientData,
  policySummary,
  isoOrNull,
  clientConsents,
  toEmail,
  consentsOf,
} from "./clients.repo";
import { type Client, recibos, policies, payments, users, quotes, outboxEmails, notes, clients, consents, pipelineLeads } from "./schema";

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
