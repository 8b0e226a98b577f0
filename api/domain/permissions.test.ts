import { describe, expect, it } from "vitest";
import {
  PERMISSIONS,
  PERMISSION_NAMES,
  SEED_ROLES,
  SEED_ROLE_DESCRIPTIONS,
  SEED_ROLE_PERMISSIONS,
  hasPermission,
  isPermissionName,
  type PermissionName,
} from "./permissions";

const granted = (role: (typeof SEED_ROLES)[number]) =>
  Object.entries(SEED_ROLE_PERMISSIONS[role])
    .filter(([, value]) => value)
    .map(([name]) => name)
    .sort();

describe("hasPermission", () => {
  it("is true only for an entry set to exactly true", () => {
    expect(hasPermission({ "users:read": true }, "users:read")).toBe(true);
    expect(hasPermission({ "users:read": false }, "users:read")).toBe(false);
    expect(hasPermission({}, "users:read")).toBe(false);
    expect(hasPermission({ "users:read": "true" } as unknown as Record<string, boolean>, "users:read")).toBe(false);
    expect(hasPermission({ "users:read": 1 } as unknown as Record<string, boolean>, "users:read")).toBe(false);
  });

  it("is false without a map", () => {
    expect(hasPermission(undefined, "users:read")).toBe(false);
    expect(hasPermission(null, "users:read")).toBe(false);
  });

  it("never grants through inherited properties", () => {
    const inherited = Object.create({ "users:read": true }) as Record<string, boolean>;
    expect(hasPermission(inherited, "users:read")).toBe(false);
    expect(hasPermission({}, "constructor" as PermissionName)).toBe(false);
    expect(hasPermission({}, "__proto__" as PermissionName)).toBe(false);
  });
});

describe("permission catalogue", () => {
  it("has unique resource:action names with a Spanish description and a group", () => {
    expect(new Set(PERMISSION_NAMES).size).toBe(PERMISSIONS.length);
    for (const p of PERMISSIONS) {
      expect(p.name).toMatch(/^[a-z]+:[a-z]+(:any)?$/);
      expect(p.description.length).toBeGreaterThan(10);
      expect(p.group.length).toBeGreaterThan(0);
    }
  });

  it("contains every permission the admin area relies on", () => {
    for (const name of [
      "users:read",
      "users:write",
      "roles:read",
      "roles:write",
      "policies:read",
      "policies:write",
      "payments:read",
      "payments:write",
      "clients:read",
      "clients:write",
      "guarantees:read",
      "guarantees:write",
      "documents:read",
      "documents:write",
      "email:write",
      "reports:read",
      "pipeline:read",
      "pipeline:write",
      "pipeline:write:any",
      "settings:read",
      "settings:write",
      "audit:read",
      "dashboard:read",
    ]) {
      expect(isPermissionName(name), name).toBe(true);
    }
    expect(isPermissionName("nope:nope")).toBe(false);
  });
});

describe("seeded roles", () => {
  it("decide every permission for every role, with a Spanish description", () => {
    for (const role of SEED_ROLES) {
      expect(Object.keys(SEED_ROLE_PERMISSIONS[role]).sort()).toEqual([...PERMISSION_NAMES].sort());
      expect(SEED_ROLE_DESCRIPTIONS[role].length).toBeGreaterThan(10);
    }
  });

  it("superadmin has everything", () => {
    expect(granted("superadmin")).toEqual([...PERMISSION_NAMES].sort());
  });

  it("gestor runs operations but manages no users, roles or settings and sees no audit", () => {
    const p = SEED_ROLE_PERMISSIONS.gestor;
    for (const name of [
      "policies:write",
      "payments:write",
      "clients:write",
      "guarantees:write",
      "documents:write",
      "email:write",
      "reports:read",
      "dashboard:read",
      "pipeline:read",
      "pipeline:write",
      "pipeline:write:any",
    ] as const) {
      expect(p[name], name).toBe(true);
    }
    for (const name of ["users:write", "roles:write", "settings:write", "audit:read"] as const) {
      expect(p[name], name).toBe(false);
    }
  });

  it("comercial works the pipeline and clients and only reads policies; the reports are not theirs (issue 24)", () => {
    expect(granted("comercial")).toEqual(
      ["clients:read", "clients:write", "dashboard:read", "pipeline:read", "pipeline:write", "policies:read"].sort(),
    );
  });

  it("auditor reads everything, audit included, and writes nothing", () => {
    const reads = PERMISSION_NAMES.filter((n) => n.endsWith(":read")).sort();
    expect(granted("auditor")).toEqual(reads);
    expect(reads).toContain("audit:read");
  });
});
