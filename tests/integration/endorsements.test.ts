// Suplementos over real HTTP: a customer adds guarantees to a policy in force, priced
// pro rata for the days left, paid by card now or as a SEPA recibo; one transaction, idempotent;
// another customer's policy is a 404, a guarantee that cannot be added a 409 that says why; the
// conditions keep every version downloadable; the e-mail is queued. Where the premium and
// the recibos stand after suplementos is in endorsements-premium.test.ts.
import { and, eq, like } from "drizzle-orm";
import { memoryDocumentStore } from "../../api/services/document-store/store";
import { describe, expect, it } from "vitest";
import { DatabaseGatewayBooks } from "../../api/db/gateway-books.repo";
import { findUserPolicy } from "../../api/db/policies.repo";
import {
  auditLog,
  chargeAttempts,
  endorsements,
  gatewayCharges,
  guarantees,
  outboxEmails,
  payments,
  policyHistory,
  recibos,
  users,
  type EmailAttachment,
} from "../../api/db/schema";
import { sweepChargeAttempts } from "../../api/services/charge-attempts";
import { createEndorsement } from "../../api/services/endorsements";
import { reconcile } from "../../api/services/reconciliation";
import type { ChargeRequest, ChargeResult } from "../../api/services/payments";
import { runLifecycleDay } from "../../api/services/daily-run";
import { TestGateway } from "../../api/services/payments";
import { pdfText } from "../support/pdf-text";
import { memoryLogger } from "../support/server";
import { call, database, download, GOOD_CARD, NOT_FOUND_POLICY, type Policy } from "../support/checkout";
import {
  buyHogar,
  endorse,
  type Endorsement,
  hogar,
  options,
  type Options,
  owner,
  sepa,
  setUpEndorsements,
  signIn,
  stranger,
} from "../support/endorsements";

setUpEndorsements();

/** The process dies right after the provider took the money: neither its answer nor the write is recorded. */
class DyingGateway extends TestGateway {
  override async charge(request: ChargeRequest): Promise<ChargeResult> {
    await super.charge(request);
    throw new Error("proceso terminado");
  }
}

describe("garantías que se pueden añadir", () => {
  it("lista las opcionales del plan que aún no tiene, con su precio por los días que quedan desde mañana", async () => {
    const answer = await options(await signIn(owner), hogar.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const body = answer.body as unknown as Options;
    expect(body.possible).toBe(true);
    expect(body.effectiveDates).toEqual({ earliest: "2026-04-26", latest: "2027-03-10", chosen: "2026-04-26" });
    expect(body.days).toEqual({ remaining: 319, total: 365 });
    expect(body.options.map((o) => o.code)).toEqual([
      "hogar_defensa_juridica",
      "hogar_robo",
      "hogar_rotura_cristales",
      "hogar_danos_electricos",
      "hogar_asistencia",
    ]);
    const legal = body.options.find((o) => o.code === "hogar_defensa_juridica")!;
    expect(legal.yearlyCents).toBe(1_800);
    expect(legal.price.net).toBe(Math.round((1_800 * 319) / 365));
    expect(legal.price.fractionation).toBe(Math.round((legal.price.net * 500) / 10_000));
    expect(legal.price.total).toBe(legal.price.net + legal.price.fractionation + legal.price.consorcio + legal.price.clea + legal.price.ips);
    // Robo is 15 % of the policy's risk premium (its net, with no optional guarantee in it).
    const theft = body.options.find((o) => o.code === "hogar_robo")!;
    expect(theft.yearlyCents).toBe(Math.round((hogar.premium.net * 1_500) / 10_000));
    expect(body.payWith).toEqual(["card"]);
    expect(((await options(await signIn(owner), sepa.id)).body as unknown as Options).payWith).toEqual(["card", "mandate"]);
  });

  it("una fecha de efecto fuera de la anualidad: 400 con el motivo", async () => {
    const token = await signIn(owner);
    const early = await options(token, hogar.id, "?effectiveDate=2026-04-25");
    expect(early.status).toBe(400);
    expect(early.body.error).toBe("La fecha de efecto debe ser el 26/04/2026 o posterior: la cobertura nunca empieza el mismo día");
    const late = await endorse(token, hogar.id, { guarantees: ["hogar_asistencia"], effectiveDate: "2027-03-11" });
    expect(late.status).toBe(400);
    expect(late.body.fieldErrors).toEqual({
      effectiveDate: ["La fecha de efecto debe ser anterior al vencimiento de la póliza: el 10/03/2027 como tarde"],
    });
  });

  it("la póliza de otra persona da 404, como la que no existe", async () => {
    const token = await signIn(stranger);
    for (const id of [hogar.id, 999_999]) {
      expect(await options(token, id)).toEqual({ status: 404, body: NOT_FOUND_POLICY });
      expect(await endorse(token, id, { guarantees: ["hogar_asistencia"] })).toEqual({ status: 404, body: NOT_FOUND_POLICY });
    }
    expect((await call("GET", `/me/policies/${hogar.id}/guarantee-options`)).status).toBe(401);
  });

  it("una garantía ya incluida, que el plan no ofrece o inactiva: 409 con el motivo, y nada se cobra", async () => {
    const token = await signIn(owner);
    const included = await endorse(token, hogar.id, { guarantees: ["hogar_incendio_explosion"] });
    expect(included.status).toBe(409);
    expect(included.body.error).toBe("«Incendio y explosión» ya está incluida en su plan Básico");
    const notOffered = await endorse(token, hogar.id, { guarantees: ["hogar_joyas_objetos_valor"] });
    expect(notOffered.status).toBe(409);
    expect(notOffered.body.error).toMatch(/^«Joyas y objetos de valor» no se puede añadir al plan Básico$/);
    const otherLine = await endorse(token, hogar.id, { guarantees: ["auto_lunas"] });
    expect(otherLine.status).toBe(409);
    await database.db.update(guarantees).set({ active: false }).where(eq(guarantees.code, "hogar_danos_electricos"));
    try {
      const inactive = await endorse(token, hogar.id, { guarantees: ["hogar_danos_electricos"] });
      expect(inactive.status).toBe(409);
      expect(inactive.body.error).toBe("«Daños eléctricos» ya no se comercializa: no se puede añadir");
      const listed = (await options(token, hogar.id)).body as unknown as Options;
      expect(listed.options.map((o) => o.code)).not.toContain("hogar_danos_electricos");
    } finally {
      await database.db.update(guarantees).set({ active: true }).where(eq(guarantees.code, "hogar_danos_electricos"));
    }
    expect(await database.db.select().from(endorsements)).toEqual([]);
    expect(await database.db.select().from(payments).where(eq(payments.policyId, hogar.id))).toHaveLength(1);
  });
});

describe("añadir garantías (suplemento)", () => {
  let first: Endorsement;

  it("diez envíos idénticos a la vez hacen un suplemento y un cobro", async () => {
    const token = await signIn(owner);
    const body = {
      guarantees: ["hogar_asistencia", "hogar_defensa_juridica"],
      effectiveDate: "2026-05-01",
      ipid: true,
      payment: GOOD_CARD,
      idempotencyKey: crypto.randomUUID(),
    };
    const priced = (
      (await options(token, hogar.id, "?effectiveDate=2026-05-01&guarantees=hogar_asistencia,hogar_defensa_juridica")).body as unknown as Options
    ).selection!;
    const answers = await Promise.all(Array.from({ length: 10 }, () => call("POST", `/me/policies/${hogar.id}/endorsements`, { token, body })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(answers.map((a) => (a.body as unknown as Endorsement).id));
    expect(ids.size).toBe(1);
    first = answers.find((a) => a.status === 201)!.body as unknown as Endorsement;

    expect(first).toMatchObject({
      policyId: hogar.id,
      version: 2,
      effectiveDate: "2026-05-01",
      remainingDays: 314,
      termDays: 365,
      payment: { method: "card", label: "•••• 4242" },
    });
    expect(first.guarantees.map((g) => g.code)).toEqual(["hogar_defensa_juridica", "hogar_asistencia"]);
    expect(first.price).toEqual(priced.price);
    expect(first.price.total).toBe(first.price.net + first.price.fractionation + first.price.consorcio + first.price.clea + first.price.ips);
    expect(first.recibo).toMatchObject({ sequence: 5, amount: first.price.total, status: "cobrado" });

    const rows = await database.db.select().from(endorsements).where(eq(endorsements.policyId, hogar.id));
    expect(rows).toHaveLength(1);
    const suplementos = await database.db
      .select()
      .from(recibos)
      .where(and(eq(recibos.policyId, hogar.id), eq(recibos.kind, "suplemento")));
    expect(suplementos).toHaveLength(1);
    const charges = await database.db.select().from(payments).where(eq(payments.reciboId, suplementos[0]!.id));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ amountCents: first.price.total, status: "aceptado" });
    // One charge attempt (ADR 027) and one charge at the gateway, under the attempt's key.
    const attempts = await database.db
      .select()
      .from(chargeAttempts)
      .where(eq(chargeAttempts.subject, `suplemento-${body.idempotencyKey}`));
    expect(attempts.map((a) => [a.providerKey, a.status, a.reciboId, a.providerRef])).toEqual([
      [`suplemento-${body.idempotencyKey}-1`, "registrado", suplementos[0]!.id, charges[0]!.providerRef],
    ]);
    const taken = await database.db
      .select()
      .from(gatewayCharges)
      .where(like(gatewayCharges.idempotencyKey, `suplemento-${body.idempotencyKey}%`));
    expect(taken.map((c) => [c.kind, c.status, c.providerRef])).toEqual([["charge", "captured", charges[0]!.providerRef]]);
  });

  it("la póliza muestra las garantías añadidas, el suplemento, su recibo, las dos versiones, historial y auditoría", async () => {
    const token = await signIn(owner);
    const mine = (await call("GET", `/me/policies/${hogar.id}`, { token })).body as unknown as Omit<Policy, "guarantees" | "recibos"> & {
      guarantees: Array<{ code: string; since: string | null }>;
      endorsements: Array<{ id: number; version: number; total: number; reciboSequence: number }>;
      conditionsVersions: Array<{ version: number; since: string; current: boolean; url: string }>;
      recibos: Array<{ sequence: number; kind: string }>;
      addableGuarantees: number;
    };
    expect(mine.guarantees.filter((g) => g.since).map((g) => [g.code, g.since])).toEqual([
      ["hogar_defensa_juridica", "2026-05-01"],
      ["hogar_asistencia", "2026-05-01"],
    ]);
    expect(mine.endorsements).toEqual([expect.objectContaining({ id: first.id, version: 2, total: first.price.total, reciboSequence: 5 })]);
    expect(mine.conditionsVersions).toEqual([
      { version: 1, since: "2026-03-11", current: false, url: `/me/policies/${hogar.id}/documents/conditions?version=1` },
      { version: 2, since: "2026-05-01", current: true, url: `/me/policies/${hogar.id}/documents/conditions?version=2` },
    ]);
    expect(mine.recibos.at(-1)).toMatchObject({ sequence: 5, kind: "suplemento" });
    expect(mine.addableGuarantees).toBe(3);

    const [entry] = await database.db
      .select()
      .from(policyHistory)
      .where(and(eq(policyHistory.policyId, hogar.id), eq(policyHistory.event, "suplemento")));
    expect(entry).toMatchObject({ actorType: "user", actorLabel: owner.email });
    expect(entry!.summary).toContain("Suplemento (condiciones versión 2): Defensa jurídica, Asistencia en el hogar desde el 01/05/2026");
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "policy.endorsed"), eq(auditLog.entityId, String(hogar.id))));
    expect(audit).toHaveLength(1);

    const again = await endorse(token, hogar.id, { guarantees: ["hogar_asistencia"] });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("Ya tiene contratada «Asistencia en el hogar» en esta póliza");
  });

  it("la versión anterior de las condiciones sigue descargable; la nueva dice el suplemento; el recibo del suplemento también", async () => {
    const token = await signIn(owner);
    const v1 = await download(`/me/policies/${hogar.id}/documents/conditions?version=1`, { token });
    expect(v1.status).toBe(200);
    expect(v1.headers.get("content-disposition")).toBe(`attachment; filename="condiciones-particulares-${hogar.number}.pdf"`);
    const old = pdfText(v1.bytes);
    expect(old).toContain("Versión 1");
    expect(old).not.toContain("Asistencia en el hogar");

    const v2 = await download(first.conditionsUrl, { token });
    expect(v2.status).toBe(200);
    expect(v2.headers.get("content-disposition")).toBe(`attachment; filename="condiciones-particulares-${hogar.number}-v2.pdf"`);
    const current = pdfText(v2.bytes);
    expect(current).toContain("Versión 2");
    expect(current).toContain("Asistencia en el hogar");
    expect(current).toContain("Suplementos");
    expect(current).toContain("01/05/2026");
    // Without ?version=, the one in force.
    expect(pdfText((await download(`/me/policies/${hogar.id}/documents/conditions`, { token })).bytes)).toContain("Versión 2");
    expect((await download(`/me/policies/${hogar.id}/documents/conditions?version=3`, { token })).status).toBe(404);
    expect((await download(`/me/policies/${hogar.id}/documents/conditions?version=1`, { token: await signIn(stranger) })).status).toBe(404);

    const recibo = await download(first.recibo.documentUrl, { token });
    expect(recibo.status).toBe(200);
    const text = pdfText(recibo.bytes);
    expect(text).toContain("Suplemento: condiciones particulares versión 2");
    expect(text).toContain("Del 01/05/2026 al 10/03/2027");
  });

  it("el correo de confirmación queda en la cola con la nueva versión de las condiciones y el recibo adjuntos", async () => {
    const mails = await database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.subject, `Suplemento de su póliza ${hogar.number}: garantías añadidas`));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toBe(owner.email);
    expect(mail.body).toContain("desde el 01/05/2026 a las 00:00 h");
    expect(mail.body).toContain(`https://seguros.example.es/mi-poliza/${hogar.id}`);
    const conditions = `condiciones-particulares-${hogar.number}-v2.pdf`;
    const recibo = `recibo-${hogar.number}-${first.recibo.sequence}.pdf`;
    expect(mail.body).toContain(`- Condiciones particulares, versión 2 (${conditions})`);
    expect(mail.body).toContain(`- Recibo n.º ${first.recibo.sequence} (${recibo})`);
    expect(mail.html).toContain(conditions);
    // Rendered right after the commit (ADR 017), as the checkout's are: the files, not references.
    const attachments = mail.attachments as EmailAttachment[];
    expect(attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [conditions, "application/pdf"],
      [recibo, "application/pdf"],
    ]);
    const [conditionsText, reciboText] = attachments.map((a) => pdfText(Buffer.from(a.contentBase64, "base64")));
    expect(conditionsText).toContain("Versión 2");
    expect(conditionsText).toContain("Asistencia en el hogar");
    expect(reciboText).toContain("Suplemento: condiciones particulares versión 2");
  });

  it("GET /me/endorsements/{id}: el suyo sí, el de otra persona 404", async () => {
    const mine = await call("GET", `/me/endorsements/${first.id}`, { token: await signIn(owner) });
    expect(mine.status).toBe(200);
    expect((mine.body as unknown as Endorsement).id).toBe(first.id);
    const other = await call("GET", `/me/endorsements/${first.id}`, { token: await signIn(stranger) });
    expect(other).toEqual({ status: 404, body: { error: "Suplemento no encontrado" } });
  });

  it("una póliza domiciliada puede dejar el suplemento como recibo SEPA: pendiente, sin cobro ahora", async () => {
    const token = await signIn(owner);
    const answer = await endorse(token, sepa.id, { guarantees: ["hogar_robo"], payment: { method: "mandate" } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const e = answer.body as unknown as Endorsement;
    expect(e.recibo).toMatchObject({ sequence: 2, status: "pendiente", amount: e.price.total });
    expect(e.payment.method).toBe("mandate");
    // No payment at all: the sale did not charge recibo 1 either (ADR 033).
    expect(await database.db.select().from(payments).where(eq(payments.policyId, sepa.id))).toEqual([]);
    // On its due date (the effective date, tomorrow) the daily run does not charge it through the
    // gateway: a SEPA recibo waits for the next remittance (ADR 029), still pendiente, no payment.
    const summary = await runLifecycleDay(
      { db: database.db, payments: new TestGateway(), logger: memoryLogger() },
      "2026-04-26",
      () => new Date("2026-04-26T08:00:00.000Z"),
    );
    expect(summary.errores).toBe(0);
    const [waiting] = await database.db
      .select()
      .from(recibos)
      .where(and(eq(recibos.policyId, sepa.id), eq(recibos.kind, "suplemento")));
    expect(waiting).toMatchObject({ status: "pendiente", amountCents: e.price.total });
    expect(await database.db.select().from(payments).where(eq(payments.reciboId, waiting!.id))).toEqual([]);
    // A card policy has no mandate to charge a suplemento through.
    const card = await endorse(token, hogar.id, { guarantees: ["hogar_robo"], payment: { method: "mandate" } });
    expect(card.status).toBe(409);
    expect(card.body.error).toBe("Su póliza no se paga por domiciliación bancaria: pague el suplemento con tarjeta");
  });

  it("una tarjeta rechazada: 402 y no se crea nada", async () => {
    const token = await signIn(owner);
    const before = await database.db.select().from(endorsements);
    const declined = await endorse(token, hogar.id, { guarantees: ["hogar_robo"], payment: { ...GOOD_CARD, cardNumber: "4000 0000 0000 0002" } });
    expect(declined.status).toBe(402);
    expect(await database.db.select().from(endorsements)).toHaveLength(before.length);
  });

  it("un cobro de suplemento cuya escritura nunca se confirmó (el proceso murió tras cobrar) lo devuelve el barrido; el reintento cobra con otro intento", async () => {
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, owner.email));
    const view = (await findUserPolicy(database.db, user!.id, hogar.id))!;
    const at = new Date("2026-04-25T08:00:00.000Z");
    const gateway = new DyingGateway({ now: () => at, books: new DatabaseGatewayBooks(database.db) });
    const idempotencyKey = crypto.randomUUID();
    const body = { guarantees: ["hogar_robo"], ipid: true as const, payment: { ...GOOD_CARD, method: "card" as const }, idempotencyKey };
    const actor = { actorType: "user" as const, actorId: user!.id, actorLabel: owner.email, ip: null };
    const killed = createEndorsement(
      { db: database.db, payments: gateway, logger: memoryLogger(), documents: memoryDocumentStore() },
      { view, body, actor, channel: "web", now: at },
    );
    await expect(killed).rejects.toThrow("proceso terminado");

    // The money was taken and nothing written: the attempt (recorded before the charge) says so.
    const key = `suplemento-${idempotencyKey}-1`;
    const [attempt] = await database.db.select().from(chargeAttempts).where(eq(chargeAttempts.providerKey, key));
    expect(attempt).toMatchObject({ purpose: "suplemento", status: "iniciado", policyId: hogar.id });
    const [taken] = await database.db.select().from(gatewayCharges).where(eq(gatewayCharges.idempotencyKey, key));
    expect(taken).toMatchObject({ kind: "charge", status: "captured" });
    expect((await reconcile(database.db)).chargesWithoutPayment.map((c) => c.providerRef)).toContain(taken!.providerRef);

    const swept = await sweepChargeAttempts({ db: database.db, payments: gateway, logger: memoryLogger() }, 0);
    expect(swept.reembolsados).toBeGreaterThanOrEqual(1);
    expect((await database.db.select().from(chargeAttempts).where(eq(chargeAttempts.providerKey, key)))[0]).toMatchObject({ status: "reembolsado" });
    expect((await database.db.select().from(gatewayCharges).where(eq(gatewayCharges.idempotencyKey, key)))[0]).toMatchObject({ status: "refunded" });
    expect((await reconcile(database.db)).chargesWithoutPayment.map((c) => c.providerRef)).not.toContain(taken!.providerRef);

    // The customer's retry (the same form) is attempt 2: a new charge, never the refunded one.
    const retried = await endorse(await signIn(owner), hogar.id, body);
    expect(retried.status, JSON.stringify(retried.body)).toBe(201);
    const [recibo] = await database.db
      .select()
      .from(recibos)
      .where(and(eq(recibos.policyId, hogar.id), eq(recibos.sequence, (retried.body as unknown as Endorsement).recibo.sequence)));
    const [paid] = await database.db.select().from(payments).where(eq(payments.reciboId, recibo!.id));
    expect(paid!.providerRef).not.toBe(taken!.providerRef);
    const attempts = await database.db
      .select()
      .from(chargeAttempts)
      .where(eq(chargeAttempts.subject, `suplemento-${idempotencyKey}`));
    expect(attempts.map((a) => [a.attempt, a.status]).sort()).toEqual([
      [1, "reembolsado"],
      [2, "registrado"],
    ]);
  });

  it("una póliza que no está en vigor: 409 con el motivo", async () => {
    const token = await signIn(owner);
    const anulada = await buyHogar({ ...owner, token });
    expect((await call("POST", `/me/policies/${anulada.id}/withdraw`, { token })).status).toBe(200);
    const refused = await endorse(token, anulada.id, { guarantees: ["hogar_asistencia"] });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("La póliza está anulada: ya no se le pueden añadir garantías");
    const listed = (await options(token, anulada.id)).body as unknown as Options;
    expect(listed).toMatchObject({ possible: false, refusal: "La póliza está anulada: ya no se le pueden añadir garantías", options: [] });
  });
});

describe("catálogo público de garantías", () => {
  it("cada ramo con sus garantías activas y en qué planes están incluidas u opcionales, sin sesión", async () => {
    const answer = await call("GET", "/public/guarantees");
    expect(answer.status).toBe(200);
    const lines = (
      answer.body as unknown as { lines: Array<{ code: string; guarantees: Array<{ code: string; includedIn: string[]; optionalIn: string[] }> }> }
    ).lines;
    expect(lines.map((l) => l.code).sort()).toEqual(["alquiler", "auto", "hogar"]);
    const robo = lines.find((l) => l.code === "hogar")!.guarantees.find((g) => g.code === "hogar_robo")!;
    expect(robo).toMatchObject({ includedIn: ["completo", "premium"], optionalIn: ["basico"] });
  });
});
