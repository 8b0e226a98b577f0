// "Pagar ahora" (ADR 031): the recibo a customer pays and the payable recibos of a policy (its charge
// attempts are the one charge-attempt service's, api/services/charge-attempts.ts).
import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "./client";
import { policies, recibos, type Recibo } from "./schema";

export async function policyAndRecibo(db: DbOrTx, policyId: number, sequence: number) {
  const [row] = await db
    .select({ policyStatus: policies.status, policyNumber: policies.number, coverResumesAt: policies.coverResumesAt, recibo: recibos })
    .from(recibos)
    .innerJoin(policies, eq(policies.id, recibos.policyId))
    .where(and(eq(recibos.policyId, policyId), eq(recibos.sequence, sequence)));
  return row ?? null;
}

/** The open recibos (pendiente, devuelto) of some policies, for "Pagar ahora" in Mi póliza. */
export async function openRecibosOf(db: DbOrTx, policyId: number): Promise<Recibo[]> {
  return db
    .select()
    .from(recibos)
    .where(and(eq(recibos.policyId, policyId), inArray(recibos.status, ["pendiente", "devuelto"])))
    .orderBy(asc(recibos.sequence));
}
