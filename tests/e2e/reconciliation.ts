// The payments reconciliation (ADR 027) must be empty once a run's money has settled: no charge the
// gateway took without a payment, no recibo cobrado without its money, no remittance whose totals
// differ from its debits. Asked over HTTP as staff, as the page asks it, so that the check runs in
// Playwright's global teardown (tests/e2e/reconciliation-teardown.ts) and when a spec's own server
// stops (tests/e2e/clock-server.ts).
import type { Reconciliation } from "../../api/contract/reconciliation";

export type StaffCredentials = { email: string; password: string };

/** Fails, printing every row, when the reconciliation of the server at `baseURL` has any. */
export async function expectEmptyReconciliation(baseURL: string, staff: StaffCredentials, where: string): Promise<void> {
  const login = await fetch(`${baseURL}/api/admin/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(staff),
  });
  if (login.status !== 200)
    throw new Error(`Conciliación de ${where}: el inicio de sesión de ${staff.email} respondió ${login.status}: ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const answer = await fetch(`${baseURL}/api/admin/payments/reconciliation`, { headers: { authorization: `Bearer ${token}` } });
  if (answer.status !== 200) throw new Error(`Conciliación de ${where}: respondió ${answer.status}: ${await answer.text()}`);
  const rows = (await answer.json()) as Reconciliation;
  const count = rows.chargesWithoutPayment.length + rows.recibosWithoutCharge.length + rows.remittancesMismatched.length;
  if (count > 0) throw new Error(`La conciliación de ${where} no está vacía (${count} descuadres):\n${JSON.stringify(rows, null, 2)}`);
}
