// Issue 28: a suspension or a cancellation made by staff tells the policyholder by e-mail, in
// Spanish and "usted": what happened, from when, why, and what they can do (pay what is pending
// to lift a suspension, art. 15 LCS). Without an address nothing is queued and the policy's
// history says so. The notice goes out with a text and an HTML part that say the same.
import { and, desc, eq } from "drizzle-orm";
import { memoryDocumentStore } from "../../api/services/document-store/store";
import { afterAll, describe, expect, it } from "vitest";
import { auditLog, clients, outboxEmails, policies, policyHistory, users } from "../../api/db/schema";
import { addMonths, madridDate } from "../../api/domain/calendar";
import { extinctionDate } from "../../api/domain/lifecycle";
import { formatIsoDate, formatMoney } from "../../api/contract/format";
import { startOutboxWorker } from "../../api/services/mail";
import { call, database, setUpAdminApi, superToken } from "../support/admin-api";
import { htmlWords, textWords } from "../support/mail-content";
import { insertTestPolicy } from "../support/policies";
import { memoryLogger } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";

setUpAdminApi({ publicBaseUrl: "https://seguros.example.es" });

const today = () => madridDate(new Date());
// Informal forms a customer must never read from us (HOUSE-STYLE: "usted" in everything public);
// only forms that cannot be "usted" ("paga" is also "se paga").
const INFORMAL = /(?<!\p{L})(tú|tu|tus|te|ti|puedes|tienes|quieres|debes|pagues|llámanos|escríbenos|contáctanos|tuya|tuyo)(?!\p{L})/iu;

/** A quarterly policy started four months ago: recibo 1 paid, recibo 2 due a month ago and unpaid, 3 and 4 to come. */
async function quarterlyPolicy(name: string) {
  return insertTestPolicy(database.db, {
    startDate: addMonths(today(), -4),
    createdAt: new Date(Date.now() - 120 * 86_400_000),
    frequency: "trimestral",
    name,
  });
}

async function post(policyId: number, action: string, body: unknown) {
  const response = await call("post", `/admin/policies/${policyId}/${action}`, { token: superToken, body });
  expect(response.status, await response.clone().text()).toBe(200);
}

const mailsTo = (to: string) => database.db.select().from(outboxEmails).where(eq(outboxEmails.to, to)).orderBy(desc(outboxEmails.id));
const notices = (policyId: number) =>
  database.db
    .select()
    .from(policyHistory)
    .where(and(eq(policyHistory.policyId, policyId), eq(policyHistory.event, "aviso_cliente")));

let smtp: TestSmtpServer | undefined;
afterAll(async () => {
  await smtp?.close();
});

describe("la suspensión por el equipo avisa al tomador", () => {
  it("dice desde cuándo, por qué, qué recibo debe y que pagarlo levanta la suspensión; queda en el historial y en la auditoría", async () => {
    const policy = await quarterlyPolicy("Marta Aviso Suspensión");
    await post(policy.id, "suspend", { reason: "El recibo 2 sigue sin pagar <b>tras dos avisos</b>" });

    const [mail] = await mailsTo(policy.email);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe(`Cobertura suspendida: su póliza ${policy.number}`);
    const recibo2 = policy.recibos[1]!;
    const text = mail!.body;
    expect(text).toContain("Hola, Marta Aviso Suspensión:");
    expect(text).toMatch(
      new RegExp(
        `la cobertura de su seguro de hogar \\(póliza ${policy.number}, plan [^)]+\\) está suspendida desde el ${formatIsoDate(today()).replaceAll("/", "\\/")} a las \\d\\d:\\d\\d h\\.`,
      ),
    );
    expect(text).toContain("Mientras siga suspendida, la póliza no cubre los siniestros que ocurran.");
    expect(text).toContain("Motivo: El recibo 2 sigue sin pagar <b>tras dos avisos</b>.");
    expect(text).toContain(`- Recibo n.º 2, vencido el ${formatIsoDate(recibo2.dueDate)}: ${formatMoney(12_000)}`);
    // Recibos not yet due are not what lifts the suspension.
    expect(text).not.toContain("Recibo n.º 3");
    expect(text).toContain("Para levantar la suspensión, pague lo pendiente: llámenos al +34 910 123 456 o escríbanos a hola@cotiza.es");
    expect(text).toContain("la cobertura se reanuda 24 horas después del pago (art. 15 de la Ley de Contrato de Seguro)");
    expect(text).toContain(
      `Si el recibo n.º 2 sigue sin pagarse el ${formatIsoDate(extinctionDate(recibo2.dueDate))}, seis meses después de su vencimiento, el contrato quedará extinguido.`,
    );
    expect(text).toContain("Para quejas y reclamaciones: atencion.cliente@cotiza.es.");
    expect(text).not.toMatch(INFORMAL);
    // Without an account there is no Mi póliza to point to.
    expect(text).not.toContain("/mi-poliza");
    // The reason is the staff's text: escaped in the HTML part.
    expect(mail!.html).toContain("Motivo: El recibo 2 sigue sin pagar &lt;b&gt;tras dos avisos&lt;/b&gt;.");
    expect(htmlWords(mail!.html!)).toEqual(textWords(text));

    const [entry] = await notices(policy.id);
    expect(entry).toMatchObject({
      summary: "Aviso de la suspensión enviado al tomador por correo electrónico",
      actorType: "admin",
      details: { notice: "suspension", emailId: mail!.id },
    });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "email.queued"), eq(auditLog.entityId, String(mail!.id))));
    expect(audit[0]?.after).toEqual({ to: policy.email, kind: "suspension_notice", policyId: policy.id });
  });

  it("sin recibos pendientes, dice cómo pedir la rehabilitación", async () => {
    const policy = await insertTestPolicy(database.db, { startDate: today(), createdAt: new Date(), name: "Pablo Aviso Anual" });
    await post(policy.id, "suspend", { reason: "Falta la documentación de la vivienda" });
    const [mail] = await mailsTo(policy.email);
    expect(mail!.body).toContain("Motivo: Falta la documentación de la vivienda.");
    expect(mail!.body).not.toContain("Tiene pendiente de pago");
    expect(mail!.body).toContain(
      "Para que la póliza vuelva a estar en vigor, o si necesita aclarar el motivo, escríbanos a hola@cotiza.es o llámenos al +34 910 123 456.",
    );
  });

  it("un tomador sin correo no recibe nada y el historial lo dice", async () => {
    const policy = await quarterlyPolicy("Jesús Sin Correo");
    await database.db.update(clients).set({ email: null }).where(eq(clients.id, policy.clientId));
    const before = (await database.db.select({ id: outboxEmails.id }).from(outboxEmails)).length;
    await post(policy.id, "suspend", { reason: "Impago del recibo 2" });
    expect((await database.db.select({ id: outboxEmails.id }).from(outboxEmails)).length).toBe(before);
    const [entry] = await notices(policy.id);
    expect(entry).toMatchObject({
      summary: "Sin aviso de la suspensión por correo: el tomador no tiene dirección de correo electrónico",
      details: { notice: "suspension", emailId: null },
    });

    const answer = (await (await call("get", `/admin/policies/${policy.id}`, { token: superToken })).json()) as {
      history: Array<{ event: string; summary: string }>;
    };
    expect(answer.history.find((h) => h.event === "aviso_cliente")?.summary).toMatch(/^Sin aviso de la suspensión por correo/);
  });

  it("sale por SMTP con una parte de texto y otra HTML que dicen lo mismo", async () => {
    smtp = await startSmtpServer();
    const policy = await quarterlyPolicy("Lola Aviso Por SMTP");
    await post(policy.id, "suspend", { reason: "Recibo 2 impagado" });
    const worker = startOutboxWorker({
      documents: memoryDocumentStore(),
      db: database.db,
      smtpUrl: smtp.url,
      logger: memoryLogger(),
      intervalMs: 20,
    });
    try {
      const received = await smtp.waitFor(policy.email);
      expect(received.subject).toBe(`Cobertura suspendida: su póliza ${policy.number}`);
      expect(received.text).toContain("Motivo: Recibo 2 impagado.");
      expect(received.html).toBeTruthy();
      expect(htmlWords(received.html!)).toEqual(textWords(received.text));
    } finally {
      await worker.stop();
    }
  });
});

describe("la anulación por el equipo avisa al tomador", () => {
  it("dice con qué efecto, por qué en palabras del cliente, qué recibos ya no se cobran, y no envía la nota interna", async () => {
    const policy = await quarterlyPolicy("Rosa Aviso Anulación");
    await post(policy.id, "cancel", { reason: "peticion_cliente", effectiveDate: today(), note: "Llamó enfadada; ofrecer descuento" });
    const [mail] = await mailsTo(policy.email);
    expect(mail!.subject).toBe(`Anulación de su póliza ${policy.number}`);
    const text = mail!.body;
    expect(text).toContain(`hemos anulado su seguro de hogar (póliza ${policy.number}`);
    expect(text).toContain(`con efecto el ${formatIsoDate(today())}: desde ese día la póliza no cubre los siniestros que ocurran.`);
    expect(text).toContain("Motivo: nos lo ha pedido usted.");
    expect(text).toContain("Sus recibos pendientes quedan anulados y no se le cobrarán:");
    for (const r of policy.recibos.slice(1)) expect(text).toContain(`- Recibo n.º ${r.sequence}, `);
    expect(text).toContain("Si no la ha pedido usted, escríbanos cuanto antes.");
    expect(text).not.toContain("descuento");
    expect(text).not.toMatch(INFORMAL);
    expect(htmlWords(mail!.html!)).toEqual(textWords(text));
    const [entry] = await notices(policy.id);
    expect(entry?.summary).toBe("Aviso de la anulación enviado al tomador por correo electrónico");
  });

  it("por impago, ofrece volver a asegurarse; al tomador con cuenta y sin correo propio le escribe a la cuenta, con el enlace a Mi póliza", async () => {
    const policy = await quarterlyPolicy("Andrés Aviso Impago");
    const [account] = await database.db
      .insert(users)
      .values({ name: "Andrés Aviso Impago", email: `andres-${Date.now().toString(36)}@example.com`, passwordHash: "!" })
      .returning({ id: users.id, email: users.email });
    await database.db.update(policies).set({ userId: account!.id }).where(eq(policies.id, policy.id));
    await database.db.update(clients).set({ email: null, userId: account!.id }).where(eq(clients.id, policy.clientId));

    await post(policy.id, "cancel", { reason: "impago", effectiveDate: today() });
    const [mail] = await mailsTo(account!.email);
    expect(mail).toBeDefined();
    expect(mail!.body).toContain("Motivo: la prima no se ha pagado.");
    expect(mail!.body).toContain(
      "Si desea volver a asegurarse, puede calcular el precio y contratar un seguro nuevo cuando quiera: https://seguros.example.es/cotizar",
    );
    expect(mail!.body).toContain(`Sus documentos siguen disponibles en Mi póliza: https://seguros.example.es/mi-poliza/${policy.id}`);
    expect(mail!.html).toContain(`<a href="https://seguros.example.es/mi-poliza/${policy.id}"`);
  });
});
