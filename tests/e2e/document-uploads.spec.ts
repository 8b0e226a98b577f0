import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { buyPolicy, expectNoSeriousA11yViolations, madridDay } from "./support";

// ADR 037 with JavaScript on and off: staff upload a signed PDF to a policy and see it listed; a
// PNG named .pdf is kept as the PNG it is; a text file named .pdf is refused with the reason and
// the title kept; the customer downloads the certificate of insurance from Mi póliza.

/** A write and the page it redirects to, on a two-core machine shared with other suites. */
const AFTER_WRITE = 15_000;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

test("subir un PDF firmado a una póliza, verlo en la lista; un PNG llamado .pdf es un PNG; un texto llamado .pdf se rechaza", async ({
  page,
  signInAsAdmin,
}) => {
  test.slow(); // a purchase, three uploads and two accessibility checks
  const policy = await buyPolicy(page.request, "Nuria Prueba Documentos");
  await signInAsAdmin("gestor");
  await page.goto(`/admin/policies/${policy.id}`);
  const documents = page.getByRole("region", { name: "Documentos", exact: true });
  // The sale's documents are already stored (issued with its confirmation e-mail, ADR 036).
  const allLink = documents.getByRole("link", { name: /^Ver todos los documentos \(\d+\)/ });
  const before = Number((await allLink.textContent())!.match(/\((\d+)\)/)![1]);

  await documents.getByLabel("Título").fill("Mandato SEPA firmado");
  await documents
    .getByLabel("Fichero")
    .setInputFiles({ name: "mandato firmado.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%firmado\n") });
  await documents.getByRole("button", { name: "Subir documento" }).click();
  await expect(page.getByText("Documento subido").first()).toBeVisible({ timeout: AFTER_WRITE });
  const uploaded = documents.getByRole("listitem").filter({ hasText: "Mandato SEPA firmado" });
  await expect(uploaded).toContainText("Documento subido, mandato-firmado.pdf, 1 KB");
  const download = await page.request.get((await uploaded.getByRole("link", { name: "Mandato SEPA firmado" }).getAttribute("href"))!);
  expect(download.status()).toBe(200);
  expect((await download.body()).toString()).toBe("%PDF-1.4\n%firmado\n");
  await expect(documents.getByRole("link", { name: `Ver todos los documentos (${before + 1})` })).toHaveAttribute(
    "href",
    `/admin/documents?policy=${encodeURIComponent(policy.number)}`,
  );
  await expectNoSeriousA11yViolations(page);

  // A PNG with a PDF's name: accepted, and stored as the PNG it is.
  await documents.getByLabel("Título").fill("DNI escaneado");
  await documents.getByLabel("Fichero").setInputFiles({ name: "dni.pdf", mimeType: "application/pdf", buffer: PNG });
  await documents.getByRole("button", { name: "Subir documento" }).click();
  await expect(documents.getByRole("listitem").filter({ hasText: "DNI escaneado" })).toContainText("dni.png", { timeout: AFTER_WRITE });

  // A text file with a PDF's name: refused with the reason, the title kept, nothing stored.
  await documents.getByLabel("Título").fill("Contrato que no es un PDF");
  await documents
    .getByLabel("Fichero")
    .setInputFiles({ name: "contrato.pdf", mimeType: "application/pdf", buffer: Buffer.from("Hola, no soy un PDF.") });
  await documents.getByRole("button", { name: "Subir documento" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Documentos de la póliza ${policy.number}` })).toBeVisible({ timeout: AFTER_WRITE });
  await expect(page.getByText("El fichero no es un PDF, JPEG o PNG (su contenido no corresponde").first()).toBeVisible();
  await expect(page.getByLabel("Título")).toHaveValue("Contrato que no es un PDF");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: `Póliza ${policy.number}` }).click();
  await expect(page.getByRole("link", { name: `Ver todos los documentos (${before + 2})` })).toBeVisible({ timeout: AFTER_WRITE });
});

test("el cliente descarga el certificado de seguro desde Mi póliza", async ({ page, signInAsVisitor }) => {
  test.slow(); // a purchase and a PDF rendered on a busy machine
  const visitor = await signInAsVisitor({ name: "Óscar Prueba Certificado" });
  // Bought today with effect tomorrow, the earliest: certified already (for the ITV or the rental agency of that day).
  const policy = await buyPolicy(page.request, visitor.name, { token: visitor.token });
  await page.goto(`/mi-poliza/${policy.id}`);
  await expectNoSeriousA11yViolations(page);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Descargar certificado de seguro (PDF)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`certificado-seguro-${policy.number}-${madridDay(0).iso}.pdf`);
  expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe("%PDF-");
});
