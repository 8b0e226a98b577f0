import { execFileSync } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { formatIsoDate, formatMoney } from "../../api/contract/format";
import { addDays, addMonths, madridDate } from "../../api/domain/calendar";
import { isBusinessDay } from "../../api/domain/sepa";
import { endToEndIdOf } from "../../api/services/sepa/pain008";
import { MEMORY_DB_ADMIN } from "../support/memory-db";
import { dailyRun, expect, moveTo, staff, test } from "./clock-server";
import { buyPolicy, definitionOf, expectPdf, fillPayNowCard, newVisitor, submitLoginForm, type VisitorAccount } from "./support";

// Issue 22's money chain in the browser, with and without JavaScript, on its own server with a
// clock it moves (tests/e2e/clock-server.ts, whose teardown also finds the reconciliation empty):
// a SEPA policy's recibo 2 falls due; staff choose the collection date and the recibos, generate the
// remittance and download its pain.008; the bank returns that debit (AM04) and staff import its
// CSV; the customer sees the returned recibo and why; a month after its due date the daily run
// suspends the cover; the customer pays it with "Pagar ahora", downloads the justificante, and the
// cover resumes 24 h after the payment (ADR 029, 030, 031).

/** What a form's POST answers: a sign-in, a remittance, an import, a payment, on a shared 2-core machine. */
const POSTED = { timeout: 30_000 };

/** Opens `path` as the seeded superadmin, signing in on /admin/login (cookies were cleared: a new clock, a new session). */
async function asStaff(page: Page, path: string) {
  await page.context().clearCookies();
  await page.goto(path);
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=/);
  await page.getByLabel("Correo electrónico").fill(MEMORY_DB_ADMIN.email);
  await page.getByLabel("Contraseña").fill(MEMORY_DB_ADMIN.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(path, POSTED);
}

/** Opens Mi póliza as the customer, signing in on /login. */
async function asCustomer(page: Page, account: VisitorAccount, policyId: number) {
  await page.context().clearCookies();
  await page.goto(`/mi-poliza/${policyId}`);
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await submitLoginForm(page, account);
  await expect(page).toHaveURL(`/mi-poliza/${policyId}`);
}

/** The text of every `<tag>` of an XML file, in order. */
const allOf = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, "g"))].map((m) => m[1]!);

test("la cadena del dinero: remesa, fichero, devolución, suspensión por impago, «Pagar ahora», justificante y rehabilitación", async ({
  page,
  clock,
}) => {
  // A purchase, a remittance, a return, a month of daily runs and a payment on its own server.
  test.setTimeout(360_000);
  const account = newVisitor("Rosa Cadena Domiciliada");
  const registered = await page.request.post("/api/auth/register", { data: account });
  expect(registered.status(), await registered.text()).toBe(201);
  const policy = await buyPolicy(page.request, account.name, { token: ((await registered.json()) as { token: string }).token, sepa: true });
  const read = await page.request.get(`/api/admin/policies/${policy.id}`, { headers: await staff(page) });
  const recibos = ((await read.json()) as { recibos: { id: number; sequence: number; dueDate: string; amountCents: number }[] }).recibos;
  const recibo = recibos.find((r) => r.sequence === 2)!;
  let collection = recibo.dueDate;
  while (!isBusinessDay(collection)) collection = addDays(collection, 1);

  let endToEndId = "";
  await test.step("staff generan la remesa del vencimiento y descargan su pain.008", async () => {
    // A few days before recibo 2 falls due, before any daily run could touch it.
    moveTo(clock, addDays(recibo.dueDate, -5));
    await asStaff(page, "/admin/payments/remittances/new");
    await expect(page.getByRole("heading", { level: 1, name: "Nueva remesa SEPA" })).toBeVisible();
    await page.getByLabel(/^Fecha de cobro/).fill(formatIsoDate(collection));
    // Every recibo of this server due from the policy's start to recibo 2 (the first may await a remittance too).
    await page.getByLabel(/^Vencimiento desde/).fill(formatIsoDate(madridDate(new Date())));
    await page.getByLabel(/^Vencimiento hasta/).fill(formatIsoDate(recibo.dueDate));
    await page.getByRole("button", { name: "Ver la remesa" }).click();
    const preview = page.getByRole("region", { name: "Vista previa" });
    await expect(preview).toContainText(`con fecha de cobro ${formatIsoDate(collection)}`, POSTED);
    await preview.getByRole("button", { name: "Generar la remesa" }).click();

    await expect(page.getByRole("heading", { level: 1, name: /^Remesa \d+$/ })).toBeVisible(POSTED);
    const remittanceId = Number((await page.getByRole("heading", { level: 1 }).textContent())!.replace(/\D/g, ""));
    const row = page
      .getByRole("region", { name: "Adeudos" })
      .getByRole("row", { name: new RegExp(policy.number) })
      .filter({ hasText: "Remesado" });
    await expect(row.first()).toBeVisible();
    const count = Number(await definitionOf(page.getByRole("main"), "Recibos").textContent());

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Descargar el fichero (pain.008)" }).click();
    const xml = await readFile((await (await downloading).path())!, "utf8");
    // The group header's count and control sum are the transactions', and the remittance's.
    const amounts = allOf(xml, "InstdAmt").map((a) => Math.round(Number(a) * 100));
    const total = amounts.reduce((sum, a) => sum + a, 0);
    expect((xml.match(/<DrctDbtTxInf>/g) ?? []).length).toBe(count);
    expect(Number(allOf(xml, "NbOfTxs")[0])).toBe(count);
    expect(Math.round(Number(allOf(xml, "CtrlSum")[0]) * 100)).toBe(total);
    await expect(page.getByRole("main")).toContainText(formatMoney(total));
    endToEndId = endToEndIdOf(remittanceId, recibo.id);
    expect(allOf(xml, "EndToEndId")).toContain(endToEndId);
    expect(xml).toContain(`<ReqdColltnDt>${collection}</ReqdColltnDt>`);
  });

  await test.step("el banco devuelve el adeudo (AM04) y staff importan su fichero", async () => {
    // The day after the collection, before the bank's deadline would make it cobrado.
    moveTo(clock, addDays(collection, 1));
    await asStaff(page, "/admin/payments/returns");
    const csv = `referencia_adeudo;codigo_devolucion;importe\r\n${endToEndId};AM04;${formatMoney(recibo.amountCents).replace(/\s*€$/, "")}\r\n`;
    await page.getByLabel("Fichero de devoluciones").setInputFiles({ name: "devoluciones.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Importar devoluciones" }).click();
    await expect(page).toHaveURL(/\/admin\/payments\/returns\/\d+$/, POSTED);
    const line = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: endToEndId }) });
    await expect(line).toContainText("AM04 Fondos insuficientes");
    await expect(line).toContainText(`Recibo 2 de la póliza ${policy.number}`);

    await line.getByRole("link", { name: `Recibo 2 de la póliza ${policy.number}` }).click();
    await expect(page).toHaveURL(`/admin/policies/${policy.id}/payments`);
    const row2 = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "2", exact: true }) });
    await expect(row2).toContainText("Devuelto");
    await expect(row2).toContainText("Fondos insuficientes");
  });

  await test.step("el cliente ve el recibo devuelto y el motivo en Mi póliza", async () => {
    await asCustomer(page, account, policy.id);
    const main = page.getByRole("main");
    await expect(main.getByText("Tiene un recibo devuelto.")).toBeVisible();
    await expect(main.getByRole("note")).toContainText("Recibo 2: Fondos insuficientes.");
    const row = main.getByRole("row").filter({ has: page.getByRole("cell", { name: "2", exact: true }) });
    await expect(row).toContainText("Devuelto");
    await expect(row.getByRole("link", { name: "Pagar ahora el recibo 2" })).toBeVisible();
  });

  const suspendedDay = addDays(addMonths(recibo.dueDate, 1), 1);
  await test.step("un mes después del vencimiento, sin pagar, la ejecución diaria suspende la póliza", async () => {
    moveTo(clock, suspendedDay);
    await dailyRun(page);
    await asCustomer(page, account, policy.id);
    const main = page.getByRole("main");
    await expect(main.getByText("Suspendida", { exact: true }).first()).toBeVisible();
    await expect(main.getByRole("note")).toContainText("Recibo 2: Fondos insuficientes.");
  });

  await test.step("el cliente paga el recibo con «Pagar ahora», descarga el justificante y la cobertura se reanuda 24 h después", async () => {
    const main = page.getByRole("main");
    await main.getByRole("link", { name: "Pagar ahora el recibo 2" }).click();
    await expect(page).toHaveURL(`/mi-poliza/${policy.id}/recibos/2/pagar`);
    await expect(main).toContainText("Devuelto: Fondos insuficientes");
    await expect(main).toContainText("la cobertura se reanuda 24 horas después del pago");
    await fillPayNowCard(page, "4242 4242 4242 4242", account.name);
    await page.getByRole("button", { name: /^Pagar / }).click();

    await expect(page).toHaveURL(`/mi-poliza/${policy.id}`, POSTED);
    await expect(page.getByText("Recibo 2 pagado").first()).toBeVisible();
    // Paid at about 10:00 on suspendedDay (the moved clock): the cover resumes the next day.
    await expect(page.getByText(`La cobertura se reanuda el ${formatIsoDate(addDays(suspendedDay, 1))}`).first()).toBeVisible();
    await expect(main.getByText("En vigor", { exact: true }).first()).toBeVisible();
    const paid = main.getByRole("row").filter({ has: page.getByRole("cell", { name: "2", exact: true }) });
    await expect(paid).toContainText("Cobrado");
    await expect(main.getByText("Tiene un recibo devuelto.")).toHaveCount(0);

    const href = await paid.getByRole("link", { name: "Justificante de pago del recibo 2" }).getAttribute("href");
    expect(href).toBe(`/documentos/poliza/${policy.id}/justificante/2`);
    const receipt = await page.request.get(href!);
    await expectPdf(receipt);
    // Read as the customer would (poppler's pdftotext, as tests/support/pdf-documents.ts does).
    const file = test.info().outputPath("justificante.pdf");
    await writeFile(file, await receipt.body());
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    expect(text).toContain("Justificante de pago");
    expect(text).toContain(policy.number);
  });

  await test.step("staff ven la póliza rehabilitada: la cobertura se reanuda 24 h después del pago", async () => {
    await asStaff(page, `/admin/policies/${policy.id}`);
    await expect(definitionOf(page.getByRole("main"), "La cobertura se reanuda el")).toContainText(formatIsoDate(addDays(suspendedDay, 1)));
    await page.goto(`/admin/policies/${policy.id}/payments`);
    const row2 = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "2", exact: true }) });
    await expect(row2).toContainText("Cobrado");
  });
});
