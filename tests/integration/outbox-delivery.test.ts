// Delivery exactly once (ADR 039), counted at the real SMTP test server (tests/support/smtp.ts) by
// each message's stable Message-ID: two instances (two workers, each with its own pool on
// PostgreSQL) send each message once; a graceful stop mid-queue, while the server holds the message
// being sent, loses and duplicates nothing; a 4xx refusal is retried after the backoff and ends
// enviado; a message cancelled before or during its send is never sent (nor marked enviado).
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type DatabaseHandle } from "../../api/db/client";
import { cancelPendingEmail } from "../../api/db/admin-emails.repo";
import { adminUsers, outboxEmails } from "../../api/db/schema";
import { memoryDocumentStore } from "../../api/services/document-store/store";
import { enqueueEmail, startOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from "../../api/services/mail";
import { createTestDatabase, databaseUrlFor } from "../support/db";
import { memoryLogger } from "../support/server";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../support/smtp";

const databaseUrl = process.env.DATABASE_URL;
let database: DatabaseHandle;
/** The second instance's database: its own pool on PostgreSQL; the same PGlite otherwise (one process, one file). */
let second: DatabaseHandle;
const closeLater: Array<() => Promise<void>> = [];
/** This test's workers, stopped after it (so none of them sends the next test's messages). */
let running: OutboxWorker[] = [];
/** Who cancels in these tests: the seeded superadmin. */
let admin: { id: number; label: string };

beforeAll(async () => {
  database = await createTestDatabase();
  if (databaseUrl) {
    const [row] = await queryRows<{ name: string }>(database.db, sql`select current_database() as name`);
    second = await openDatabase({ databaseUrl: databaseUrlFor(databaseUrl, row!.name) });
    closeLater.push(() => second.close());
  } else second = database;
  const [row] = await database.db.select({ id: adminUsers.id, email: adminUsers.email }).from(adminUsers).limit(1);
  admin = { id: row!.id, label: row!.email };
});
afterEach(async () => {
  for (const w of running) await w.stop();
  running = [];
});
beforeEach(async () => {
  await database.db.delete(outboxEmails);
});
afterAll(async () => {
  for (const close of closeLater.reverse()) await close();
  await database?.close();
});

const documents = memoryDocumentStore();
function worker(db: DatabaseHandle, smtp: TestSmtpServer, opts: Partial<OutboxWorkerOptions> = {}): OutboxWorker {
  const w = startOutboxWorker({ db: db.db, smtpUrl: smtp.url, logger: memoryLogger(), documents, intervalMs: 25, batchSize: 4, ...opts });
  running.push(w);
  return w;
}
async function smtpServer(opts: Parameters<typeof startSmtpServer>[0] = {}) {
  const smtp = await startSmtpServer(opts);
  closeLater.push(() => smtp.close());
  return smtp;
}

const messageIdOf = (mail: ReceivedMail) => /^message-id:\s*(<[^>]+>)/im.exec(mail.raw)?.[1] ?? null;

async function queue(n: number, prefix: string, at = new Date()): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(await enqueueEmail(database.db, { template: "prueba", to: `${prefix}-${i}@correo.test`, subject: `Mensaje ${i}`, text: "Hola." }, at));
  }
  return ids;
}

async function until(done: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
const statuses = async () => (await database.db.select({ id: outboxEmails.id, status: outboxEmails.status }).from(outboxEmails)).map((r) => r.status);
const allSent = async () => (await statuses()).every((s) => s === "enviado");

/** Each accepted message's Message-ID, once per acceptance: duplicates show as repeated ids. */
function acceptedIds(accepted: ReceivedMail[]): string[] {
  return accepted.map((m) => messageIdOf(m)!).sort();
}

describe("entrega exactamente una vez", () => {
  it("dos instancias sobre la misma base de datos envían cada mensaje una sola vez", async () => {
    const accepted: ReceivedMail[] = [];
    const smtp = await smtpServer({ onMessage: (mail) => void accepted.push(mail) });
    const ids = await queue(24, "dos");
    worker(database, smtp);
    worker(second, smtp);
    await until(allSent, "every message sent");
    // Let a late pass of either instance show itself, if it were to send anything again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(acceptedIds(accepted)).toEqual(ids.map((id) => `<outbox-${id}@cotiza.es>`).sort());
    const rows = await database.db.select({ attempts: outboxEmails.attempts }).from(outboxEmails);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });

  it("una parada a mitad de la cola no pierde ni duplica nada: la otra instancia sigue", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = true;
    const accepted: ReceivedMail[] = [];
    // The first message is held by the server until released: the worker is stopped mid-send.
    const smtp = await smtpServer({
      onMessage: async (mail) => {
        if (holding) {
          holding = false;
          await held;
        }
        accepted.push(mail);
      },
    });
    const ids = await queue(10, "reinicio");
    const first = worker(database, smtp, { intervalMs: 60_000 });
    await until(() => smtp.messages.length === 1, "the first message at the server");
    const stopping = first.stop();
    // A new instance starts while the old one waits for the server; its claim skips the old batch (leased).
    worker(second, smtp);
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await stopping;
    // The rest of the stopped instance's batch was handed back at once, not after its 5-minute lease.
    await until(allSent, "every message sent after the restart", 10_000);
    expect(acceptedIds(accepted)).toEqual(ids.map((id) => `<outbox-${id}@cotiza.es>`).sort());
  });

  it("un rechazo temporal (4xx) se reintenta tras la espera y acaba enviado, con sus intentos y el último error", async () => {
    const T0 = new Date("2026-03-10T09:00:00.000Z");
    let clock = T0;
    let refusals = 1;
    const smtp = await smtpServer({
      onMessage: () => {
        if (refusals-- > 0) throw Object.assign(new Error("4.3.0 Inténtelo más tarde"), { responseCode: 451 });
      },
    });
    const [id] = await queue(1, "reintento", T0);
    const w = worker(database, smtp, { intervalMs: 60_000, now: () => clock });
    await w.runOnce();
    const read = async () => (await database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id!)))[0]!;
    const failed = await read();
    expect(failed).toMatchObject({ status: "pendiente", attempts: 1 });
    expect(failed.lastError).toMatch(/451/);
    expect(failed.nextAttemptAt.toISOString()).toBe("2026-03-10T09:01:00.000Z");

    clock = new Date(T0.getTime() + 30_000);
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0 });

    clock = new Date(T0.getTime() + 60_000);
    expect(await w.runOnce()).toEqual({ sent: 1, failed: 0 });
    const sent = await read();
    expect(sent).toMatchObject({ status: "enviado", attempts: 2 });
    expect(sent.lastError).toMatch(/451/);
    // Both attempts carried the same Message-ID: a receiver can tell a repeat from a new message.
    expect(smtp.messages.map(messageIdOf)).toEqual([`<outbox-${id}@cotiza.es>`, `<outbox-${id}@cotiza.es>`]);
  });
});

describe("un correo cancelado nunca se envía", () => {
  it("ni si se cancela antes de su pasada, ni si se cancela después de reclamado", async () => {
    // Queued in this order: the pass claims `other` and `afterClaim` (not `before`), and sends `other` first.
    const [before, other, afterClaim] = await queue(3, "cancelado");
    await cancelPendingEmail(database.db, before!, admin, new Date());
    // Cancelled once the pass has claimed the batch, before its turn: the worker skips it.
    let cancelDuringPass = true;
    const held = await smtpServer({
      onMessage: async () => {
        if (cancelDuringPass) {
          cancelDuringPass = false;
          await cancelPendingEmail(database.db, afterClaim!, admin, new Date());
        }
      },
    });
    const w = worker(database, held, { intervalMs: 60_000 });
    await w.runOnce();
    await until(async () => (await statuses()).filter((s) => s === "pendiente").length === 0, "the pass");
    const rows = await database.db.select().from(outboxEmails);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(before!)).toMatchObject({ status: "cancelado", attempts: 0, sentAt: null });
    expect(byId.get(afterClaim!)).toMatchObject({ status: "cancelado", attempts: 0, sentAt: null });
    expect(byId.get(other!)).toMatchObject({ status: "enviado" });
    expect(held.messages.map(messageIdOf)).toEqual([`<outbox-${other}@cotiza.es>`]);
  });

  it("cancelado mientras el servidor lo recibe: sigue cancelado, con la hora a la que salió, y no se reintenta", async () => {
    const [id] = await queue(1, "carrera");
    const smtp = await smtpServer({
      onMessage: async () => {
        await cancelPendingEmail(database.db, id!, admin, new Date());
      },
    });
    const w = worker(database, smtp, { intervalMs: 60_000 });
    await w.runOnce();
    const [row] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id!));
    expect(row).toMatchObject({ status: "cancelado", attempts: 1 });
    expect(row!.sentAt).not.toBeNull();
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages).toHaveLength(1);
  });
});
