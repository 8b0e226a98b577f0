// The payments reconciliation (ADR 027, GET /admin/payments/reconciliation): money taken that no
// recibo records, recibos paid with no money behind them, remittances that do not add up. Empty
// when the books agree; the test suite and the kill test end by checking so.
import type { Reconciliation } from "../contract/reconciliation";
import type { DbOrTx } from "../db/client";
import { chargesWithoutPayment, recibosWithoutCharge, remittancesMismatched } from "../db/reconciliation.repo";
import { readTogether } from "../db/reads-together";

export async function reconcile(db: DbOrTx): Promise<Reconciliation> {
  const [charges, paid, remittances] = await readTogether(
    db,
    () => chargesWithoutPayment(db),
    () => recibosWithoutCharge(db),
    () => remittancesMismatched(db),
  );
  return {
    chargesWithoutPayment: charges.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
    recibosWithoutCharge: paid.map((r) => ({ ...r, paidAt: r.paidAt?.toISOString() ?? null })),
    remittancesMismatched: remittances,
  };
}

/** Whether nothing is out of place. */
export const isReconciled = (r: Reconciliation) =>
  r.chargesWithoutPayment.length === 0 && r.recibosWithoutCharge.length === 0 && r.remittancesMismatched.length === 0;
