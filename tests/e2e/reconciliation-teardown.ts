// Playwright's global teardown: after the whole run, the shared e2e server's reconciliation must be
// empty (issue 22, ADR 027): every spec's charges, recibos and remittances have settled. Playwright
// tears down in the reverse order of setup: this runs after the last test and before the webServer
// is stopped, so the server is still up (a throw here makes `playwright test` exit 1).
import { E2E_ADMIN } from "../../playwright.config";
import { expectEmptyReconciliation } from "./reconciliation";

export default async function reconciliationIsEmpty() {
  await expectEmptyReconciliation(`http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`, E2E_ADMIN, "el servidor e2e");
}
