// A real SMTP server for tests (smtp-server, from the Nodemailer project) whose messages are
// parsed with mailparser: e-mail tests see what a mail client would, not a mock transport.
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  to: string[];
  subject: string;
  text: string;
  /** The HTML part, or null for a message without one. */
  html: string | null;
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
  raw: string;
};

export type TestSmtpServer = {
  url: string;
  messages: ReceivedMail[];
  /** The first message to `address` that arrives within `timeoutMs`. */
  waitFor(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

/**
 * Starts an SMTP server on 127.0.0.1 (`port` 0: any free one). `onMessage` sees each message
 * after parsing (the e2e mail server writes them to files).
 */
export async function startSmtpServer(
  opts: { port?: number; onMessage?: (mail: ReceivedMail) => void | Promise<void> } = {},
): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw)
          .then(async (parsed: ParsedMail) => {
            const mail = {
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : null,
              attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? "", contentType: a.contentType, content: a.content })),
              raw,
            };
            messages.push(mail);
            await opts.onMessage?.(mail);
            for (const wake of waiters) wake();
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(address, timeoutMs = 15_000) {
      const wanted = address.toLowerCase();
      const found = () => messages.find((m) => m.to.includes(wanted));
      return new Promise((resolve, reject) => {
        const hit = found();
        if (hit) return resolve(hit);
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No e-mail to ${address} within ${timeoutMs} ms`));
        }, timeoutMs);
        const check = () => {
          const mail = found();
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        };
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) link of a message's text. */
export function firstLink(mail: ReceivedMail): URL {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`No link in "${mail.subject}"`);
  return new URL(match[0]);
}
