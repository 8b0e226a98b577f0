import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { clientThroughCheckout, expectNoSeriousA11yViolations, expectPdf } from "./support";

// The clients screens as staff use them, with JavaScript on and off: find a client by NIF, open
// them, edit them and find the change (before and after) in the audit log, add a note, download
// their data file and the policy's PDFs; erasure is refused while a policy is in force; a role
// without clients:write sees no controls that change anything.

test("buscar por NIF, abrir, editar y ver el cambio en auditoría, añadir una nota y descargar sus datos", async ({
  page,
  signInAsAdmin,
  sessions,
}) => {
  test.slow(); // a checkout, five pages, two forms, a download and two accessibility checks
  await signInAsAdmin("superadmin");
  const client = await clientThroughCheckout(page.request, await sessions.superadminToken(), "Lucía Martín Sanz");

  await page.goto("/admin");
  await page.getByRole("navigation").getByRole("link", { name: "Clientes", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
  // Typed as people type it: dots, a dash and a lower-case letter.
  await page
    .getByRole("searchbox", { name: "Buscar" })
    .fill(`${client.nif.slice(0, 2)}.${client.nif.slice(2, 5)}.${client.nif.slice(5, 8)}-${client.nif.slice(8).toLowerCase()}`);
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByText("Mostrando 1–1 de 1 cliente", { exact: true })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(client.name) });
  await expect(row).toContainText(client.nif);
  await expect(row.getByRole("cell").nth(4)).toHaveText("1"); // Pólizas en vigor (the name is the row header)
  await expectNoSeriousA11yViolations(page);

  await row.getByRole("link", { name: `Ver a ${client.name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: client.name })).toBeVisible();
  await expect(page.getByRole("region", { name: "Pólizas" }).first()).toContainText("En vigor");
  await expect(page.getByRole("button", { name: "Anonimizar datos" })).toBeDisabled();
  await expect(page.getByText("El cliente tiene pólizas en vigor")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "Editar datos" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Editar datos del cliente" })).toBeVisible();
  // A wrong NIF comes back with its message and nothing is saved.
  await page.getByLabel("NIF/NIE").fill("12345678A");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Introduce un NIF o NIE válido").first()).toBeVisible();
  await page.getByLabel("NIF/NIE").fill(client.nif);
  await page.getByLabel("Teléfono").fill("611 22 33 44");
  await page.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByRole("status").getByText("Datos guardados")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: client.name })).toBeVisible();
  await expect(page.getByRole("region", { name: "Datos", exact: true })).toContainText("611223344");

  // Moved in the client pipeline by hand: the reason is required, and the timeline shows it.
  await page.getByText("Mover en el embudo de clientes").click();
  await page.getByLabel("Nueva etapa").selectOption({ label: "En riesgo" });
  await page.getByRole("button", { name: "Mover", exact: true }).click();
  await expect(page.getByText("Escribe por qué lo mueves (3 caracteres o más)").first()).toBeVisible();
  await page.getByLabel("Motivo").fill("Ha pedido precio a otra compañía");
  await page.getByRole("button", { name: "Mover", exact: true }).click();
  await expect(page.getByRole("status").getByText("Cliente movido")).toBeVisible();
  await expect(page.getByRole("region", { name: "Historial", exact: true })).toContainText("a En riesgo: Ha pedido precio a otra compañía");

  await page.getByLabel("Nueva nota").fill("Prefiere que le llamen por la tarde.");
  await page.getByRole("button", { name: "Añadir nota" }).click();
  await expect(page.getByRole("status").getByText("Nota añadida")).toBeVisible();
  await expect(page.getByRole("region", { name: "Notas internas" })).toContainText("Prefiere que le llamen por la tarde.");

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Descargar sus datos (JSON)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`cliente-${client.id}-datos.json`);
  const data = JSON.parse(await readFile((await download.path())!, "utf8")) as {
    client: { nif: string; phone: string };
    policies: unknown[];
    notes: { body: string }[];
  };
  expect(data.client).toMatchObject({ nif: client.nif, phone: "611223344" });
  expect(data.policies).toHaveLength(1);
  expect(data.notes.map((n) => n.body)).toEqual(["Prefiere que le llamen por la tarde."]);

  // The policy's particular conditions and its recibo, as PDFs (policies:read).
  const conditions = page
    .getByRole("region", { name: "Documentos", exact: true })
    .getByRole("link", { name: /^Condiciones particulares COT-.* \(PDF\)$/ });
  await expectPdf(await page.request.get((await conditions.getAttribute("href"))!));
  const recibo = page.getByRole("region", { name: "Recibos", exact: true }).getByRole("link", { name: /^PDF del recibo 1 de la póliza COT-/ });
  await expectPdf(await page.request.get((await recibo.getAttribute("href"))!));

  await page.goto("/admin/audit?entity=client&action=client.updated");
  const entry = page
    .getByRole("row")
    .filter({ has: page.getByText(String(client.id), { exact: true }) })
    .first();
  await entry.getByText("Ver antes y después").click();
  await expect(entry).toContainText('"phone": "+34600123456"');
  await expect(entry).toContainText('"phone": "611223344"');
});

test("un rol sin clients:write ve al cliente pero ningún botón para cambiarlo", async ({ page, signInAsAdmin, sessions }) => {
  const client = await clientThroughCheckout(page.request, await sessions.superadminToken(), "Jorge Pérez Gil");
  await signInAsAdmin("auditor");
  await page.goto(`/admin/clients/${client.id}`);
  await expect(page.getByRole("heading", { level: 1, name: client.name })).toBeVisible();
  await expect(page.getByText("Puedes ver este cliente, pero no cambiarlo")).toBeVisible();
  await expect(page.getByRole("link", { name: "Editar datos" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Descargar sus datos/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Añadir nota" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Anonimizar datos" })).toHaveCount(0);

  await page.goto(`/admin/clients/${client.id}/edit`);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("main").getByText("Acceso Denegado.")).toBeVisible();
});
