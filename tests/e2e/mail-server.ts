// Playwright's global setup: a real SMTP server (tests/support/smtp.ts) that the e2e server sends
// its e-mails to (SMTP_URL in playwright.config.ts). Each message is written to MAIL_DIR as it
// arrives, so the specs, in other processes, read what a customer would receive (readMailTo).
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import { startSmtpServer } from "../support/smtp";

export const MAIL_DIR = path.resolve(".cache/e2e-mail");
export const E2E_SMTP_PORT = Number(process.env.E2E_PORT ?? 3100) + 1;
/** Mail to this domain is refused for now (451) every time: it stays pendiente in the outbox (admin-email.spec.ts). */
export const DEFERRED_DOMAIN = "aplazado.test";

export default async function startMailServer() {
  await rm(MAIL_DIR, { recursive: true, force: true });
  await mkdir(MAIL_DIR, { recursive: true });
  let count = 0;
  const smtp = await startSmtpServer({
    port: E2E_SMTP_PORT,
    onMessage: (mail) => {
      if (mail.to.some((to) => to.endsWith(`@${DEFERRED_DOMAIN}`)))
        throw Object.assign(new Error("4.3.0 Mailbox temporarily unavailable"), { responseCode: 451 });
      return writeFile(path.join(MAIL_DIR, `${Date.now()}-${++count}.eml`), mail.raw);
    },
  });
  return () => smtp.close();
}

/**
 * The newest message to `address` (with a subject that matches `subject`, when given: a staff
 * member also gets their account's e-mail), waiting for it up to `timeoutMs`.
 */
export async function readMailTo(address: string, timeoutMs = 20_000, subject?: RegExp): Promise<{ subject: string; text: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (await readdir(MAIL_DIR)).sort().reverse();
    for (const file of files) {
      const mail = await simpleParser(await readFile(path.join(MAIL_DIR, file)));
      const to = [mail.to].flat().flatMap((a) => a?.value.map((v) => v.address?.toLowerCase()) ?? []);
      if (to.includes(address.toLowerCase()) && (!subject || subject.test(mail.subject ?? "")))
        return { subject: mail.subject ?? "", text: mail.text ?? "" };
    }
    if (Date.now() > deadline) throw new Error(`No e-mail to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
