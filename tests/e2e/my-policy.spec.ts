import type { Page } from "@playwright/test";
import { formatMoney } from "../../api/contract/format";
import { expect, test } from "./fixtures";
import { buyPolicy, definitionOf, expectNoSeriousA11yViolations, exactText, madridDay, uniqueNif } from "./support";
import { AUTO } from "../support/quote-inputs";

// /mi-poliza/{id}: the customer stops the renewal of a policy and withdraws from it (each asks
// first: a dialog with JavaScript, a confirmation step without), and sees the new state; a car
// policy says why it admits no withdrawal.

/** The question of an action: the dialog with JavaScript, the confirmation step (a region) without. */
function confirmation(page: Page, javaScriptEnabled: boolean, name: string) {
  return page.getByRole(javaScriptEnabled ? "dialog" : "region", { name });
}

test("no renovar y desistir de una póliza de alquiler: ve lo devuelto y la póliza anulada", async ({ page, javaScriptEnabled, signInAsVisitor }) => {
  // A purchase through the API and two confirmed actions: more than the default 30 s on a busy machine.
  test.slow();
  const visitor = await signInAsVisitor({ name: "Clara Prueba Desiste" });
  const policy = await buyPolicy(page.request, visitor.name, { token: visitor.token });
  const mine = await page.request.get(`/api/me/policies/${policy.id}`, { headers: { authorization: `Bearer ${visitor.token}` } });
  const { lifecycle, endDate } = (await mine.json()) as { endDate: string; lifecycle: { withdrawal: { refundCents: number } } };
  const refund = formatMoney(lifecycle.withdrawal.refundCents);
  const end = `${endDate.slice(8, 10)}/${endDate.slice(5, 7)}/${endDate.slice(0, 4)}`;

  await page.goto("/mi-poliza");
  await page
    .getByRole("main")
    .getByRole("link", { name: /: plan 12 meses$/ })
    .click();
  await expect(page).toHaveURL(`/mi-poliza/${policy.id}`);
  const withdrawal = page.getByRole("region", { name: "Desistir del contrato" });
  await expect(withdrawal).toContainText(
    `Puede desistir del contrato sin indicar el motivo y sin penalización hasta el ${madridDay(14).shown} inclusive.`,
  );
  await expect(withdrawal).toContainText(`le devolvemos ${refund}, la prima de los días no cubiertos`);
  const renewal = page.getByRole("region", { name: "No renovar" });
  await expect(renewal).toContainText("puede comunicarlo hasta el");
  await expectNoSeriousA11yViolations(page);

  // No renovar: asks, then says so.
  await renewal.getByRole("button", { name: "No renovar la póliza" }).click();
  const stop = confirmation(page, javaScriptEnabled, `¿No renovar la póliza ${policy.number}?`);
  await expect(stop).toContainText(`seguirá en vigor hasta el ${end}`);
  if (!javaScriptEnabled) await expectNoSeriousA11yViolations(page);
  await stop.getByRole("button", { name: "Sí, no renovar" }).click();
  await expect(page.getByText("Su póliza no se renovará").first()).toBeVisible();
  await expect(page.getByText(`No se renovará: la póliza vence el ${end}.`)).toBeVisible();
  await expect(renewal.getByRole("button")).toHaveCount(0);

  // Desistir: asks with the refund, then the policy is anulada with what was refunded.
  await withdrawal.getByRole("button", { name: "Desistir del contrato" }).click();
  const withdraw = confirmation(page, javaScriptEnabled, `¿Desistir del contrato de la póliza ${policy.number}?`);
  await expect(withdraw).toContainText(`Le devolveremos ${refund} en su medio de pago`);
  await withdraw.getByRole("button", { name: "Sí, desistir del contrato" }).click();
  await expect(page.getByText("Ha desistido del contrato").first()).toBeVisible();
  await expect(page).toHaveURL(`/mi-poliza/${policy.id}`);
  await expect(page.getByRole("main").getByText("Anulada", { exact: true })).toBeVisible();
  const cancelled = page.getByRole("region", { name: "Póliza anulada" });
  await expect(definitionOf(cancelled, "Motivo")).toHaveText("Desistimiento");
  await expect(definitionOf(cancelled, "Con efecto")).toHaveText(madridDay(0).shown);
  await expect(definitionOf(cancelled, "Importe devuelto")).toHaveText(exactText(refund));
  await expect(page.getByRole("region", { name: "Desistir del contrato" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "No renovar" })).toHaveCount(0);
  // The pending recibos are cancelled.
  await expect(page.getByRole("row").filter({ hasText: "Pendiente" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test("una póliza de coche explica que no admite desistimiento y ofrece no renovarla", async ({ page, javaScriptEnabled, signInAsVisitor }) => {
  test.skip(javaScriptEnabled, "la página sin acciones basta sin JavaScript");
  const visitor = await signInAsVisitor({ name: "Tomás Prueba Coche" });
  const headers = { authorization: `Bearer ${visitor.token}` };
  const quote = await page.request.post("/api/quotes", { headers, data: { line: "auto", inputs: AUTO } });
  expect(quote.status()).toBe(201);
  const bought = await page.request.post(`/api/quotes/${((await quote.json()) as { id: string }).id}/checkout`, {
    headers,
    data: {
      plan: "terceros",
      optionalGuarantees: [],
      frequency: "anual",
      registration: "1234 BCD",
      policyholder: {
        name: visitor.name,
        nif: uniqueNif(),
        birthDate: "1985-06-15",
        phone: "+34 600 123 456",
        address: "Calle Mayor 12",
        postalCode: "28013",
        city: "Madrid",
      },
      payment: { method: "card", cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", holder: visitor.name },
      consents: { terms: true, privacy: true, ipid: true, marketing: false },
      idempotencyKey: crypto.randomUUID(),
    },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const { id } = (await bought.json()) as { id: number };

  await page.goto(`/mi-poliza/${id}`);
  const withdrawal = page.getByRole("region", { name: "Desistir del contrato" });
  await expect(withdrawal).toContainText(
    "El seguro de coche no admite desistimiento: incluye la responsabilidad civil obligatoria, un seguro obligatorio por ley.",
  );
  await expect(withdrawal.getByRole("button")).toHaveCount(0);
  const renewal = page.getByRole("region", { name: "No renovar" });
  await expectNoSeriousA11yViolations(page);

  // Sent twice (another tab stopped it meanwhile): the API refuses the second and the page says why.
  await renewal.getByRole("button", { name: "No renovar la póliza" }).click();
  const step = page.getByRole("region", { name: /^¿No renovar la póliza/ });
  await expect(step).toBeVisible();
  const other = await page.request.post(`/api/me/policies/${id}/stop-renewal`, { headers });
  expect(other.status()).toBe(200);
  await step.getByRole("button", { name: "Sí, no renovar" }).click();
  await expect(renewal.getByRole("alert")).toHaveText("La renovación de esta póliza ya está detenida");
  await expect(page).toHaveTitle(/^Error: /);
  await expect(renewal).toContainText(`Pidió no renovarla el ${madridDay(0).shown}`);
});
