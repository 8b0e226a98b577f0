import { describe, expect, it } from "vitest";
import { AuditListQuerySchema } from "./audit";
import { AdminUserListQuerySchema } from "./admin-users";
import { lastPageOf, MAX_LIST_OFFSET, MAX_PAGE_SIZE, PAGE_TOO_DEEP_MESSAGE } from "./list-query";

const issues = (result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("la consulta de una lista", () => {
  it("toma los valores por defecto: página 1 de 20, el orden propio de cada lista", () => {
    expect(AuditListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20, sort: "at", dir: "desc" });
    expect(AdminUserListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 20, sort: "username", dir: "asc" });
  });

  it("lee los números de la URL y descarta los filtros vacíos", () => {
    expect(AdminUserListQuerySchema.parse({ page: "3", pageSize: "50", sort: "email", dir: "desc", q: "  ana ", active: "", roleId: "2" })).toEqual({
      page: 3,
      pageSize: 50,
      sort: "email",
      dir: "desc",
      q: "ana",
      roleId: 2,
    });
  });

  it("rechaza una clave de orden desconocida y una dirección que no es asc ni desc", () => {
    const result = AuditListQuerySchema.safeParse({ sort: "password", dir: "sideways" });
    expect(result.success).toBe(false);
    expect(issues(result)).toEqual({
      sort: "Orden desconocido; se puede ordenar por: at, actor, action, entity",
      dir: "La dirección debe ser asc o desc",
    });
  });

  it("pone límites a la página y a su tamaño", () => {
    expect(issues(AuditListQuerySchema.safeParse({ page: "0" }))).toEqual({ page: "La página debe ser 1 o mayor" });
    expect(issues(AuditListQuerySchema.safeParse({ page: "1.5" }))).toEqual({ page: "La página debe ser un número entero" });
    expect(issues(AuditListQuerySchema.safeParse({ page: "dos" }))).toEqual({ page: "La página debe ser un número" });
    expect(AuditListQuerySchema.safeParse({ page: "99999999999999999999" }).success).toBe(false);
    expect(issues(AuditListQuerySchema.safeParse({ pageSize: String(MAX_PAGE_SIZE + 1) }))).toEqual({
      pageSize: `El tamaño de página no puede ser mayor que ${MAX_PAGE_SIZE}`,
    });
  });

  it("no deja recorrer más allá de las primeras 10.000 filas: se acota con filtros", () => {
    const last = lastPageOf(MAX_LIST_OFFSET, 20);
    expect(last).toBe(500);
    expect(AuditListQuerySchema.safeParse({ page: String(last) }).success).toBe(true);
    expect(issues(AuditListQuerySchema.safeParse({ page: String(last + 1) }))).toEqual({ page: PAGE_TOO_DEEP_MESSAGE });
    expect(issues(AuditListQuerySchema.safeParse({ page: "101", pageSize: "100" }))).toEqual({ page: PAGE_TOO_DEEP_MESSAGE });
  });

  it("valida los filtros de cada lista con mensajes en español", () => {
    expect(issues(AuditListQuerySchema.safeParse({ from: "2026-02-30" }))).toEqual({ from: "La fecha desde no es válida" });
    expect(issues(AuditListQuerySchema.safeParse({ from: "2026-03-05", to: "2026-03-01" }))).toEqual({
      to: "La fecha hasta no puede ser anterior a la fecha desde",
    });
    expect(issues(AuditListQuerySchema.safeParse({ actor: "an" }))).toEqual({ actor: "Escribe al menos 3 letras del actor" });
    expect(issues(AdminUserListQuerySchema.safeParse({ active: "quizá" }))).toEqual({ active: "Elige un estado de la lista" });
    expect(issues(AdminUserListQuerySchema.safeParse({ roleId: "-1" }))).toEqual({ roleId: "Elige un rol de la lista" });
    expect(issues(AdminUserListQuerySchema.safeParse({ q: "x".repeat(101) }))).toEqual({ q: "La búsqueda es demasiado larga" });
  });

  it("cuenta la última página alcanzable de una lista", () => {
    expect(lastPageOf(0, 20)).toBe(1);
    expect(lastPageOf(41, 20)).toBe(3);
    expect(lastPageOf(2_000_000, 20)).toBe(500);
  });
});
