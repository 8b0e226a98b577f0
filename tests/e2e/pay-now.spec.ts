import { addDays, addMonths } from "../../api/domain/calendar";
import { dailyRun, expect, moveTo, staff, test } from "./clock-server";
import { buyPolicy, expectPdf, fillPayNowCard, newVisitor, register, signOut, submitLoginForm, type VisitorAccount } from "./support";

// "Pagar ahora" (ADR 031) in the browser, with and without JavaScript: a recibo returned by the
// bank is left unpaid, a month after its due date the daily run suspends the cover (art. 15 LCS),
// the customer sees it on Mi póliza, pays it by card and downloads the justificante; the policy is
// back in force with the cover resuming 24 h after the payment. On its own server with a clock it
// moves (tests/e2e/clock-server.ts).

test("un recibo devuelto sin pagar suspende la póliza un mes después; pagarlo con «Pagar ahora» la rehabilita y da el justificante", async ({
  page,
  clock,
}) => {
  // A purchase, a month of daily runs and two payments on its own server: more than the default 30 s.
  test.setTimeout(240_000);
  const account: VisitorAccount = newVisitor("Rosa Prueba Impago");
  await register(page, account);
  const login = await page.request.post("/api/auth/login", { data: { email: account.email, password: account.password } });
  const policy = await buyPolicy(page.request, account.name, { token: ((await login.json()) as { token: string }).token });

  // Staff mark recibo 2 returned ("Marcar devuelto") before its due date, so the daily run does not charge it.
  const read = await page.request.get(`/api/admin/policies/${policy.id}`, { headers: await staff(page) });
  const recibos = ((await read.json()) as { recibos: { id: number; sequence: number; dueDate: string; amountCents: number }[] }).recibos;
  const second = recibos.find((r) => r.sequence === 2)!;
  const returned = await page.request.post(`/api/admin/policies/${policy.id}/recibos/${second.id}/return`, {
    headers: await staff(page),
    data: { reason: "Devuelto por el banco: fondos insuficientes" },
  });
  expect(returned.status(), await returned.text()).toBe(200);

  // A month after its due date, unpaid: the daily run suspends the cover (art. 15 LCS).
  await signOut(page, account);
  moveTo(clock, addDays(addMonths(second.dueDate, 1), 1));
  await dailyRun(page);

  await page.goto(`/mi-poliza/${policy.id}`);
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await submitLoginForm(page, account);
  await expect(page).toHaveURL(`/mi-poliza/${policy.id}`);
  const main = page.getByRole("main");
  await expect(main.getByText("Suspendida", { exact: true }).first()).toBeVisible();
  await expect(main.getByText("Tiene un recibo devuelto.")).toBeVisible();
  const row = main.getByRole("row").filter({ has: page.getByRole("cell", { name: "2", exact: true }) });
  await expect(row).toContainText("Devuelto");

  await row.getByRole("link", { name: "Pagar ahora el recibo 2" }).click();
  await expect(page).toHaveURL(`/mi-poliza/${policy.id}/recibos/2/pagar`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pagar el recibo 2");
  await expect(main).toContainText("la cobertura se reanuda 24 horas después del pago");

  // A declined card: said beside the number, the holder kept.
  await fillPayNowCard(page, "4000 0000 0000 0002", account.name);
  await page.getByRole("button", { name: /^Pagar / }).click();
  await expect(page.getByText("El pago ha sido rechazado").first()).toBeVisible();
  await expect(page).toHaveTitle(/^Error: /);
  await expect(page.getByLabel("Titular de la tarjeta")).toHaveValue(account.name);

  await fillPayNowCard(page, "4242 4242 4242 4242", account.name);
  await page.getByRole("button", { name: /^Pagar / }).click();
  await expect(page).toHaveURL(`/mi-poliza/${policy.id}`);
  await expect(page.getByText("Recibo 2 pagado").first()).toBeVisible();
  await expect(page.getByText(/La cobertura se reanuda el/).first()).toBeVisible();
  await expect(main.getByText("En vigor", { exact: true }).first()).toBeVisible();
  const paidRow = main.getByRole("row").filter({ has: page.getByRole("cell", { name: "2", exact: true }) });
  await expect(paidRow).toContainText("Cobrado");
  await expect(paidRow.getByRole("link", { name: "Pagar ahora el recibo 2" })).toHaveCount(0);

  const href = await paidRow.getByRole("link", { name: "Justificante de pago del recibo 2" }).getAttribute("href");
  expect(href).toBe(`/documentos/poliza/${policy.id}/justificante/2`);
  await expectPdf(await page.request.get(href!));
});
