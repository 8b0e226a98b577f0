// The outbox worker against a tiny SMTP server started here (node:net, speaking just enough SMTP:
// 220/250/354/221): the first connection is dropped, so the message is retried after the backoff
// and then delivered; a recipient refused with 550 is kept as fallido; without SMTP_URL messages
// stay pending and the worker says so once.
import net, { type AddressInfo } from "node:net";
import { memoryDocumentStore } from "../../api/services/document-store/store";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../api/db/client";
import { outboxEmails } from "../../api/db/schema";
import { enqueueEmail, pdfAttachment, startOutboxWorker, type OutboxWorker } from "../../api/services/mail";
import { createTestDatabase } from "../support/db";
import { htmlWords, textWords } from "../support/mail-content";
import { memoryLogger } from "../support/server";
import { startSmtpServer as startRealSmtpServer } from "../support/smtp";

type SmtpServer = { url: string; connections: number; messages: Array<{ from: string; to: string[]; data: string }>; close(): Promise<void> };

/** An SMTP server that drops its first `dropFirst` connections and refuses recipients in `refuse`. */
async function startSmtpServer(opts: { dropFirst?: number; refuse?: string[] } = {}): Promise<SmtpServer> {
  const state: SmtpServer = { url: "", connections: 0, messages: [], close: async () => {} };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    state.connections += 1;
    if (state.connections <= (opts.dropFirst ?? 0)) {
      socket.destroy();
      return;
    }
    let buffer = "";
    let inData = false;
    let envelope = { from: "", to: [] as string[] };
    socket.setEncoding("utf8");
    socket.write("220 smtp.prueba ESMTP\r\n");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          state.messages.push({ ...envelope, data: buffer.slice(0, end) });
          buffer = buffer.slice(end + 5);
          inData = false;
          envelope = { from: "", to: [] };
          socket.write("250 2.0.0 Ok: queued\r\n");
          continue;
        }
        const newline = buffer.indexOf("\r\n");
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        const address = /<([^>]*)>/.exec(line)?.[1] ?? "";
        if (verb === "EHLO" || verb === "HELO") socket.write("250 smtp.prueba\r\n");
        else if (verb === "MAIL") {
          envelope.from = address;
          socket.write("250 2.1.0 Ok\r\n");
        } else if (verb === "RCPT") {
          if (opts.refuse?.includes(address)) socket.write("550 5.1.1 No such user\r\n");
          else {
            envelope.to.push(address);
            socket.write("250 2.1.5 Ok\r\n");
          }
        } else if (verb === "DATA") {
          inData = true;
          socket.write("354 End data with <CR><LF>.<CR><LF>\r\n");
        } else if (verb === "RSET" || verb === "NOOP") socket.write("250 2.0.0 Ok\r\n");
        else if (verb === "QUIT") {
          socket.write("221 2.0.0 Bye\r\n");
          socket.end();
        } else socket.write("502 5.5.2 Command not recognized\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  state.url = `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return state;
}

let database: DatabaseHandle;
const open: Array<{ close(): Promise<void> } | OutboxWorker> = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
beforeEach(async () => {
  await database.db.delete(outboxEmails);
});
afterAll(async () => {
  for (const item of open) await ("stop" in item ? item.stop() : item.close());
  await database?.close();
});

const T0 = new Date("2026-03-10T09:00:00.000Z");
const MINUTE = 60_000;

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const readEmail = async (id: number) => (await database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id)))[0]!;

describe("la bandeja de salida", () => {
  it("reintenta tras la espera cuando el servidor SMTP corta la conexión y después entrega", async () => {
    const smtp = await startSmtpServer({ dropFirst: 1 });
    open.push(smtp);
    let clock = T0;
    const id = await enqueueEmail(
      database.db,
      {
        template: "prueba",
        to: "cliente@example.com",
        subject: "Su póliza COT-2026-000001",
        text: "Hola:\nAquí tiene su póliza.",
        attachments: [pdfAttachment("poliza.pdf", Buffer.from("%PDF-1.3 prueba"))],
      },
      T0,
    );
    const logger = memoryLogger();
    const worker = startOutboxWorker({
      documents: memoryDocumentStore(),
      db: database.db,
      smtpUrl: smtp.url,
      logger,
      intervalMs: 20,
      now: () => clock,
      from: "Cotiza <hola@cotiza.es>",
    });
    open.push(worker);

    const failed = await waitFor(
      () => readEmail(id),
      (e) => e.attempts === 1,
      "the first attempt",
    );
    expect(failed.status).toBe("pendiente");
    expect(failed.lastError).toBeTruthy();
    expect(failed.nextAttemptAt.toISOString()).toBe(new Date(T0.getTime() + MINUTE).toISOString());
    expect(logger.lines.filter((l) => l.msg === "email send failed, will retry")).toHaveLength(1);

    // Not retried before its time, however often the worker looks.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await readEmail(id)).attempts).toBe(1);
    expect(smtp.connections).toBe(1);

    clock = new Date(T0.getTime() + MINUTE);
    const sent = await waitFor(
      () => readEmail(id),
      (e) => e.status === "enviado",
      "delivery",
    );
    expect(sent.attempts).toBe(2);
    // The failure before it stays shown (ADR 039): "2 intentos, último error: …".
    expect(sent.lastError).toBe(failed.lastError);
    expect(sent.sentAt?.toISOString()).toBe(clock.toISOString());
    expect(smtp.messages).toHaveLength(1);
    const message = smtp.messages[0]!;
    expect(message.to).toEqual(["cliente@example.com"]);
    expect(message.from).toBe("hola@cotiza.es");
    expect(message.data).toMatch(/^To: cliente@example\.com$/m);
    expect(message.data).toContain("COT-2026-000001");
    expect(message.data).toMatch(/Content-Type: application\/pdf; name=poliza\.pdf/);
    expect(message.data).toContain(Buffer.from("%PDF-1.3 prueba").toString("base64"));
    await worker.stop();
  });

  it("no pierde ningún correo mientras el servidor SMTP no responde y espera cada vez más", async () => {
    const down = await startSmtpServer();
    const url = down.url;
    await down.close();
    let clock = T0;
    const ids = [
      await enqueueEmail(database.db, { template: "prueba", to: "uno@example.com", subject: "Uno", text: "1" }, T0),
      await enqueueEmail(database.db, { template: "prueba", to: "dos@example.com", subject: "Dos", text: "2" }, T0),
    ];
    const worker = startOutboxWorker({
      documents: memoryDocumentStore(),
      db: database.db,
      smtpUrl: url,
      logger: memoryLogger(),
      intervalMs: 20,
      now: () => clock,
      from: "a@b.es",
    });
    open.push(worker);
    for (const [attempts, wait] of [
      [1, 1],
      [2, 2],
      [3, 4],
    ] as const) {
      for (const id of ids) {
        const row = await waitFor(
          () => readEmail(id),
          (e) => e.attempts === attempts,
          `attempt ${attempts}`,
        );
        expect(row.status).toBe("pendiente");
        expect(row.nextAttemptAt.getTime() - clock.getTime()).toBe(wait * MINUTE);
      }
      clock = new Date(clock.getTime() + wait * MINUTE);
    }
    await worker.stop();
    expect(await database.db.select().from(outboxEmails)).toHaveLength(2);
  });

  it("marca como fallido el destinatario que el servidor rechaza para siempre y envía los demás", async () => {
    const smtp = await startSmtpServer({ refuse: ["nadie@example.com"] });
    open.push(smtp);
    const refused = await enqueueEmail(database.db, { template: "prueba", to: "nadie@example.com", subject: "X", text: "x" }, T0);
    const fine = await enqueueEmail(database.db, { template: "prueba", to: "alguien@example.com", subject: "Y", text: "y" }, T0);
    const worker = startOutboxWorker({
      documents: memoryDocumentStore(),
      db: database.db,
      smtpUrl: smtp.url,
      logger: memoryLogger(),
      intervalMs: 20,
      now: () => T0,
      from: "a@b.es",
    });
    open.push(worker);
    const failed = await waitFor(
      () => readEmail(refused),
      (e) => e.attempts === 1,
      "the refusal",
    );
    expect(failed.status).toBe("fallido");
    expect(failed.lastError).toMatch(/550/);
    expect(
      (
        await waitFor(
          () => readEmail(fine),
          (e) => e.status === "enviado",
          "the other message",
        )
      ).attempts,
    ).toBe(1);
    await worker.stop();
  });

  it("sin SMTP_URL deja los correos pendientes y lo avisa una sola vez", async () => {
    const id = await enqueueEmail(database.db, { template: "prueba", to: "cliente@example.com", subject: "Pendiente", text: "x" }, T0);
    const logger = memoryLogger();
    const worker = startOutboxWorker({ documents: memoryDocumentStore(), db: database.db, logger, intervalMs: 20 });
    open.push(worker);
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(await worker.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(await readEmail(id)).toMatchObject({ status: "pendiente", attempts: 0, lastError: null });
    expect(logger.lines.filter((l) => l.level === "warn")).toHaveLength(1);
    await worker.stop();
  });

  it("cada correo lleva una parte de texto y otra HTML que dicen lo mismo, firmadas por el distribuidor", async () => {
    // A real SMTP server (smtp-server) and the message parsed as a mail client would (mailparser).
    const smtp = await startRealSmtpServer();
    open.push(smtp);
    const body = [
      "Hola, Ana <Pérez> & familia:",
      "",
      "Su póliza COT-2026-000009 está en vigor desde el 11/03/2026.",
      "- Condiciones particulares (condiciones-particulares-COT-2026-000009.pdf)",
      "",
      "Puede verla en https://seguros.example.es/mi-poliza/9 o escribirnos a hola@cotiza.es.",
    ].join("\n");
    const id = await enqueueEmail(
      database.db,
      {
        template: "prueba",
        to: "ana@example.com",
        subject: "Su póliza COT-2026-000009",
        text: body,
        attachments: [pdfAttachment("poliza.pdf", Buffer.from("%PDF-1.3 prueba"))],
      },
      T0,
    );
    const stored = await readEmail(id);
    expect(stored.html).toBeTruthy();
    expect(stored.body.startsWith(body)).toBe(true);

    const worker = startOutboxWorker({
      documents: memoryDocumentStore(),
      db: database.db,
      smtpUrl: smtp.url,
      logger: memoryLogger(),
      intervalMs: 20,
      now: () => T0,
    });
    open.push(worker);
    const mail = await smtp.waitFor("ana@example.com");
    await worker.stop();

    expect(mail.subject).toBe("Su póliza COT-2026-000009");
    expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail.html).toBeTruthy();
    expect(mail.text.trim()).toBe(stored.body);
    expect(htmlWords(mail.html!)).toEqual(textWords(mail.text));
    // The distributor's seeded name ends in "S.L.": it signs both parts, with one full stop.
    expect(mail.text).toContain(
      "Cotiza Correduría de Seguros, S.L.\nInscrita en el Registro de distribuidores de seguros de la DGSFP con la clave J-3921",
    );
    expect(mail.text).not.toContain("S.L..");
    expect(mail.html).toContain("Hola, Ana &lt;Pérez&gt; &amp; familia:");
    expect(mail.html).toContain('<a href="https://seguros.example.es/mi-poliza/9"');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([["poliza.pdf", "application/pdf"]]);
  });
});
