// Policies written straight into a test database, in any state and on any date, for the tests of
// the back office and the lifecycle (a real checkout always starts today and pays recibo 1).
// The risk is a valid quote's inputs, so a renewal can re-rate it.
import { eq } from "drizzle-orm";
import type { Database } from "../../api/db/client";
import { clients, policies, policyHistory, recibos, type LineCode, type PolicyStatus } from "../../api/db/schema";
import { addMonths, reciboDueDates } from "../../api/domain/calendar";
import { nifCheckLetter } from "../../api/domain/nif";
import type { Frequency } from "../../api/contract/vocabulary";
import { ALQUILER, AUTO, HOGAR } from "./quote-inputs";

const RISKS = { auto: AUTO, hogar: HOGAR, alquiler: ALQUILER } as const;
const PLANS = { auto: "terceros", hogar: "basico", alquiler: "meses_12" } as const;

let made = 0;

export type TestPolicy = {
  id: number;
  number: string;
  clientId: number;
  nif: string;
  name: string;
  email: string;
  recibos: { id: number; sequence: number; dueDate: string }[];
};

export async function insertTestPolicy(
  db: Database,
  o: {
    startDate: string;
    createdAt: Date;
    line?: LineCode;
    status?: PolicyStatus;
    frequency?: Frequency;
    /** The test gateway's mandate: "ok" charges, "fail" is refused on every later charge, null: none. */
    mandate?: "ok" | "fail" | null;
    name?: string;
    /** Added to the line's risk: what identifies the insured object (registration, riskAddress). */
    risk?: Record<string, unknown>;
    /** The holder's NIF, when the test searches by it (else a DNI of its own). */
    nif?: string;
  },
): Promise<TestPolicy> {
  made += 1;
  const line = o.line ?? "hogar";
  const frequency = o.frequency ?? "anual";
  const digits = String(70_000_000 + (((Date.now() % 1_000_000) * 10 + made) % 29_999_999));
  const nif = o.nif ?? `${digits}${nifCheckLetter(digits)}`;
  const name = o.name ?? `Tomadora Prueba ${made}`;
  const email = `tomadora${made}-${Date.now().toString(36)}@example.com`;
  const [client] = await db
    .insert(clients)
    .values({
      name,
      nif,
      email,
      phone: "+34 600 000 000",
      address: "Calle Mayor 1",
      postalCode: "28013",
      city: "Madrid",
      stage: "activo",
      createdAt: o.createdAt,
    })
    .returning({ id: clients.id });
  const due = reciboDueDates(o.startDate, frequency);
  const each = 12_000;
  const total = each * due.length;
  const net = total - 800;
  const mandate = o.mandate === undefined ? "ok" : o.mandate;
  const [policy] = await db
    .insert(policies)
    .values({
      number: `COT-2099-${String(made + (Date.now() % 900_000)).padStart(6, "0")}`,
      clientId: client!.id,
      lineCode: line,
      planCode: PLANS[line],
      status: o.status ?? "en_vigor",
      startDate: o.startDate,
      endDate: addMonths(o.startDate, 12),
      frequency,
      risk: { ...RISKS[line], ...o.risk },
      netPremiumCents: net,
      ipsCents: 800,
      totalPremiumCents: total,
      paymentMethod: "card",
      paymentMandate: mandate === null ? null : `test_mandate_card_${mandate}_fixture${made}`,
      createdAt: o.createdAt,
      updatedAt: o.createdAt,
    })
    .returning({ id: policies.id, number: policies.number });
  const rows = await db
    .insert(recibos)
    .values(
      due.map((dueDate, i) => ({
        policyId: policy!.id,
        sequence: i + 1,
        dueDate,
        amountCents: each,
        status: i === 0 ? ("cobrado" as const) : ("pendiente" as const),
        paidAt: i === 0 ? o.createdAt : null,
        createdAt: o.createdAt,
      })),
    )
    .returning({ id: recibos.id, sequence: recibos.sequence, dueDate: recibos.dueDate });
  await db.insert(policyHistory).values({
    policyId: policy!.id,
    at: o.createdAt,
    event: "emitida",
    summary: "Póliza emitida (prueba)",
    toStatus: o.status ?? "en_vigor",
    actorType: "system",
  });
  return { id: policy!.id, number: policy!.number, clientId: client!.id, nif, name, email, recibos: rows.sort((a, b) => a.sequence - b.sequence) };
}

export async function policyRow(db: Database, id: number) {
  const [row] = await db.select().from(policies).where(eq(policies.id, id));
  return row!;
}

export async function reciboRows(db: Database, policyId: number) {
  return (await db.select().from(recibos).where(eq(recibos.policyId, policyId))).sort((a, b) => a.sequence - b.sequence);
}
