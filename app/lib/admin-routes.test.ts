import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PERMISSION_NAMES } from "../../api/contract/permissions";
import {
  ADMIN_ROUTE_PERMISSIONS,
  ADMIN_SECTION_GROUPS,
  ADMIN_SECTIONS,
  activeSectionTo,
  canOpen,
  groupSections,
  isAdminRouteId,
  visibleSections,
} from "./admin-routes";

const ROUTES_DIR = fileURLToPath(new URL("../routes", import.meta.url));

// Remix flat routes: a file's route id is "routes/" + its name without extension. Files whose
// name has a segment starting with "__" are helpers (remix.config ignores them), tests are not
// routes, and admin_.login is the public login page.
const adminRouteIds = readdirSync(ROUTES_DIR)
  .filter((file) => /\.(tsx|ts)$/.test(file) && !/\.test\.(tsx|ts)$/.test(file))
  .filter((file) => file === "admin.tsx" || /^admin[._]/.test(file))
  .filter((file) => !file.split(".").some((segment) => segment.startsWith("__")))
  .map((file) => `routes/${file.replace(/\.(tsx|ts)$/, "")}`)
  .filter((id) => id !== "routes/admin_.login");

describe("ADMIN_ROUTE_PERMISSIONS", () => {
  it("tiene una entrada para cada fichero de ruta de administración", () => {
    const table = Object.keys(ADMIN_ROUTE_PERMISSIONS);
    expect(adminRouteIds.filter((id) => !table.includes(id))).toEqual([]);
  });

  it("no tiene entradas sin fichero de ruta", () => {
    const table = Object.keys(ADMIN_ROUTE_PERMISSIONS);
    expect(table.filter((id) => !adminRouteIds.includes(id))).toEqual([]);
  });

  it("solo usa permisos del catálogo", () => {
    for (const entry of Object.values(ADMIN_ROUTE_PERMISSIONS)) {
      for (const permission of [entry.loader, entry.action]) {
        if (permission !== null) expect(PERMISSION_NAMES).toContain(permission);
      }
    }
  });

  it("garantías: leer con guarantees:read; crear, editar, cambiar precios y (des)activar con guarantees:write", () => {
    for (const id of ["routes/admin.guarantees._index", "routes/admin.guarantees[.]csv", "routes/admin.guarantees.$id._index"] as const) {
      expect(ADMIN_ROUTE_PERMISSIONS[id].loader).toBe("guarantees:read");
    }
    for (const id of ["routes/admin.guarantees.new", "routes/admin.guarantees.$id.edit"] as const) {
      expect(ADMIN_ROUTE_PERMISSIONS[id]).toEqual({ loader: "guarantees:write", action: "guarantees:write" });
    }
    expect(ADMIN_ROUTE_PERMISSIONS["routes/admin.guarantees.$id._index"].action).toBe("guarantees:write");
    expect(visibleSections({ "guarantees:read": true }).map((s) => s.label)).toEqual(["Panel", "Garantías", "Configuración"]);
    expect(canOpen({ "guarantees:read": true }, "routes/admin.guarantees.$id._index", "action")).toBe(false);
  });

  it("deja fuera el inicio de sesión, que es público", () => {
    expect(isAdminRouteId("routes/admin_.login")).toBe(false);
    expect(isAdminRouteId("routes/admin.login")).toBe(false);
  });

  it("pólizas: leer con policies:read; cambiarlas con policies:write y sus recibos con payments:write", () => {
    for (const id of ["routes/admin.policies._index", "routes/admin.policies[.]csv", "routes/admin.policies.$id._index"] as const) {
      expect(ADMIN_ROUTE_PERMISSIONS[id].loader).toBe("policies:read");
    }
    expect(ADMIN_ROUTE_PERMISSIONS["routes/admin.policies.$id._index"].action).toBe("policies:write");
    expect(ADMIN_ROUTE_PERMISSIONS["routes/admin.policies._index"].action).toBe("policies:write");
    expect(ADMIN_ROUTE_PERMISSIONS["routes/admin.policies.$id.payments"]).toEqual({ loader: "payments:read", action: "payments:write" });
    // A comercial (policies without payments) does not open the policy's recibos page.
    expect(canOpen({ "policies:read": true, "policies:write": true }, "routes/admin.policies.$id.payments")).toBe(false);
    expect(canOpen({ "policies:read": true, "policies:write": true }, "routes/admin.policies.$id.payments", "action")).toBe(false);
    // The policy's PDFs (ADR 036): documents:read, not policies:read (a comercial reads the policy, not its documents).
    for (const id of [
      "routes/admin.policies.$id.documentos.condiciones",
      "routes/admin.policies.$id.documentos.recibo.$sequence",
      "routes/admin.policies.$id.documentos.justificante.$sequence",
      "routes/admin.policies.$id.documentos.mandato",
    ] as const) {
      expect(canOpen({ "documents:read": true }, id)).toBe(true);
      expect(canOpen({ "policies:read": true, "payments:read": true, "clients:read": true }, id)).toBe(false);
    }
  });

  it("documentos: ver y descargar con documents:read, regenerar y eliminar con documents:write, y solo entonces «Documentos»", () => {
    const reader = { "documents:read": true };
    for (const id of [
      "routes/admin.documents._index",
      "routes/admin.documents[.]csv",
      "routes/admin.documents.$id._index",
      "routes/admin.documents.$id.descargar",
    ] as const) {
      expect(canOpen(reader, id)).toBe(true);
      expect(canOpen({ "policies:read": true }, id)).toBe(false);
    }
    expect(canOpen(reader, "routes/admin.documents.$id._index", "action")).toBe(false);
    expect(canOpen({ ...reader, "documents:write": true }, "routes/admin.documents.$id._index", "action")).toBe(true);
    expect(visibleSections(reader).map((s) => s.label)).toEqual(["Panel", "Documentos", "Configuración"]);
    expect(visibleSections({ "policies:read": true }).map((s) => s.label)).not.toContain("Documentos");
  });

  it("exige audit:read en /admin/audit y su exportación", () => {
    expect(ADMIN_ROUTE_PERMISSIONS["routes/admin.audit"].loader).toBe("audit:read");
    expect(ADMIN_ROUTE_PERMISSIONS["routes/admin.audit[.]csv"].loader).toBe("audit:read");
  });
});

describe("las rutas de pagos", () => {
  it("dejan ver con payments:read, reintentar cobros con payments:write, y solo entonces ofrecen «Pagos»", () => {
    for (const id of ["routes/admin.payments._index", "routes/admin.payments[.]csv", "routes/admin.payments.$id"] as const) {
      expect(ADMIN_ROUTE_PERMISSIONS[id].loader).toBe("payments:read");
    }
    expect(ADMIN_ROUTE_PERMISSIONS["routes/admin.payments.reintentar"]).toEqual({ loader: "payments:write", action: "payments:write" });
    expect(visibleSections({ "payments:read": true }).map((s) => s.label)).toEqual([
      "Panel",
      "Pagos",
      "Remesas SEPA",
      "Devoluciones",
      "Extornos",
      "Configuración",
    ]);
    expect(visibleSections({ "policies:read": true, "clients:read": true }).map((s) => s.label)).not.toContain("Pagos");
    expect(canOpen({ "payments:read": true }, "routes/admin.payments.reintentar")).toBe(false);
  });
});

describe("las rutas de clientes", () => {
  it("dejan ver con clients:read y exigen clients:write para editar, anotar, descargar sus datos y anonimizar", () => {
    const reader = { "clients:read": true };
    expect(canOpen(reader, "routes/admin.clients._index")).toBe(true);
    expect(canOpen(reader, "routes/admin.clients[.]csv")).toBe(true);
    expect(canOpen(reader, "routes/admin.clients.$id._index")).toBe(true);
    expect(canOpen(reader, "routes/admin.clients.$id._index", "action")).toBe(false);
    expect(canOpen(reader, "routes/admin.clients.$id.edit")).toBe(false);
    expect(canOpen(reader, "routes/admin.clients.$id.export")).toBe(false);
    const writer = { ...reader, "clients:write": true };
    expect(canOpen(writer, "routes/admin.clients.$id._index", "action")).toBe(true);
    expect(canOpen(writer, "routes/admin.clients.$id.edit", "action")).toBe(true);
    expect(canOpen(writer, "routes/admin.clients.$id.export")).toBe(true);
    expect(visibleSections(reader).map((s) => s.label)).toEqual(["Panel", "Clientes", "Configuración"]);
  });
});

describe("canOpen", () => {
  it("abre las rutas sin permiso a cualquier administrador", () => {
    expect(canOpen({}, "routes/admin._index")).toBe(true);
    expect(canOpen(null, "routes/admin.settings", "action")).toBe(true);
  });

  it("exige la entrada exactamente a true", () => {
    expect(canOpen({ "users:read": true }, "routes/admin.users._index")).toBe(true);
    expect(canOpen({ "users:read": false }, "routes/admin.users._index")).toBe(false);
    expect(canOpen({}, "routes/admin.users._index")).toBe(false);
    expect(canOpen({ "users:read": true }, "routes/admin.users._index", "action")).toBe(false);
  });
});

describe("visibleSections", () => {
  it("muestra todas las secciones a quien tiene todos los permisos", () => {
    const all = Object.fromEntries(PERMISSION_NAMES.map((name) => [name, true]));
    expect(visibleSections(all).map((s) => s.label)).toEqual(ADMIN_SECTIONS.map((s) => s.label));
  });

  it("a un rol sin permisos solo le muestra el panel y la configuración", () => {
    expect(visibleSections({}).map((s) => s.label)).toEqual(["Panel", "Configuración"]);
  });

  it("oculta Auditoría sin audit:read y la muestra con él", () => {
    const labels = (p: Record<string, boolean>) => visibleSections(p).map((s) => s.label);
    expect(labels({ "roles:read": true })).toEqual(["Panel", "Roles", "Permisos", "Configuración"]);
    expect(labels({ "audit:read": true })).toContain("Auditoría");
    expect(labels({ "audit:read": false })).not.toContain("Auditoría");
  });
});

describe("activeSectionTo", () => {
  it("marca una sola sección, la más concreta de la dirección", () => {
    const at = (path: string) => activeSectionTo(ADMIN_SECTIONS, path);
    expect(at("/admin")).toBe("/admin");
    expect(at("/admin/payments")).toBe("/admin/payments");
    expect(at("/admin/payments/123")).toBe("/admin/payments");
    expect(at("/admin/payments/remittances/new")).toBe("/admin/payments/remittances");
    expect(at("/admin/payments/returns/4")).toBe("/admin/payments/returns");
    expect(at("/admin/settings/sepa")).toBe("/admin/settings");
    expect(at("/admin/policies/")).toBe("/admin/policies");
    // The panel is the exact address only; a prefix of letters is not a section.
    expect(at("/admin/no-existe")).toBeNull();
    expect(at("/admin/paymentsx")).toBeNull();
  });
});

describe("los embudos (ADR 041)", () => {
  it("«Embudo comercial» con pipeline:read; «Embudo de clientes» solo si además puede leer clientes", () => {
    expect(visibleSections({ "pipeline:read": true }).map((s) => s.label)).toEqual(["Panel", "Embudo comercial", "Configuración"]);
    expect(visibleSections({ "pipeline:read": true, "clients:read": true }).map((s) => s.label)).toContain("Embudo de clientes");
    expect(visibleSections({ "clients:read": true }).map((s) => s.label)).not.toContain("Embudo de clientes");
  });

  it("mover una oportunidad pide pipeline:write; mover un cliente, clients:write", () => {
    expect(canOpen({ "pipeline:read": true }, "routes/admin.pipeline._index", "action")).toBe(false);
    expect(canOpen({ "pipeline:read": true, "pipeline:write": true }, "routes/admin.pipeline._index", "action")).toBe(true);
    expect(ADMIN_ROUTE_PERMISSIONS["routes/admin.client-pipeline._index"].action).toBe("clients:write");
    expect(activeSectionTo(ADMIN_SECTIONS, "/admin/pipeline/lista")).toBe("/admin/pipeline");
    expect(activeSectionTo(ADMIN_SECTIONS, "/admin/client-pipeline/lista")).toBe("/admin/client-pipeline");
  });
});

describe("los grupos de la barra lateral", () => {
  it("cada grupo sale una vez, en el orden de ADMIN_SECTION_GROUPS, con el Panel suelto arriba", () => {
    const groups = groupSections(ADMIN_SECTIONS).map((g) => g.group);
    expect(groups).toEqual([null, ...ADMIN_SECTION_GROUPS]);
  });

  it("un grupo sin ninguna sección que se pueda abrir no sale", () => {
    const grouped = groupSections(visibleSections({ "pipeline:read": true }));
    expect(grouped.map((g) => [g.group, g.sections.map((s) => s.label)])).toEqual([
      [null, ["Panel"]],
      ["Ventas", ["Embudo comercial"]],
      ["Administración", ["Configuración"]],
    ]);
  });
});
