// Seeds what a fresh installation needs: the permission catalogue, the four system roles, the
// product catalogue with its tariffs, the default settings and the first superadmin.
// Idempotent and conservative: rows are inserted only when missing, never overwritten, because
// admins edit guarantees, prices, roles and settings after the first start.
import { and, eq, inArray, sql } from "drizzle-orm";
import { GUARANTEES, PLANS, PRODUCT_LINES, TARIFFS } from "./catalogue";
import { DEFAULT_SETTINGS } from "./settings";
import { generatePassword, hashPassword } from "../../domain/password";
import { PERMISSIONS, SEED_ROLE_DESCRIPTIONS, SEED_ROLE_PERMISSIONS, SEED_ROLES } from "../../domain/permissions";
import type { Database, Transaction } from "../client";
import { adminUsers, auditLog, guaranteePrices, guarantees, permissions, planGuarantees, plans, productLines, roles, tariffs } from "../schema";
import { seedMissingSettings } from "../settings.repo";

export type SeedOptions = {
  adminEmail?: string;
  adminPassword?: string;
  log: (msg: string, fields?: Record<string, unknown>) => void;
};

export type SeedResult = {
  adminCreated: boolean;
  /** Only when the admin was created without a given password: print it once, store it nowhere. */
  generatedPassword?: string;
  adminEmail?: string;
};

export const DEFAULT_ADMIN_EMAIL = "admin@cotiza.local";
export const DEFAULT_ADMIN_USERNAME = "admin";

// Serialises seeding when several instances start at once against one PostgreSQL database.
const SEED_LOCK_ID = 4_032_027;

type SeedCounts = {
  permissions: number;
  roles: number;
  rolePermissionsAdded: number;
  productLines: number;
  plans: number;
  guarantees: number;
  planGuarantees: number;
  tariffs: number;
  settings: number;
  admins: number;
};

export async function seedDatabase(db: Database, opts: SeedOptions): Promise<SeedResult> {
  const adminEmail = (opts.adminEmail ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();

  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const counts: SeedCounts = {
      permissions: await seedPermissions(tx),
      ...(await seedRoles(tx)),
      ...(await seedCatalogue(tx)),
      settings: await seedSettings(tx),
      admins: 0,
    };
    const admin = await seedFirstAdmin(tx, adminEmail, opts.adminPassword);
    if (admin) counts.admins = 1;

    const created = Object.values(counts).some((n) => n > 0);
    if (created) {
      await tx.insert(auditLog).values({
        actorType: "system",
        actorLabel: "seed",
        action: "seed",
        entity: "database",
        after: { ...counts, ...(admin ? { adminEmail: admin.email } : {}) },
      });
    }
    return { counts, created, admin };
  });

  if (outcome.created) opts.log("Datos iniciales creados", { ...outcome.counts });
  else opts.log("Datos iniciales ya presentes, nada que crear");

  if (!outcome.admin) return { adminCreated: false };
  return {
    adminCreated: true,
    adminEmail: outcome.admin.email,
    ...(outcome.admin.generatedPassword ? { generatedPassword: outcome.admin.generatedPassword } : {}),
  };
}

async function seedPermissions(tx: Transaction): Promise<number> {
  const inserted = await tx
    .insert(permissions)
    .values(PERMISSIONS.map((p) => ({ name: p.name, description: p.description, group: p.group })))
    .onConflictDoNothing({ target: permissions.name })
    .returning({ name: permissions.name });
  return inserted.length;
}

/**
 * Inserts missing system roles. For roles that exist, only permission names they have never
 * heard of are added (with the seed value), so a permission introduced by a new release reaches
 * the superadmin without undoing any choice an admin made.
 */
async function seedRoles(tx: Transaction): Promise<{ roles: number; rolePermissionsAdded: number }> {
  const inserted = await tx
    .insert(roles)
    .values(
      SEED_ROLES.map((name) => ({
        name,
        description: SEED_ROLE_DESCRIPTIONS[name],
        permissions: { ...SEED_ROLE_PERMISSIONS[name] },
        isSystem: true,
      })),
    )
    .onConflictDoNothing({ target: roles.name })
    .returning({ id: roles.id });

  let rolePermissionsAdded = 0;
  const existing = await tx
    .select({ id: roles.id, name: roles.name, permissions: roles.permissions })
    .from(roles)
    .where(and(inArray(roles.name, [...SEED_ROLES]), eq(roles.isSystem, true)));
  for (const role of existing) {
    const seed = SEED_ROLE_PERMISSIONS[role.name as (typeof SEED_ROLES)[number]];
    const current = role.permissions ?? {};
    const missing = Object.entries(seed).filter(([name]) => !Object.prototype.hasOwnProperty.call(current, name));
    if (missing.length === 0) continue;
    await tx
      .update(roles)
      .set({ permissions: { ...current, ...Object.fromEntries(missing) }, updatedAt: sql`now()` })
      .where(eq(roles.id, role.id));
    rolePermissionsAdded += missing.length;
  }
  return { roles: inserted.length, rolePermissionsAdded };
}

async function seedCatalogue(
  tx: Transaction,
): Promise<{ productLines: number; plans: number; guarantees: number; planGuarantees: number; tariffs: number }> {
  const insertedLines = await tx
    .insert(productLines)
    .values(PRODUCT_LINES.map((l) => ({ code: l.code, name: l.name, description: l.description })))
    .onConflictDoNothing({ target: productLines.code })
    .returning({ code: productLines.code });

  const insertedPlans = await tx
    .insert(plans)
    .values(
      PLANS.map((p) => ({
        lineCode: p.line,
        code: p.code,
        name: p.name,
        description: p.description,
        basePremiumCents: p.basePremiumCents,
        deductibleCents: p.deductibleCents,
        sortOrder: p.sortOrder,
        recommended: p.recommended,
      })),
    )
    .onConflictDoNothing({ target: [plans.lineCode, plans.code] })
    .returning({ id: plans.id });

  const insertedGuarantees = await tx
    .insert(guarantees)
    .values(
      GUARANTEES.map((g, i) => ({
        code: g.code,
        name: g.name,
        description: g.description,
        lineCode: g.line,
        limitText: g.limitText,
        limitCents: g.limitCents,
        deductibleCents: g.deductibleCents,
        waitingDays: g.waitingDays ?? 0,
        sortOrder: i + 1,
      })),
    )
    .onConflictDoNothing({ target: [guarantees.lineCode, guarantees.code] })
    .returning({ id: guarantees.id, line: guarantees.lineCode, code: guarantees.code });

  // A new guarantee's seeded price is its version 1, in force from today (ADR 016).
  if (insertedGuarantees.length > 0) {
    const seedOf = new Map(GUARANTEES.map((g) => [`${g.line}/${g.code}`, g]));
    await tx.insert(guaranteePrices).values(
      insertedGuarantees.map((row) => {
        const seed = seedOf.get(`${row.line}/${row.code}`)!;
        return { guaranteeId: row.id, version: 1, priceType: seed.priceType, priceValue: seed.priceValue, validFrom: sql`current_date` };
      }),
    );
  }

  // Links are only made for a plan or a guarantee created in this run: a link an admin removed
  // from an existing pair stays removed.
  const newPlanIds = new Set(insertedPlans.map((p) => p.id));
  const newGuaranteeIds = new Set(insertedGuarantees.map((g) => g.id));
  let planGuaranteeCount = 0;
  if (newPlanIds.size > 0 || newGuaranteeIds.size > 0) {
    const allPlans = await tx.select({ id: plans.id, lineCode: plans.lineCode, code: plans.code }).from(plans);
    const allGuarantees = await tx.select({ id: guarantees.id, line: guarantees.lineCode, code: guarantees.code }).from(guarantees);
    const planId = new Map(allPlans.map((p) => [`${p.lineCode}/${p.code}`, p.id]));
    const guaranteeId = new Map(allGuarantees.map((g) => [`${g.line}/${g.code}`, g.id]));
    const links: { planId: number; guaranteeId: number; included: boolean }[] = [];
    for (const g of GUARANTEES) {
      const gid = guaranteeId.get(`${g.line}/${g.code}`);
      if (gid === undefined) continue;
      const offers = [...g.includedIn.map((code) => ({ code, included: true })), ...g.optionalIn.map((code) => ({ code, included: false }))];
      for (const { code, included } of offers) {
        const pid = planId.get(`${g.line}/${code}`);
        if (pid === undefined) throw new Error(`Catalogue: guarantee ${g.code} names unknown plan ${g.line}/${code}`);
        if (newPlanIds.has(pid) || newGuaranteeIds.has(gid)) links.push({ planId: pid, guaranteeId: gid, included });
      }
    }
    if (links.length > 0) {
      const inserted = await tx.insert(planGuarantees).values(links).onConflictDoNothing().returning({ planId: planGuarantees.planId });
      planGuaranteeCount = inserted.length;
    }
  }

  const insertedTariffs = await tx
    .insert(tariffs)
    .values(TARIFFS.map((t) => ({ lineCode: t.line, factor: t.factor, bands: t.table, version: 1 })))
    .onConflictDoNothing({ target: [tariffs.lineCode, tariffs.factor, tariffs.version] })
    .returning({ id: tariffs.id });

  return {
    productLines: insertedLines.length,
    plans: insertedPlans.length,
    guarantees: insertedGuarantees.length,
    planGuarantees: planGuaranteeCount,
    tariffs: insertedTariffs.length,
  };
}

async function seedSettings(tx: Transaction): Promise<number> {
  return seedMissingSettings(tx, DEFAULT_SETTINGS);
}

/** Creates the first superadmin, only while there is no admin user at all. */
async function seedFirstAdmin(
  tx: Transaction,
  email: string,
  password: string | undefined,
): Promise<{ email: string; generatedPassword?: string } | null> {
  const [anyAdmin] = await tx.select({ id: adminUsers.id }).from(adminUsers).limit(1);
  if (anyAdmin) return null;

  const [superadmin] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, "superadmin")).limit(1);
  if (!superadmin) throw new Error("Seed: the superadmin role is missing");

  const generatedPassword = password ? undefined : generatePassword();
  const passwordHash = await hashPassword(password ?? generatedPassword!);
  const [created] = await tx
    .insert(adminUsers)
    // A generated password is shown once on the console: temporary, changed at first sign-in.
    .values({ username: DEFAULT_ADMIN_USERNAME, email, passwordHash, roleId: superadmin.id, mustChangePassword: generatedPassword !== undefined })
    .returning({ id: adminUsers.id, email: adminUsers.email });
  if (!created) throw new Error("Seed: the first admin was not created");
  return { email: created.email, ...(generatedPassword ? { generatedPassword } : {}) };
}
