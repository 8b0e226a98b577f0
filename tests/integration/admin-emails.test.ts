// /admin/emails over real HTTP (ADR 039): the outbox's list (filters, search, sort, CSV), one message
// (its facts, its HTML under its own policy, attachments queued by reference), resend and cancel
// with their audit, and who may do what: the auditor reads but cannot act, the comercial cannot read.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outboxEmails } from "../../api/db/schema";
import { SEED_ROLE_PERMISSIONS } from "../../api/domain/permissions";
import { enqueueEmail, pdfAttachment } from "../../api/services/mail";
import { madridDate } from "../../api/domain/calendar";
import { adminWith, auditRows, call, database, FORBIDDEN, json, seededAdminId, setUpAdminApi, superToken } from "../support/admin-api";
import { insertTestPolicy, type TestPolicy } from "../support/policies";

setUpAdminApi();

type Row = {
  id: number;
  to: string;
  template: string | null;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  policy: { id: number; number: string } | null;
  client: { id: number; name: string } | null;
  resentFromId: number | null;
};
type Page = { items: Row[]; total: number };
type Message = {
  email: Row & {
    templateLabel: string | null;
    text: string;
    hasHtml: boolean;
    messageId: string;
    cancelledAt: string | null;
    cancelledBy: string | null;
    sentAt: string | null;
    attachments: Array<{ filename: string; contentType: string; sizeBytes: number | null; pending: boolean }>;
  };
  resends: Array<{ id: number; status: string }>;
  resendable: boolean;
  cancellable: boolean;
};
const list = (query: string, token = superToken) => json<Page>("get", `/admin/emails${query}`, { token, status: 200 });
const ids = (page: Page) => page.items.map((r) => r.id).sort((a, b) => a - b);
const message = (id: number, token = superToken) => json<Message>("get", `/admin/emails/${id}`, { token, status: 200 });

let policy: TestPolicy;
let confirmation: number;
let reminder: number;
let reset: number;
let sent: number;

beforeAll(async () => {
  await database.db.delete(outboxEmails);
  policy = await insertTestPolicy(database.db, { line: "auto", startDate: madridDate(new Date()), createdAt: new Date() });
  const now = new Date();
  confirmation = await enqueueEmail(
    database.db,
    {
      template: "confirmacion-poliza",
      policyId: policy.id,
      clientId: policy.clientId,
      to: "tomadora@correo.test",
      subject: `Su póliza ${policy.number}`,
      text: "Gracias por confiar en nosotros.",
      attachments: [
        pdfAttachment("ipid.pdf", Buffer.from("%PDF-1.4 ipid")),
        { filename: "condiciones.pdf", contentType: "application/pdf", document: { kind: "conditions", policyId: policy.id } },
      ],
    },
    now,
  );
  reminder = await enqueueEmail(
    database.db,
    {
      template: "recordatorio-pago",
      policyId: policy.id,
      clientId: policy.clientId,
      to: "tomadora@correo.test",
      subject: "Recibo pendiente",
      text: "Le recordamos…",
    },
    now,
  );
  reset = await enqueueEmail(
    database.db,
    { template: "restablecer-contrasena", to: "otra.persona@correo.test", subject: "Restablecer su contraseña", text: "Enlace…" },
    now,
  );
  sent = await enqueueEmail(database.db, { template: "prueba", to: "enviado@correo.test", subject: "Ya enviado", text: "Hola." }, now);
  await database.db.update(outboxEmails).set({ status: "enviado", attempts: 2, sentAt: now, lastError: null }).where(eq(outboxEmails.id, sent));
  await database.db.update(outboxEmails).set({ attempts: 3, lastError: "451 4.3.0 Inténtelo más tarde" }).where(eq(outboxEmails.id, reminder));
});

describe("la lista de correos", () => {
  it("filtra por estado, tipo, póliza, cliente y fechas, y busca por dirección, asunto o número de póliza", async () => {
    expect(ids(await list(""))).toEqual([confirmation, reminder, reset, sent]);
    expect(ids(await list("?status=enviado"))).toEqual([sent]);
    expect(ids(await list("?template=restablecer-contrasena"))).toEqual([reset]);
    expect(ids(await list(`?policy=${policy.number}`))).toEqual([confirmation, reminder]);
    expect(ids(await list(`?client=${policy.clientId}`))).toEqual([confirmation, reminder]);
    expect(ids(await list("?q=OTRA.PERSONA"))).toEqual([reset]);
    expect(ids(await list("?q=contraseña"))).toEqual([reset]);
    expect(ids(await list(`?q=${policy.number.slice(0, -2)}`))).toEqual([confirmation, reminder]);
    const today = madridDate(new Date());
    expect((await list(`?from=${today}&to=${today}`)).total).toBe(4);
    expect((await list("?to=2020-01-01")).total).toBe(0);
  });

  it("muestra cada correo con su tipo, estado, intentos, último error, póliza y cliente, y ordena", async () => {
    const row = (await list(`?policy=${policy.number}&status=pendiente`)).items.find((r) => r.id === reminder)!;
    expect(row).toMatchObject({
      template: "recordatorio-pago",
      status: "pendiente",
      attempts: 3,
      lastError: "451 4.3.0 Inténtelo más tarde",
      policy: { id: policy.id, number: policy.number },
      client: { id: policy.clientId, name: policy.name },
    });
    const byTo = (await list("?sort=to&dir=asc")).items.map((r) => r.to);
    expect(byTo).toEqual([...byTo].sort());
    const byAttempts = (await list("?sort=attempts&dir=desc")).items.map((r) => r.attempts);
    expect(byAttempts[0]).toBe(3);
  });

  it("refusa un filtro que no es de la lista", async () => {
    const response = await call("get", "/admin/emails?status=perdido", { token: superToken });
    expect(response.status).toBe(400);
  });

  it("exporta en CSV exactamente lo filtrado", async () => {
    const response = await call("get", `/admin/emails/export?policy=${policy.number}&sort=subject&dir=asc`, { token: superToken });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Número;Para;Tipo;Asunto;Estado;Intentos;Último error;Póliza;Cliente;Creado;Enviado;Reenvío de");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("Recordatorio de pago;Recibo pendiente;Pendiente;3;451 4.3.0 Inténtelo más tarde");
    expect(lines[2]).toContain(`Confirmación de la póliza;Su póliza ${policy.number};Pendiente;0`);
  });
});

describe("un correo", () => {
  it("da su destino, tipo, texto, Message-ID y adjuntos (uno se genera al enviar)", async () => {
    const m = await message(confirmation);
    expect(m.email).toMatchObject({
      to: "tomadora@correo.test",
      templateLabel: "Confirmación de la póliza",
      hasHtml: true,
    });
    expect(m.email.text).toContain("Gracias por confiar en nosotros.");
    expect(m.email.messageId).toMatch(new RegExp(`^<outbox-${confirmation}@[^>]+>$`));
    expect(m.email.attachments).toEqual([
      { filename: "ipid.pdf", contentType: "application/pdf", sizeBytes: 13, pending: false },
      { filename: "condiciones.pdf", contentType: "application/pdf", sizeBytes: null, pending: true },
    ]);
    expect(m).toMatchObject({ resendable: false, cancellable: true, resends: [] });
  });

  it("entrega su HTML guardado con una política de seguridad propia y estricta", async () => {
    const response = await call("get", `/admin/emails/${confirmation}/html`, { token: superToken });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'unsafe-inline'");
    expect(csp).toContain("sandbox");
    expect(csp).not.toContain("script-src");
    expect(await response.text()).toContain("Gracias por confiar en nosotros.");
  });

  it("responde 404 a un correo que no existe", async () => {
    expect((await call("get", "/admin/emails/999999", { token: superToken })).status).toBe(404);
    expect((await call("get", "/admin/emails/999999/html", { token: superToken })).status).toBe(404);
  });
});

describe("reenviar y cancelar", () => {
  it("cancela un pendiente, con quién y cuándo, en la auditoría; no cancela dos veces ni uno enviado", async () => {
    const id = await enqueueEmail(database.db, { template: "prueba", to: "cancelar@correo.test", subject: "Para cancelar", text: "…" }, new Date());
    const m = await json<Message>("post", `/admin/emails/${id}/cancel`, { token: superToken, status: 200 });
    expect(m.email.status).toBe("cancelado");
    expect(m.email.cancelledBy).toBe("admin@cotiza.test");
    expect(m.email.cancelledAt).not.toBeNull();
    expect(m).toMatchObject({ cancellable: false, resendable: true });
    const [audit] = await auditRows("email.cancelled", id);
    expect(audit).toMatchObject({ actorId: String(seededAdminId), after: { status: "cancelado" } });
    const again = await call("post", `/admin/emails/${id}/cancel`, { token: superToken });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toContain("cancelado");
    expect((await call("post", `/admin/emails/${sent}/cancel`, { token: superToken })).status).toBe(409);
  });

  it("no reenvía uno pendiente: ya va de camino", async () => {
    const response = await call("post", `/admin/emails/${reset}/resend`, { token: superToken });
    expect(response.status).toBe(409);
    expect((await response.json()).error).toContain("pendiente");
    expect((await list("?template=restablecer-contrasena")).total).toBe(1);
  });

  it("reenvía uno enviado como un mensaje nuevo enlazado al original, en la auditoría", async () => {
    const copy = await json<Message>("post", `/admin/emails/${sent}/resend`, { token: superToken, status: 201 });
    expect(copy.email.id).not.toBe(sent);
    expect(copy.email).toMatchObject({ status: "pendiente", attempts: 0, resentFromId: sent, to: "enviado@correo.test", subject: "Ya enviado" });
    expect(copy.email.messageId).not.toBe((await message(sent)).email.messageId);
    expect((await message(sent)).resends.map((r) => r.id)).toEqual([copy.email.id]);
    const [audit] = await auditRows("email.resent", copy.email.id);
    expect(audit).toMatchObject({ before: { id: sent, status: "enviado" }, after: { id: copy.email.id, resentFromId: sent } });
  });
});

describe("permisos", () => {
  it("el auditor lee la bandeja pero no reenvía ni cancela", async () => {
    const { token } = await adminWith(SEED_ROLE_PERMISSIONS.auditor);
    expect((await list("", token)).total).toBeGreaterThan(0);
    expect((await message(confirmation, token)).email.id).toBe(confirmation);
    expect((await call("get", `/admin/emails/${confirmation}/html`, { token })).status).toBe(200);
    for (const path of [`/admin/emails/${sent}/resend`, `/admin/emails/${reminder}/cancel`]) {
      const response = await call("post", path, { token });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(FORBIDDEN);
    }
    expect((await message(reminder)).email.status).toBe("pendiente");
  });

  it("el comercial no ve la bandeja", async () => {
    const { token } = await adminWith(SEED_ROLE_PERMISSIONS.comercial);
    for (const path of ["/admin/emails", "/admin/emails/export", `/admin/emails/${confirmation}`, `/admin/emails/${confirmation}/html`]) {
      const response = await call("get", path, { token });
      expect(response.status, path).toBe(403);
    }
  });
});
