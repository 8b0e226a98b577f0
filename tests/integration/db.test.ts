import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SiteInfoSchema } from "../../api/contract/site";
import { openDatabase, queryRows, type Database, type DatabaseHandle } from "../../api/db/client";
import * as s from "../../api/db/schema";
import { seedDatabase } from "../../api/db/seed";
import { GUARANTEES, PLANS, TARIFFS } from "../../api/db/seed/catalogue";
import { DEFAULT_SETTINGS } from "../../api/db/seed/settings";
import { PROVINCES } from "../../api/domain/provinces";
import { verifyPassword } from "../../api/domain/password";
import { PERMISSIONS, SEED_ROLE_PERMISSIONS, hasPermission } from "../../api/domain/permissions";
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, createTestDatabase } from "../support/db";

const quiet = { log: () => {} };

const TABLES = {
  permissions: s.permissions,
  roles: s.roles,
  adminUsers: s.adminUsers,
  productLines: s.productLines,
  plans: s.plans,
  guarantees: s.guarantees,
  planGuarantees: s.planGuarantees,
  tariffs: s.tariffs,
  settings: s.settings,
  settingVersions: s.settingVersions,
  auditLog: s.auditLog,
};

async function counts(db: Database): Promise<Record<keyof typeof TABLES, number>> {
  const out = {} as Record<keyof typeof TABLES, number>;
  for (const [name, table] of Object.entries(TABLES) as [keyof typeof TABLES, (typeof TABLES)[keyof typeof TABLES]][]) {
    const [row] = await db.select({ n: count() }).from(table);
    out[name] = row!.n;
  }
  return out;
}

describe("migrated and seeded database", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("answers ping", async () => {
    await expect(handle.ping()).resolves.toBeUndefined();
  });

  it("has the permission catalogue", async () => {
    const rows = await handle.db.select().from(s.permissions);
    expect(rows.map((r) => r.name).sort()).toEqual(PERMISSIONS.map((p) => p.name).sort());
    expect(rows.find((r) => r.name === "audit:read")?.description).toBe("Ver el registro de auditoría");
  });

  it("has the four system roles with their permission maps", async () => {
    const rows = await handle.db.select().from(s.roles);
    expect(rows.map((r) => r.name).sort()).toEqual(["auditor", "comercial", "gestor", "superadmin"]);
    for (const role of rows) {
      expect(role.isSystem).toBe(true);
      expect(role.permissions).toEqual(SEED_ROLE_PERMISSIONS[role.name as keyof typeof SEED_ROLE_PERMISSIONS]);
    }
    const auditor = rows.find((r) => r.name === "auditor")!;
    expect(hasPermission(auditor.permissions, "audit:read")).toBe(true);
    expect(hasPermission(auditor.permissions, "policies:write")).toBe(false);
  });

  it("has the first superadmin with a working password", async () => {
    const [admin] = await handle.db
      .select({
        username: s.adminUsers.username,
        email: s.adminUsers.email,
        hash: s.adminUsers.passwordHash,
        role: s.roles.name,
        active: s.adminUsers.active,
      })
      .from(s.adminUsers)
      .innerJoin(s.roles, eq(s.roles.id, s.adminUsers.roleId));
    expect(admin).toMatchObject({ username: "admin", email: TEST_ADMIN_EMAIL, role: "superadmin", active: true });
    await expect(verifyPassword(TEST_ADMIN_PASSWORD, admin!.hash)).resolves.toBe(true);
    await expect(verifyPassword("otra-contraseña", admin!.hash)).resolves.toBe(false);
  });

  it("has the catalogue: lines, plans, guarantees and which plan includes or offers each", async () => {
    const lines = await handle.db.select().from(s.productLines).orderBy(s.productLines.code);
    expect(lines.map((l) => [l.code, l.name])).toEqual([
      ["auto", "Seguro de coche"],
      ["hogar", "Seguro de hogar"],
      ["alquiler", "Seguro de impago de alquiler"],
    ]);
    const plans = await handle.db.select().from(s.plans);
    expect(plans).toHaveLength(PLANS.length);
    expect(
      plans
        .filter((p) => p.lineCode === "auto")
        .map((p) => p.name)
        .sort(),
    ).toEqual(["Terceros", "Terceros ampliado", "Todo riesgo", "Todo riesgo con franquicia"].sort());

    const guarantees = await handle.db.select().from(s.guarantees);
    expect(guarantees).toHaveLength(GUARANTEES.length);
    const links = await handle.db
      .select({ plan: s.plans.code, guarantee: s.guarantees.code, included: s.planGuarantees.included })
      .from(s.planGuarantees)
      .innerJoin(s.plans, eq(s.plans.id, s.planGuarantees.planId))
      .innerJoin(s.guarantees, eq(s.guarantees.id, s.planGuarantees.guaranteeId));
    const included = (plan: string, guarantee: string) => links.find((l) => l.plan === plan && l.guarantee === guarantee)?.included;
    expect(included("terceros", "auto_rc_obligatoria")).toBe(true);
    expect(included("terceros", "auto_lunas")).toBe(false); // optional, at a price
    expect(included("terceros", "auto_danos_propios")).toBeUndefined(); // not offered
    expect(included("premium", "hogar_danos_accidentales")).toBe(true);
    expect(included("meses_6", "alquiler_cerrajeria")).toBe(false);
    expect(links).toHaveLength(GUARANTEES.reduce((n, g) => n + g.includedIn.length + g.optionalIn.length, 0));
  });

  it("has the tariffs, with every province in a zone", async () => {
    const tariffs = await handle.db.select().from(s.tariffs);
    expect(tariffs).toHaveLength(TARIFFS.length);
    const autoZone = tariffs.find((t) => t.lineCode === "auto" && t.factor === "zone")!.bands;
    expect(autoZone.kind).toBe("zone");
    if (autoZone.kind !== "zone") return;
    const codes = Array.from({ length: 52 }, (_, i) => String(i + 1).padStart(2, "0"));
    expect(Object.keys(autoZone.provinces).sort()).toEqual(codes);
    expect(PROVINCES.map((p) => p.code)).toEqual(codes);
    for (const zone of Object.values(autoZone.provinces)) expect(autoZone.zones.some((z) => z.zone === zone)).toBe(true);
    const ratio = tariffs.find((t) => t.factor === "rent_income_ratio")!.bands;
    expect(ratio.kind === "range" && ratio.declineAbove?.value).toBe(4000);
  });

  it("has the default settings as version 1 of each key, the distributor in the shape GET /public/site returns", async () => {
    const rows = await handle.db.select().from(s.settingVersions);
    expect(Object.fromEntries(rows.map((r) => [r.key, r.value]))).toEqual(DEFAULT_SETTINGS);
    expect(rows.every((r) => r.effectiveFrom === "2000-01-01" && r.withdrawnAt === null)).toBe(true);
    // The business keys live only in setting_versions (ADR 038).
    expect(await handle.db.select().from(s.settings)).toEqual([]);
    const distributor = rows.find((r) => r.key === "distributor")!.value;
    expect(SiteInfoSchema.strict().parse(distributor)).toMatchObject({
      distributorName: "Cotiza Correduría de Seguros, S.L.",
      distributorTaxId: "B12345674",
      complaintsEmail: expect.stringMatching(/^atencion\.cliente@/),
    });
  });

  it("recorded the seed in the audit log", async () => {
    const rows = await handle.db.select().from(s.auditLog).where(eq(s.auditLog.action, "seed"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorType: "system", entity: "database" });
    expect(JSON.stringify(rows[0]!.after)).not.toContain(TEST_ADMIN_PASSWORD);
  });

  it("seeding again changes nothing", async () => {
    const before = await counts(handle.db);
    const result = await seedDatabase(handle.db, { adminEmail: "otro@cotiza.test", adminPassword: "Otra-Clave-2026!", ...quiet });
    expect(result).toEqual({ adminCreated: false });
    expect(await counts(handle.db)).toEqual(before);
  });

  it("seeding never overwrites what an admin edited", async () => {
    await handle.db.update(s.guarantees).set({ deductibleCents: 9999, name: "Lunas (editada)" }).where(eq(s.guarantees.code, "auto_lunas"));
    await handle.db.update(s.settingVersions).set({ value: 900 }).where(eq(s.settingVersions.key, "ips_bp"));
    await handle.db
      .update(s.roles)
      .set({ permissions: { ...SEED_ROLE_PERMISSIONS.gestor, "audit:read": true } })
      .where(eq(s.roles.name, "gestor"));
    await seedDatabase(handle.db, quiet);
    const [lunas] = await handle.db.select().from(s.guarantees).where(eq(s.guarantees.code, "auto_lunas"));
    expect(lunas).toMatchObject({ deductibleCents: 9999, name: "Lunas (editada)" });
    const [ips] = await handle.db.select().from(s.settingVersions).where(eq(s.settingVersions.key, "ips_bp"));
    expect(ips!.value).toBe(900);
    const [gestor] = await handle.db.select().from(s.roles).where(eq(s.roles.name, "gestor"));
    expect(gestor!.permissions["audit:read"]).toBe(true);
  });

  it("la asistencia en el hogar dice «3 horas de mano de obra» una vez; la migración 0016 corrige las bases ya sembradas", async () => {
    const assistance = () => handle.db.select().from(s.guarantees).where(eq(s.guarantees.code, "hogar_asistencia"));
    const [seeded] = await assistance();
    // Description and limit are shown one after the other (/results, /garantias): the limit says it.
    expect(`${seeded!.description} ${seeded!.limitText}`.match(/mano de obra/g)).toHaveLength(1);
    expect(seeded!.limitText).toBe("3 horas de mano de obra por servicio");

    // A database seeded before the fix holds the old text; one an admin edited keeps its own.
    const OLD = "Fontanero, electricista y cerrajero urgentes las 24 horas, con 3 horas de mano de obra incluidas.";
    const migration = (await readFile(path.resolve("api/db/migrations/0016_hogar_assistance_text.sql"), "utf8")).split("--> statement-breakpoint");
    const run = async () => {
      for (const statement of migration) await handle.db.execute(sql.raw(statement));
    };
    await handle.db.update(s.guarantees).set({ description: OLD }).where(eq(s.guarantees.id, seeded!.id));
    await run();
    expect((await assistance())[0]!.description).toBe(seeded!.description);
    await handle.db.update(s.guarantees).set({ description: "Texto propio del equipo." }).where(eq(s.guarantees.id, seeded!.id));
    await run();
    expect((await assistance())[0]!.description).toBe("Texto propio del equipo.");
    await handle.db.update(s.guarantees).set({ description: seeded!.description }).where(eq(s.guarantees.id, seeded!.id));
  });

  it("enforces the constraints the domain relies on", async () => {
    await expect(handle.db.insert(s.users).values({ name: "Ana", email: "Ana@Example.com", passwordHash: "x" })).rejects.toThrow();
    await expect(handle.db.insert(s.guarantees).values({ code: "auto_lunas", name: "x", description: "x", lineCode: "auto" })).rejects.toThrow();
    const [client] = await handle.db.insert(s.clients).values({ name: "Ana Pérez", nif: "12345678Z" }).returning();
    await expect(handle.db.insert(s.clients).values({ name: "Otra", nif: "12345678Z" })).rejects.toThrow();
    await handle.db.insert(s.clients).values([{ name: "Sin NIF 1" }, { name: "Sin NIF 2" }]);
    await expect(
      handle.db.insert(s.policies).values({
        number: "COT-2026-000001",
        clientId: client!.id,
        lineCode: "hogar",
        planCode: "completo",
        startDate: "2026-01-01",
        endDate: "2027-01-01",
        netPremiumCents: 10000,
        ipsCents: 800,
        totalPremiumCents: 10001, // not the sum of its parts
      }),
    ).rejects.toThrow();
  });

  it("runs a transaction and rolls it back on error", async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(s.settings).values({ key: "temporal", value: true });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    const rows = await handle.db.select().from(s.settings).where(eq(s.settings.key, "temporal"));
    expect(rows).toHaveLength(0);
  });
});

describe("embedded database in DATA_DIR", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "cotiza-data-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))("keeps its data after close and reopen", async () => {
    const first = await openDatabase({ dataDir });
    expect(first.kind).toBe("pglite");
    const seeded = await seedDatabase(first.db, quiet);
    expect(seeded.adminCreated).toBe(true);
    expect(seeded.adminEmail).toBe("admin@cotiza.local");
    expect(seeded.generatedPassword).toMatch(/^[A-Za-z0-9]{20}$/);
    await first.db.insert(s.clients).values({ name: "María López", nif: "00000000T", stage: "activo" });
    await first.close();
    await expect(first.ping()).rejects.toThrow();

    const second = await openDatabase({ dataDir });
    try {
      const [client] = await second.db.select().from(s.clients).where(eq(s.clients.nif, "00000000T"));
      expect(client).toMatchObject({ name: "María López", stage: "activo" });
      const [admin] = await second.db.select().from(s.adminUsers);
      await expect(verifyPassword(seeded.generatedPassword!, admin!.passwordHash)).resolves.toBe(true);
      const again = await seedDatabase(second.db, quiet);
      expect(again.adminCreated).toBe(false);
      const [row] = await queryRows<{ migrations: number }>(second.db, sql`select count(*)::int as migrations from drizzle.__drizzle_migrations`);
      expect(row!.migrations).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  });
});
