import { expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations } from "./support";

// The bank's files on the list kit (ADR 010, 029, 030), with JavaScript on and off: the return
// imports and the remittances have the kit's filter bar (a GET form), its refusals next to the
// filter, its "nothing matches" state with "Quitar filtros"; the upload form stays on the returns page.

test("devoluciones: filtrar las importaciones, un filtro mal escrito, ninguna coincidencia y quitar filtros; el formulario de subida sigue ahí", async ({
  page,
  signInAsAdmin,
}) => {
  // Four page loads and an accessibility check on a shared machine.
  test.slow();
  await signInAsAdmin("gestor");
  await page.goto("/admin/payments/returns");
  await expect(page.getByLabel("Fichero de devoluciones")).toBeVisible();
  const filters = page.getByRole("search", { name: "Filtrar importaciones" });

  await filters.getByLabel("Importado por").fill("ab");
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByText("Escribe al menos 3 letras de quién lo importó").first()).toBeVisible();
  await expect(page.getByText("Corrige los filtros para ver la lista.")).toBeVisible();

  await filters.getByLabel("Importado por").fill("nadie-importo-esto");
  await filters.getByLabel("Formato").selectOption("csv");
  await filters.getByLabel("Importado desde").fill("01/03/2026");
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/importedBy=nadie-importo-esto/);
  await expect(page).toHaveURL(/format=csv/);
  await expect(page.getByText("Ningún resultado con estos filtros.")).toBeVisible();
  // The filters stay as typed, the upload too.
  await expect(filters.getByLabel("Importado desde")).toHaveValue("01/03/2026");
  await expect(page.getByLabel("Fichero de devoluciones")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await filters.getByRole("link", { name: "Quitar filtros" }).click();
  await expect(page).toHaveURL("/admin/payments/returns");
  await expect(filters.getByLabel("Importado por")).toHaveValue("");
});

test("remesas: la lista con el filtro de estado y fechas de cobro; un orden desconocido se quita", async ({ page, signInAsAdmin }) => {
  await signInAsAdmin("gestor");
  await page.goto("/admin/payments/remittances");
  await expect(page.getByRole("heading", { level: 1, name: "Remesas SEPA" })).toBeVisible();
  const filters = page.getByRole("search", { name: "Filtrar remesas" });

  // Dates the wrong way round are refused next to the filter.
  await filters.getByLabel("Cobro desde").fill("20/03/2099");
  await filters.getByLabel("Cobro hasta").fill("01/03/2099");
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByText("La fecha «desde» no puede ser posterior a la fecha «hasta»").first()).toBeVisible();

  await filters.getByLabel("Cobro hasta").fill("31/03/2099");
  await filters.getByLabel("Estado").selectOption("cerrada");
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/status=cerrada/);
  await expect(page.getByText("Ningún resultado con estos filtros.")).toBeVisible();

  // An unknown sort key is dropped with a redirect, not an error page.
  await page.goto("/admin/payments/remittances?sort=fileXml");
  await expect(page).toHaveURL("/admin/payments/remittances");
});

test("«Generar remesa con estos filtros» lleva los filtros de la lista de pagos al formulario de la remesa", async ({ page, signInAsAdmin }) => {
  await signInAsAdmin("superadmin");
  await page.goto("/admin/payments?line=hogar&q=COT-20&status=devuelto&amountMin=10%2C00&dueFrom=01%2F01%2F2026&sort=amount");
  await page.getByRole("link", { name: "Generar remesa con estos filtros" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Nueva remesa SEPA" })).toBeVisible();
  await expect(page.getByLabel(/^Ramo/)).toHaveValue("hogar");
  await expect(page.getByLabel(/^Póliza/)).toHaveValue("COT-20");
  await expect(page.getByLabel(/^Estado de los recibos/)).toHaveValue("devuelto");
  await expect(page.getByLabel(/^Importe mínimo/)).toHaveValue("10,00");
  await expect(page.getByLabel(/^Vencimiento desde/)).toHaveValue("01/01/2026");
});
