import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { pdfText } from "../support/pdf-text";
import { expect, test } from "./fixtures";
import { buyPolicy, expectNoSeriousA11yViolations } from "./support";

// /admin/documents as staff use it, with JavaScript on and off (ADR 036): a policy's conditions,
// issued with the sale, found by the policy number, downloaded (the stored PDF, with the number in
// its text), regenerated through the confirmation (version 2 appears, version 1 still downloads);
// accessible, and at 390 px wide without horizontal scrolling.

/** A write and the page it redirects to; on a two-core machine shared with other suites this can take longer than 5 s. */
const AFTER_WRITE = 15_000;

async function downloadedText(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const downloading = page.waitForEvent("download");
  await click();
  const download = await downloading;
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  return { name: download.suggestedFilename(), text: pdfText(bytes) };
}

const widerThanViewport = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test("encontrar un documento por el número de póliza, descargarlo y regenerarlo", async ({ page, signInAsAdmin }) => {
  test.slow(); // a purchase, a search, two downloads, a regeneration and two accessibility checks
  const policy = await buyPolicy(page.request, "Inés Prueba Documentos");
  await signInAsAdmin("gestor");
  await page.goto("/admin");
  await page.getByRole("navigation").getByRole("link", { name: "Documentos", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Documentos" })).toBeVisible({ timeout: AFTER_WRITE });

  const filters = page.getByRole("search", { name: "Filtrar documentos" });
  await filters.getByLabel("Póliza o NIF").fill(policy.number);
  await filters.getByRole("button", { name: "Filtrar" }).click();
  const title = `Condiciones particulares de ${policy.number}`;
  const table = page.getByRole("table", { name: "Documentos" });
  await expect(table.getByRole("row").filter({ hasText: title })).toHaveCount(1, { timeout: AFTER_WRITE });
  // The sale's three: conditions, IPID and recibo 1, all of this policy.
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(page).toHaveURL(new RegExp(`q=${policy.number}`));
  await expectNoSeriousA11yViolations(page);

  await table.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible({ timeout: AFTER_WRITE });
  await expect(page.getByText("Huella SHA-256")).toBeVisible();
  const first = await downloadedText(page, () => page.getByRole("link", { name: "Descargar", exact: true }).click());
  expect(first.name).toBe(`condiciones-particulares-${policy.number}.pdf`);
  expect(first.text).toContain(policy.number);

  // Regenerate: asked first (a dialog with JavaScript, a confirmation step without), then version 2.
  await page.getByRole("button", { name: "Regenerar" }).click();
  await page.getByRole("button", { name: "Sí, regenerar" }).click();
  await expect(page.getByText("Versión 2 generada").first()).toBeVisible({ timeout: AFTER_WRITE });
  const versions = page.getByRole("region", { name: "Versiones" });
  await expect(versions.getByRole("row")).toHaveCount(3); // the header and two versions
  await expect(versions).toContainText("2 (esta)");
  const old = await downloadedText(page, () => versions.getByRole("link", { name: "Descargar la versión 1" }).click());
  expect(old.text).toContain(policy.number);
  await expectNoSeriousA11yViolations(page);

  // Both versions stay in the list of the policy (the parameter the policy page links with).
  await page.goto(`/admin/documents?policy=${policy.number}&kind=condiciones`);
  await expect(page.getByRole("table", { name: "Documentos" }).getByRole("row")).toHaveCount(3);
});

test("a 390 px la lista y la página de un documento no se desplazan en horizontal", async ({ page, signInAsAdmin }) => {
  const policy = await buyPolicy(page.request, "Olga Prueba Estrecha");
  await signInAsAdmin("gestor");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/documents?policy=${policy.number}`);
  await expect(page.getByRole("heading", { level: 1, name: "Documentos" })).toBeVisible();
  expect(await widerThanViewport(page)).toBe(false);
  await page.getByRole("link", { name: `Condiciones particulares de ${policy.number}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Condiciones particulares de ${policy.number}` })).toBeVisible({ timeout: AFTER_WRITE });
  expect(await widerThanViewport(page)).toBe(false);
});

test("un comercial no ve «Documentos» ni los PDF de una póliza", async ({ page, signInAsAdmin }) => {
  const policy = await buyPolicy(page.request, "Nuria Prueba Comercial");
  await signInAsAdmin("comercial");
  await page.goto(`/admin/policies/${policy.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Póliza ${policy.number}` })).toBeVisible();
  await expect(page.getByRole("navigation").getByRole("link", { name: "Documentos", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Condiciones particulares (PDF)" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /PDF del recibo/ })).toHaveCount(0);
  await page.goto("/admin/documents");
  await expect(page.getByText("Acceso Denegado").first()).toBeVisible();
});
