// Remittances written straight into a test database, as the SEPA part of issue 22 makes them: a
// remittance row with its stored pain.008, one item per recibo with its end-to-end id, each recibo
// remesado (or cobrado, the bank's deadline passed). Return imports only read these tables.
import { createHash } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "../../api/db/client";
import { policies, recibos, remittanceItems, remittances, sepaMandates } from "../../api/db/schema";

let made = 0;

export type RemittedItem = { reciboId: number; policyId: number; endToEndId: string; amountCents: number };
export type TestRemittance = { id: number; messageId: string; items: RemittedItem[] };

/** One remittance of these recibos; `status` of the recibos and items afterwards (default remesado). */
export async function remitRecibos(
  db: Database,
  reciboIds: number[],
  o: { status?: "remesado" | "cobrado"; collectionDate?: string } = {},
): Promise<TestRemittance> {
  made += 1;
  const tag = `${Date.now().toString(36)}${made}`.toUpperCase();
  const messageId = `REM-${tag}`;
  const status = o.status ?? "remesado";
  const rows = await db
    .select({ id: recibos.id, policyId: recibos.policyId, amountCents: recibos.amountCents, iban: policies.iban, number: policies.number })
    .from(recibos)
    .innerJoin(policies, eq(policies.id, recibos.policyId))
    .where(inArray(recibos.id, reciboIds))
    .orderBy(recibos.id);
  const mandates = new Map<number, number>();
  const existing = await db
    .select({ id: sepaMandates.id, policyId: sepaMandates.policyId })
    .from(sepaMandates)
    .where(inArray(sepaMandates.policyId, [...new Set(rows.map((r) => r.policyId))]));
  for (const m of existing) mandates.set(m.policyId, m.id);
  const missing = [...new Set(rows.map((r) => r.policyId))].filter((id) => !mandates.has(id));
  if (missing.length) {
    const made = await db
      .insert(sepaMandates)
      .values(
        missing.map((policyId) => ({
          policyId,
          reference: `COT-TEST-${tag}-${policyId}`,
          signedOn: "2027-01-01",
          debtorName: "Tomadora Prueba",
          iban: "ES9121000418450200051332",
        })),
      )
      .returning({ id: sepaMandates.id, policyId: sepaMandates.policyId });
    for (const m of made) mandates.set(m.policyId, m.id);
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?><Document><CstmrDrctDbtInitn><GrpHdr><MsgId>${messageId}</MsgId></GrpHdr></CstmrDrctDbtInitn></Document>`;
  const total = rows.reduce((sum, r) => sum + r.amountCents, 0);
  const [remittance] = await db
    .insert(remittances)
    .values({
      messageId,
      requestKey: `test-${tag}`,
      collectionDate: o.collectionDate ?? "2027-02-05",
      count: rows.length,
      totalCents: total,
      fileXml: xml,
      fileSha256: createHash("sha256").update(xml).digest("hex"),
      createdByLabel: "pruebas",
    })
    .returning({ id: remittances.id });
  const items = rows.map((r, i) => ({ reciboId: r.id, policyId: r.policyId, endToEndId: `E2E-${tag}-${i + 1}`, amountCents: r.amountCents }));
  for (let i = 0; i < items.length; i += 500) {
    await db.insert(remittanceItems).values(
      items.slice(i, i + 500).map((item) => ({
        remittanceId: remittance!.id,
        reciboId: item.reciboId,
        endToEndId: item.endToEndId,
        mandateId: mandates.get(item.policyId)!,
        sequenceType: "FRST",
        amountCents: item.amountCents,
        status,
      })),
    );
  }
  await db
    .update(recibos)
    .set({ status, remittanceId: remittance!.id, paidAt: status === "cobrado" ? new Date("2027-02-10T09:00:00Z") : null })
    .where(inArray(recibos.id, reciboIds));
  return { id: remittance!.id, messageId, items };
}
