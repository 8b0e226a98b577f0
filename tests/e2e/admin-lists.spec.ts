import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// The back-office list kit as staff use it, with JavaScript on and off: sortable headers (links
// with aria-sort), the filter bar (a GET form, "Quitar filtros"), pagination, an out-of-range
// page, and the CSV of exactly the filtered rows (";" and a BOM, for Excel in Spanish).

async function createUsers(request: APIRequestContext, token: string, prefix: string, count: number) {
  const headers = { authorization: `Bearer ${token}` };
  const roles = (await (await request.get("/api/admin/roles", { headers })).json()) as { items: { id: number; name: string }[] };
  const roleId = roles.items.find((role) => role.name === "comercial")!.id;
  for (let i = 1; i <= count; i++) {
    const username = `${prefix}-${String(i).padStart(2, "0")}`;
    const response = await request.post("/api/admin/users", {
      headers,
      data: { username, email: `${username}@cotiza.test`, password: "Lista-Segura-2026", roleId },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

/** The data rows' first cells (the row headers or first data cells), in order. */
async function firstCells(page: Page): Promise<string[]> {
  return page.locator("table tbody tr").evaluateAll((rows) => rows.map((row) => row.children[0]!.textContent!.trim()));
}

async function csvOf(page: Page) {
  const href = await page.getByRole("link", { name: /^Exportar CSV/ }).getAttribute("href");
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const bytes = await response.body();
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes
    .subarray(3)
    .toString("utf8")
    .split("\r\n")
    .filter(Boolean)
    .map((line) => line.split(";"));
}

test("usuarios: ordenar en los dos sentidos, paginar, filtrar, quitar filtros, página fuera de rango y CSV de lo filtrado", async ({
  page,
  signInAsAdmin,
}) => {
  const admin = await signInAsAdmin("superadmin");
  const prefix = `lista-${test.info().project.name}-${Date.now().toString(36)}`;
  await createUsers(page.request, admin.token, prefix, 23);

  await page.goto(`/admin/users?q=${prefix}`);
  await expect(page.getByText("Mostrando 1–20 de 23 usuarios")).toBeVisible();
  const usuario = page.getByRole("columnheader", { name: /^Usuario/ });
  await expect(usuario).toHaveAttribute("aria-sort", "ascending");
  expect((await firstCells(page))[0]).toBe(`${prefix}-01`);

  await usuario.getByRole("link").click();
  await expect(usuario).toHaveAttribute("aria-sort", "descending");
  expect((await firstCells(page))[0]).toBe(`${prefix}-23`);
  await usuario.getByRole("link").click();
  await expect(usuario).toHaveAttribute("aria-sort", "ascending");
  expect((await firstCells(page))[0]).toBe(`${prefix}-01`);

  await page
    .getByRole("navigation", { name: "Paginación" })
    .getByRole("link", { name: /Siguiente/ })
    .click();
  await expect(page.getByText("Mostrando 21–23 de 23 usuarios")).toBeVisible();
  expect(await firstCells(page)).toEqual([`${prefix}-21`, `${prefix}-22`, `${prefix}-23`]);

  // A page past the end (a stale link) lands on the last one.
  await page.goto(`/admin/users?q=${prefix}&sort=email&dir=desc&page=40`);
  await expect(page).toHaveURL(new RegExp(`page=2`));
  await expect(page.getByText("Mostrando 21–23 de 23 usuarios")).toBeVisible();
  expect((await firstCells(page))[0]).toBe(`${prefix}-03`);
  // An unknown sort key is dropped, not an error page.
  await page.goto(`/admin/users?q=${prefix}&sort=passwordHash`);
  await expect(page).toHaveURL(`/admin/users?q=${prefix}`);

  const search = page.getByRole("search", { name: "Buscar usuarios" });
  await search.getByLabel("Buscar").fill(`${prefix}-1`);
  await search.getByRole("button", { name: "Filtrar" }).click();
  await expect(page.getByText("Mostrando 1–10 de 10 usuarios")).toBeVisible();
  const rows = await csvOf(page);
  expect(rows[0]).toEqual(["Usuario", "Correo electrónico", "Rol", "Estado", "Último acceso", "Alta"]);
  expect(rows.slice(1).map((row) => row[0])).toEqual(Array.from({ length: 10 }, (_, i) => `${prefix}-${10 + i}`));
  expect(rows[1]!.slice(2, 5)).toEqual(["comercial", "Activo", ""]);

  await page.getByRole("link", { name: "Quitar filtros" }).click();
  await expect(page).toHaveURL("/admin/users");
  await expect(search.getByLabel("Buscar")).toHaveValue("");
});

test("auditoría: ordenar por acción y por fecha, filtrar por acción y actor, CSV de lo filtrado, página fuera de rango", async ({
  page,
  signInAsAdmin,
}) => {
  const admin = await signInAsAdmin("superadmin");
  const prefix = `audit-${test.info().project.name}-${Date.now().toString(36)}`;
  await createUsers(page.request, admin.token, prefix, 3);

  await page.goto("/admin/audit");
  const filters = page.getByRole("search", { name: "Filtrar el registro" });
  await filters.getByLabel("Actor").fill(admin.email);
  await filters.getByLabel("Acción").selectOption({ label: "Usuario creado" });
  await filters.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/action=admin_user\.created/);
  // The URL changes a moment before the filtered list renders: wait for what only it shows.
  await expect(filters.getByRole("link", { name: "Quitar filtros" })).toBeVisible();
  await expect(filters.getByLabel("Actor")).toHaveValue(admin.email);
  const count = await page.getByText(/^Mostrando 1–\d+ de \d+ registros$/).textContent();
  const total = Number(count!.match(/de (\d+) registros/)![1]);
  expect(total).toBeGreaterThanOrEqual(3);
  const actions = page.locator("table tbody tr td:nth-child(3)");
  await expect(actions.first()).toHaveText("Usuario creado");
  expect(new Set(await actions.allTextContents())).toEqual(new Set(["Usuario creado"]));

  const fecha = page.getByRole("columnheader", { name: /^Fecha/ });
  await expect(fecha).toHaveAttribute("aria-sort", "descending");
  const newest = await page.locator("table tbody tr td:nth-child(1) time").first().getAttribute("datetime");
  await fecha.getByRole("link").click();
  await expect(fecha).toHaveAttribute("aria-sort", "ascending");
  const oldest = await page.locator("table tbody tr td:nth-child(1) time").first().getAttribute("datetime");
  expect(oldest! <= newest!).toBe(true);

  const accion = page.getByRole("columnheader", { name: /^Acción/ });
  await accion.getByRole("link").click();
  await expect(accion).toHaveAttribute("aria-sort", "ascending");
  await accion.getByRole("link").click();
  await expect(accion).toHaveAttribute("aria-sort", "descending");
  await expect(page).toHaveURL(/actor=/);

  const rows = await csvOf(page);
  expect(rows[0]!.slice(0, 4)).toEqual(["Fecha", "Actor", "Tipo de actor", "Acción"]);
  expect(rows).toHaveLength(total + 1);
  expect(new Set(rows.slice(1).map((row) => row[3]))).toEqual(new Set(["Usuario creado"]));
  expect(new Set(rows.slice(1).map((row) => row[1]))).toEqual(new Set([admin.email]));
  expect(rows[1]![0]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);

  // Past the end: the last page of the filtered list (the page number depends on how many rows
  // this worker's admin has created in earlier tests).
  const lastPage = Math.ceil(total / 20);
  await page.goto(`${new URL(page.url()).pathname}${new URL(page.url()).search}&page=999`);
  await expect(page).not.toHaveURL(/page=999/);
  await expect(page.getByText(`Mostrando ${(lastPage - 1) * 20 + 1}–${total} de ${total} registros`)).toBeVisible();

  await page.getByRole("link", { name: "Quitar filtros" }).click();
  await expect(page).toHaveURL("/admin/audit?sort=action&dir=desc");
  await expect(filters.getByLabel("Actor")).toHaveValue("");
});
