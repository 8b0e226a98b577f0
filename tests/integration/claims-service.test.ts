// The claims service (api/services/claims.ts; ADR 042) against a real database on a moved clock: a
// declaration checked by the cover rules (covered, and refused on a day of suspension with the
// article), its number, history, reserve and audit rows in one transaction; a draft that becomes
// the claim; the status machine; accept with the deductible applied, pay to an IBAN, close; reject.
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../api/db/client";
import { auditLog, outboxEmails, policyHistory } from "../../api/db/schema";
import { claimEvents, claimReserveChanges, claims } from "../../api/db/schema-claims";
import { claimDeclarationSchema } from "../../api/contract/claims";
import {
  acceptClaim,
  assignClaim,
  changeClaimReserve,
  changeClaimStatus,
  declareClaim,
  payClaim,
  rejectClaim,
  type ClaimActor,
} from "../../api/services/claims";
import { createTestDatabase } from "../support/db";
import { insertTestPolicy, type TestPolicy } from "../support/policies";

let database: DatabaseHandle;
let policy: TestPolicy; // hogar, basico (franquicia 150 €), from 01/01/2027
const customer: ClaimActor = { actorType: "user", actorId: null, actorLabel: "cliente@example.com" };
const staff: ClaimActor = { actorType: "admin", actorId: 1, actorLabel: "admin@example.com" };
let now = new Date("2027-01-01T09:00:00.000Z");

const declaration = (fields: Record<string, unknown>) =>
  claimDeclarationSchema("hogar", now).parse({
    eventType: "hogar_agua",
    place: "Calle Mayor 1, Madrid",
    description: "Se rompió el latiguillo del lavabo y el agua mojó el parqué del baño y del pasillo.",
    contactPhone: "600 123 456",
    ...fields,
  });
const declare = (fields: Record<string, unknown>) =>
  declareClaim(database.db, { policyId: policy.id, userId: null, declaration: declaration(fields) }, customer, now);
const events = async (claimId: number) => database.db.select().from(claimEvents).where(eq(claimEvents.claimId, claimId)).orderBy(asc(claimEvents.id));

beforeAll(async () => {
  database = await createTestDatabase();
  policy = await insertTestPolicy(database.db, { startDate: "2027-01-01", createdAt: now, frequency: "mensual", mandate: null });
  // Suspended on 10/03/2027, paid on the 20th: cover back on the 21st (what the lifecycle writes; tested in claim-cover.test.ts).
  await database.db.insert(policyHistory).values([
    {
      policyId: policy.id,
      at: new Date("2027-03-10T10:00:00Z"),
      event: "suspendida",
      summary: "Cobertura suspendida (prueba)",
      toStatus: "suspendida",
      actorType: "system",
    },
    {
      policyId: policy.id,
      at: new Date("2027-03-20T16:00:00Z"),
      event: "rehabilitada",
      summary: "Póliza rehabilitada (prueba)",
      toStatus: "en_vigor",
      details: { coverResumesAt: "2027-03-21T16:00:00.000Z" },
      actorType: "system",
    },
  ]);
});
afterAll(async () => {
  await database?.close();
});

let covered: number;
let refused: number;

describe("declarar un siniestro", () => {
  it("cubierto: número, abierto, reserva de lo que se pagaría (1.000 € − 150 € de franquicia), historial y auditoría", async () => {
    now = new Date("2027-02-06T09:00:00.000Z");
    const { claim, cover, signals, refusal } = await declare({ occurredAt: "05/02/2027 20:30", amountClaimedCents: "1.000,00" });
    covered = claim.id;
    expect(claim).toMatchObject({
      number: "SIN-2027-000001",
      status: "abierto",
      reserveCents: 85_000,
      claimedCents: 100_000,
      guaranteeCode: "hogar_danos_agua",
    });
    expect(claim.occurredAt?.toISOString()).toBe("2027-02-05T19:30:00.000Z");
    expect(cover.covered).toBe(true);
    expect(signals).toEqual([]);
    expect(refusal).toEqual([]);
    expect((await events(claim.id)).map((e) => [e.event, e.toStatus])).toEqual([["declarado", "abierto"]]);
    expect(await database.db.select().from(claimReserveChanges).where(eq(claimReserveChanges.claimId, claim.id))).toHaveLength(1);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "claim.declared"), eq(auditLog.entityId, String(claim.id))));
    expect(audit[0]?.after).toMatchObject({ number: "SIN-2027-000001", covered: true, reserveCents: 85_000 });
    // The confirmation, queued in the same transaction, to the policyholder (no contact e-mail was given).
    const [mail, ...more] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.template, "siniestro-declarado"));
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      to: policy.email,
      subject: "Hemos recibido su siniestro SIN-2027-000001",
      policyId: policy.id,
      status: "pendiente",
    });
    expect(mail!.body).toContain("Qué ocurrió: Daños por agua");
    expect(mail!.body).toContain("Cuándo: 05/02/2027 20:30");
  });

  it("en un día de suspensión: se registra, pero las reglas lo rechazan con el art. 15 LCS y no se reserva nada", async () => {
    now = new Date("2027-03-16T09:00:00.000Z");
    const { claim, cover, refusal } = await declare({ occurredAt: "15/03/2027 10:00", amountClaimedCents: "600" });
    refused = claim.id;
    expect(claim).toMatchObject({ number: "SIN-2027-000002", status: "abierto", reserveCents: 0 });
    expect(cover.covered).toBe(false);
    expect(cover.lines.find((l) => l.check === "suspension")).toMatchObject({ result: "fallo", article: "art. 15 LCS" });
    expect(refusal[0]).toContain("Según el artículo 15 de la Ley de Contrato de Seguro");
    expect(refusal[0]).toContain("La cobertura se reanudó el 21/03/2027");
  });

  it("un borrador abierto por póliza; al declarar, el borrador se convierte en el siniestro (tercero en un año: señal)", async () => {
    now = new Date("2027-04-02T09:00:00.000Z");
    const [draft] = await database.db
      .insert(claims)
      .values({ policyId: policy.id, clientId: policy.clientId, lineCode: "hogar", draft: { eventType: "hogar_agua", place: "Calle Mayor 1" } })
      .returning();
    await expect(
      database.db.insert(claims).values({ policyId: policy.id, clientId: policy.clientId, lineCode: "hogar", draft: {} }),
    ).rejects.toThrow();
    const { claim, signals } = await declare({ occurredAt: "01/04/2027 08:00" });
    expect(claim.id).toBe(draft!.id);
    expect(claim).toMatchObject({ number: "SIN-2027-000003", draft: null, reserveCents: 0 });
    expect(signals.map((s) => s.signal)).toEqual(["varios_en_un_ano"]);
  });

  it("la póliza de otro cliente es un 404, como una que no existe", async () => {
    await expect(
      declareClaim(
        database.db,
        { policyId: policy.id, userId: 424_242, declaration: declaration({ occurredAt: "01/04/2027 08:00" }) },
        customer,
        now,
      ),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("tramitar un siniestro", () => {
  it("no se acepta sin revisarlo; revisado, se acepta con la franquicia aplicada, se paga a un IBAN y se cierra", async () => {
    now = new Date("2027-04-05T09:00:00.000Z");
    await expect(acceptClaim(database.db, covered, { acceptedCents: 100_000 }, staff, now)).rejects.toMatchObject({ status: 409 });
    await assignClaim(database.db, covered, { handlerId: 1 }, staff, now);
    await changeClaimStatus(database.db, covered, { status: "en_revision" }, staff, now);
    await changeClaimReserve(database.db, covered, { reserveCents: 120_000, reason: "Presupuesto del fontanero" }, staff, now);
    const accepted = await acceptClaim(database.db, covered, { acceptedCents: 90_000 }, staff, now);
    expect(accepted).toMatchObject({
      status: "aceptado",
      acceptedCents: 90_000,
      deductibleCents: 15_000,
      payableCents: 75_000,
      reserveCents: 75_000,
    });
    expect(accepted.coverAtAcceptance?.amounts?.payableCents).toBe(75_000);

    const paid = await payClaim(database.db, covered, { iban: "ES9121000418450200051332", reference: "TRF-1" }, staff, now);
    expect(paid).toMatchObject({ status: "pagado", paidCents: 75_000, payeeIban: "ES9121000418450200051332", reserveCents: 0, paidByAdminId: 1 });
    const closed = await changeClaimStatus(database.db, covered, { status: "cerrado" }, staff, now);
    expect(closed.closedAt?.toISOString()).toBe(now.toISOString());

    expect((await events(covered)).map((e) => e.event)).toEqual(["declarado", "asignado", "estado", "reserva", "aceptado", "pagado", "estado"]);
    const reserves = await database.db
      .select()
      .from(claimReserveChanges)
      .where(eq(claimReserveChanges.claimId, covered))
      .orderBy(asc(claimReserveChanges.id));
    expect(reserves.map((r) => [r.fromCents, r.toCents])).toEqual([
      [0, 85_000],
      [85_000, 120_000],
      [120_000, 75_000],
      [75_000, 0],
    ]);
    const actions = (
      await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(covered)))
    )
      .filter((a) => a.entity === "claim")
      .map((a) => a.action);
    expect(actions).toEqual([
      "claim.declared",
      "claim.assigned",
      "claim.status_changed",
      "claim.reserve_changed",
      "claim.accepted",
      "claim.paid",
      "claim.status_changed",
    ]);
  });

  it("uno que las reglas no cubren no se acepta: se rechaza con el motivo que leerá el cliente", async () => {
    await changeClaimStatus(database.db, refused, { status: "en_revision" }, staff, now);
    await expect(acceptClaim(database.db, refused, { acceptedCents: 60_000 }, staff, now)).rejects.toThrow(/suspendida por impago/);
    const reason = "La cobertura estaba suspendida por un recibo impagado el día del siniestro (art. 15 LCS).";
    expect(await rejectClaim(database.db, refused, { reason }, staff, now)).toMatchObject({ status: "rechazado", rejectionReason: reason });
    await expect(payClaim(database.db, refused, { iban: "ES9121000418450200051332" }, staff, now)).rejects.toMatchObject({ status: 409 });
  });
});
