// The outbox: e-mails are queued in the business transaction (enqueueEmail) and a worker sends
// them through SMTP (nodemailer) when SMTP_URL is set. A failed send is retried with exponential
// backoff (attempts, next_attempt_at, last_error); a message stays `pendiente` until delivered, so
// nothing is lost while the SMTP server is down. Only a permanent refusal of the recipient by the
// server marks it `fallido` (kept, with the reason). Without SMTP_URL messages wait, pending.
//
// Several instances may run the worker against one PostgreSQL database: a batch is claimed with
// FOR UPDATE SKIP LOCKED by pushing its next_attempt_at forward (a lease), so an instance that
// dies mid-send leaves the message to be retried when the lease ends. Every write after the send
// checks the status (a message cancelled meanwhile stays cancelado), a graceful stop hands back
// the batch's unsent messages at once, and each message keeps one Message-ID across attempts, so
// the one duplicate a kill between the server's acceptance and our write can cause is recognisable
// (ADR 039).
import nodemailer, { type Transporter } from "nodemailer";
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { systemClock, type Clock } from "../../platform/clock";
import type { Logger } from "../../platform/logger";
import { readDistributor } from "../db/catalogue.repo";
import type { EmailTemplateKey } from "../contract/vocabulary";
import type { Database, DbOrTx } from "../db/client";
import { outboxEmails, type EmailAttachment, type OutboxAttachment } from "../db/schema";
import { settingAt, type SettingDate } from "../db/settings.repo";
import { completeAttachments, isPending } from "./attachments";
import type { DocumentStore } from "./document-store/store";
import { layoutEmail } from "./email-layout";
import { renderTemplate, type RenderedEmail, type TemplateValues } from "./email-render";
import { templateInForce } from "./email-templates";

export type OutgoingEmail = OutgoingEmailBase &
  (
    | {
        /** The template's placeholders (ADR 040); the subject and both parts are rendered from the version in force. */
        values: TemplateValues;
      }
    | {
        /** A message written in code, not from a template (tests; a future one-off): laid out as it is. */
        subject: string;
        /** The body, in plain text without a signature: paragraphs between blank lines, "- " list items (email-layout.ts). */
        text: string;
      }
  );

/** An e-mail rendered from its template (what the product's senders build). */
export type TemplateEmail = OutgoingEmailBase & { values: TemplateValues };

export type OutgoingEmailBase = {
  /** Which of the product's e-mails this is (the outbox list shows and filters by it). */
  template: EmailTemplateKey;
  /** The policy or client it is about, when there is one (links and filters in /admin/email). */
  policyId?: number | null;
  clientId?: number | null;
  to: string;
  /** Rendered files, or documents to render after the commit (pendingPdf, ADR 017). */
  attachments?: OutboxAttachment[];
};

/**
 * Queues an e-mail; pass the transaction of the write it belongs to, so both commit or neither.
 * Every message is rendered here from its template in force (ADR 040) and laid out with the
 * distributor's signature (ADR 022), stored and sent as a plain text part and an HTML part.
 */
export async function enqueueEmail(tx: DbOrTx, email: OutgoingEmail, now: Date): Promise<number> {
  const signature = await readDistributor(tx, now);
  const rendered =
    "values" in email
      ? renderTemplate(await templateInForce(tx, email.template), email.values, signature)
      : { subject: email.subject, ...layoutEmail(email.subject, email.text, signature) };
  return enqueueRendered(tx, { ...email, ...rendered }, now);
}

/** Queues a message already rendered (the test send of a template, ADR 040). */
export async function enqueueRendered(tx: DbOrTx, email: OutgoingEmailBase & RenderedEmail, now: Date): Promise<number> {
  const { subject, text, html } = email;
  const [row] = await tx
    .insert(outboxEmails)
    .values({
      to: email.to,
      subject,
      body: text,
      html,
      attachments: email.attachments ?? [],
      template: email.template,
      policyId: email.policyId ?? null,
      clientId: email.clientId ?? null,
      status: "pendiente",
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning({ id: outboxEmails.id });
  return row!.id;
}

/**
 * Where a policy's e-mails go, when they go out at all: the policyholder's address (else the
 * account's), or null when no SMTP server is configured (they would wait in the outbox) — so that
 * no page says "le hemos enviado un correo" that is not on its way.
 */
export function emailDestination(mailDelivery: boolean, policyholderEmail: string | null | undefined, accountEmail: string): string | null {
  return mailDelivery ? (policyholderEmail ?? accountEmail) : null;
}

/** A PDF buffer as an outbox attachment. */
export function pdfAttachment(filename: string, content: Buffer): EmailAttachment {
  return { filename, contentType: "application/pdf", contentBase64: content.toString("base64") };
}

// ─── Backoff ────────────────────────────────────────────────────────────────────────────

export type BackoffPolicy = { baseMs: number; maxMs: number };
/** 1 min, 2, 4, 8 … doubling up to 6 h between attempts. */
export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 60_000, maxMs: 6 * 60 * 60 * 1000 };

/** The backoff of the setting email_retry in force at `at` (ADR 038); the default when it is missing or broken. */
export async function readBackoff(db: DbOrTx, at: Date): Promise<BackoffPolicy> {
  const retry = await settingAt(db, "email_retry", at);
  const ok = (n: unknown): n is number => typeof n === "number" && Number.isInteger(n) && n > 0;
  if (!retry || !ok(retry.baseSeconds) || !ok(retry.maxSeconds)) return DEFAULT_BACKOFF;
  return { baseMs: retry.baseSeconds * 1000, maxMs: Math.max(retry.baseSeconds, retry.maxSeconds) * 1000 };
}

/** The wait after the `attempts`-th failed attempt (1-based): base × 2^(attempts−1), at most max. */
export function backoffDelayMs(attempts: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  if (!Number.isInteger(attempts) || attempts < 1) throw new RangeError(`attempts must be a positive integer, got ${attempts}`);
  // 2^31 is far beyond any max: cap the exponent so the arithmetic stays finite.
  return Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(attempts - 1, 31));
}

/** A refusal that retrying will not fix: the server rejected the recipient or the message (5xx). */
export function isPermanentFailure(error: unknown): boolean {
  const e = error as { code?: string; responseCode?: number } | null;
  return (
    !!e && (e.code === "EENVELOPE" || e.code === "EMESSAGE") && typeof e.responseCode === "number" && e.responseCode >= 500 && e.responseCode < 600
  );
}

/** The Message-ID of outbox message `id`, the same on every attempt: `<outbox-12@cotiza.es>` (the sender's domain). */
export function outboxMessageId(id: number, senderAddress: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(senderAddress)?.[1]?.toLowerCase() ?? "localhost";
  return `<outbox-${id}@${domain}>`;
}

function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 500);
}

// ─── Worker ─────────────────────────────────────────────────────────────────────────────

export type OutboxWorkerOptions = {
  db: Database;
  /** smtp:// or smtps:// URL; without it messages stay pending. */
  smtpUrl?: string;
  logger: Logger;
  /** Time between polls of the outbox; default 5 s. */
  intervalMs?: number;
  now?: Clock;
  /** Overrides the setting email_retry (tests); without it each pass reads the setting. */
  backoff?: BackoffPolicy;
  batchSize?: number;
  /** Sender; default the distributor's name and e-mail (setting "distributor"). */
  from?: string;
  /** How long a claimed message is left to one sender before another may retry it; default 5 min. */
  leaseMs?: number;
  /** Where queued attachments are issued (ADR 036): the same store as the API's. */
  documents: DocumentStore;
};

export type OutboxRun = { sent: number; failed: number };

export type OutboxWorker = {
  /** One pass: sends what is due now. The timer calls it; tests may call it directly. */
  runOnce(): Promise<OutboxRun>;
  /** Stops polling, waits for the pass in progress and closes the SMTP connection. */
  stop(): Promise<void>;
};

export function startOutboxWorker(opts: OutboxWorkerOptions): OutboxWorker {
  const { db, logger } = opts;
  const now = opts.now ?? systemClock;
  const intervalMs = opts.intervalMs ?? 5_000;
  const batchSize = opts.batchSize ?? 10;
  const leaseMs = opts.leaseMs ?? 5 * 60 * 1000;

  if (!opts.smtpUrl) {
    logger.warn("SMTP_URL no definida: los correos quedan pendientes en la bandeja de salida hasta que se configure");
    return { runOnce: async () => ({ sent: 0, failed: 0 }), stop: async () => {} };
  }

  const transporter: Transporter = nodemailer.createTransport({
    url: opts.smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);

  // The sender is the distributor in force at each pass (ADR 038: a new address starts on its
  // day without a restart); the Message-ID's domain is the one in force when the message was
  // queued, so that every attempt of one message, whenever it runs, carries the same Message-ID.
  async function from(at: SettingDate): Promise<string> {
    if (opts.from) return opts.from;
    const d = await readDistributor(db, at);
    return `"${d.distributorName.replace(/"/g, "")}" <${d.email}>`;
  }

  /** Claims up to batchSize due messages by moving their next attempt past the lease. */
  async function claim(at: Date) {
    const due = db
      .select({ id: outboxEmails.id })
      .from(outboxEmails)
      .where(and(eq(outboxEmails.status, "pendiente"), lte(outboxEmails.nextAttemptAt, at)))
      .orderBy(asc(outboxEmails.nextAttemptAt), asc(outboxEmails.id))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    return db
      .update(outboxEmails)
      .set({ nextAttemptAt: new Date(at.getTime() + leaseMs) })
      .where(and(inArray(outboxEmails.id, due), eq(outboxEmails.status, "pendiente")))
      .returning();
  }

  let stopped = false;
  const pendingNow = eq(outboxEmails.status, "pendiente");
  /** The status now: a message cancelled after the claim is not sent (and its row not touched). */
  async function stillPending(id: number): Promise<boolean> {
    const [row] = await db.select({ status: outboxEmails.status }).from(outboxEmails).where(eq(outboxEmails.id, id));
    return row?.status === "pendiente";
  }

  async function runOnce(): Promise<OutboxRun> {
    const result: OutboxRun = { sent: 0, failed: 0 };
    const batch = await claim(now());
    if (batch.length === 0) return result;
    const backoff = opts.backoff ?? (await readBackoff(db, now()));
    const sentFrom = await from(now());
    for (const [index, email] of batch.entries()) {
      if (stopped) {
        // A graceful stop: the batch's unsent messages are due again now, for another instance.
        const rest = batch.slice(index).map((e) => e.id);
        await db
          .update(outboxEmails)
          .set({ nextAttemptAt: now() })
          .where(and(inArray(outboxEmails.id, rest), pendingNow));
        break;
      }
      if (!(await stillPending(email.id))) continue;
      const attempts = email.attempts + 1;
      try {
        // Attachments queued by reference are rendered now if the service that queued them did not (ADR 017).
        const attachments = email.attachments.some(isPending)
          ? await completeAttachments({ db, documents: opts.documents, now }, email.id)
          : (email.attachments as EmailAttachment[]);
        await transporter.sendMail({
          messageId: outboxMessageId(email.id, await from(email.createdAt)),
          from: sentFrom,
          to: email.to,
          subject: email.subject,
          text: email.body,
          ...(email.html ? { html: email.html } : {}),
          attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.contentBase64, encoding: "base64" })),
        });
        const sentAt = now();
        const [marked] = await db
          .update(outboxEmails)
          .set({ status: "enviado", attempts, sentAt })
          .where(and(eq(outboxEmails.id, email.id), pendingNow))
          .returning({ id: outboxEmails.id });
        // Cancelled while the server was taking it: it stays cancelado, with the time it went out.
        if (!marked) await db.update(outboxEmails).set({ attempts, sentAt }).where(eq(outboxEmails.id, email.id));
        result.sent += 1;
        logger.info("email sent", { id: email.id, attempts });
      } catch (error) {
        const permanent = isPermanentFailure(error);
        const failedAt = now();
        await db
          .update(outboxEmails)
          .set({
            status: permanent ? "fallido" : "pendiente",
            attempts,
            lastError: errorText(error),
            nextAttemptAt: new Date(failedAt.getTime() + backoffDelayMs(attempts, backoff)),
          })
          .where(and(eq(outboxEmails.id, email.id), pendingNow));
        result.failed += 1;
        logger.warn(permanent ? "email refused permanently" : "email send failed, will retry", {
          id: email.id,
          attempts,
          error: errorText(error),
        });
      }
    }
    return result;
  }

  let timer: NodeJS.Timeout | undefined;
  // Passes run one after the other in this process, whether the timer or a caller starts them.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = (): Promise<OutboxRun> => {
    const pass = queue.then(runOnce);
    queue = pass.catch(() => {});
    return pass;
  };

  const tick = () => {
    serial()
      .catch((error: unknown) => logger.error("outbox pass failed", { error: errorText(error) }))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, 0);

  return {
    runOnce: serial,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await queue;
      transporter.close();
    },
  };
}
