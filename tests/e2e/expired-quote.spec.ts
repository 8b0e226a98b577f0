import type { Page } from "@playwright/test";
import { QUOTE_EXPIRED_MESSAGE } from "../../api/contract/checkout";
import { expect, test, type ApiClock } from "./clock-server";
import {
  acceptRequiredConsents,
  fillCard,
  fillInsuredObject,
  fillPolicyholder,
  newVisitor,
  quoteAlquiler,
  register,
  signOut,
  submitLoginForm,
  type VisitorAccount,
} from "./support";

// A quote past its validity, in the browser. The shared e2e server runs on the real clock, so this
// file runs on its own server with a clock it moves (tests/e2e/clock-server.ts).

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The seeded quote_validity_days. */
const VALIDITY = 15 * DAY;

// In order, in one worker per project: one in-memory database to build (~7 s) instead of one per test.
test.describe.configure({ mode: "default" });

async function comeBackLater(page: Page, clock: ApiClock, account: VisitorAccount, ahead: number, path: string) {
  await signOut(page, account);
  clock.ahead = ahead;
  await page.goto(path);
  // Signed out, the page asks for the account and then returns to `path`.
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await submitLoginForm(page, account);
  await expect(page).toHaveURL(path);
}

test("caducada: la cotización lo dice, vuelve a cotizar con los mismos datos y su checkout no deja pagar", async ({ page, clock }) => {
  const account = await register(page, newVisitor());
  const { quoteId, validUntil, checkoutHref } = await quoteAlquiler(page);

  await comeBackLater(page, clock, account, VALIDITY + DAY, `/cotizacion/${quoteId}`);
  const notice = page.getByRole("region", { name: "Esta cotización ha caducado" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(
    `Sus precios eran válidos hasta el ${validUntil}. Vuelva a cotizar con los mismos datos para ver el precio de hoy.`,
  );
  await expect(page.getByText("Caducada", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Continuar" })).toHaveCount(0);

  // The list says so too.
  await page.goto("/mis-cotizaciones");
  await expect(page.getByRole("main").getByText("Caducada", { exact: true })).toBeVisible();
  await expect(page.getByText("Válida hasta (caducada)")).toBeVisible();

  // The checkout the results page linked to: closed, with the Spanish message and nothing to pay with.
  await page.goto(checkoutHref);
  await expect(page.getByRole("heading", { level: 1, name: "Contratar su seguro" })).toBeVisible();
  const closed = page.getByRole("region", { name: "No se puede contratar esta cotización" });
  await expect(closed).toContainText(QUOTE_EXPIRED_MESSAGE);
  await expect(page.getByRole("button", { name: /Contratar y pagar/ })).toHaveCount(0);
  await expect(page.getByLabel("Número de la tarjeta")).toHaveCount(0);
  await expect(closed.getByRole("link", { name: "Volver a cotizar" })).toBeVisible();

  // "Volver a cotizar": /cotizar with the same inputs, which price again today.
  await page.goto(`/cotizacion/${quoteId}`);
  await notice.getByRole("link", { name: "Volver a cotizar" }).click();
  await expect(page).toHaveURL(/\/cotizar\?linea=alquiler&/);
  await expect(page.getByLabel("Código postal de la vivienda alquilada")).toHaveValue("08001");
  await expect(page.getByLabel("Renta mensual, en euros")).toHaveValue("950");
  await expect(page.getByLabel("Ingresos netos mensuales del inquilino, en euros")).toHaveValue("3200");
  await expect(page.getByLabel("Situación laboral del inquilino")).toHaveValue("indefinido");
  await page.getByRole("button", { name: "Calcular precio" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sus precios" })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("cotizacion")).not.toBe(quoteId);
  await expect(page.getByRole("button", { name: "Contratar este plan: 12 meses" })).toBeVisible();
});

test("un checkout abierto con la cotización vigente y enviado cuando ya ha caducado responde 409 con el aviso", async ({ page, clock }) => {
  const account = await register(page, newVisitor());
  const { checkoutHref } = await quoteAlquiler(page);

  // Back an hour before the price expires: the form is there.
  await comeBackLater(page, clock, account, VALIDITY - HOUR, checkoutHref);
  await expect(page.getByRole("heading", { level: 1, name: "Contratar su seguro" })).toBeVisible();
  await fillPolicyholder(page);
  await fillInsuredObject(page, "alquiler");
  await fillCard(page, "4242 4242 4242 4242");
  await acceptRequiredConsents(page);

  // Two hours later it is sent: the quote has expired in between.
  clock.ahead = VALIDITY + HOUR;
  const answer = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/checkout");
  await page.getByRole("button", { name: /^Contratar y pagar / }).click();
  expect((await answer).status()).toBe(409);
  const closed = page.getByRole("region", { name: "No se puede contratar esta cotización" });
  await expect(closed).toContainText(QUOTE_EXPIRED_MESSAGE);
  await expect(page.getByRole("button", { name: /Contratar y pagar/ })).toHaveCount(0);
  await expect(closed.getByRole("link", { name: "Volver a cotizar" })).toBeVisible();

  // Nothing was bought.
  await page.goto("/mi-poliza");
  await expect(page.getByText("Todavía no tiene ninguna póliza contratada.")).toBeVisible();
});
