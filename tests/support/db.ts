// A fresh, migrated and seeded database per integration test file, cloned from the template that
// tests/support/global-setup.ts builds once per run (cloning takes ~1 s; migrating and seeding
// from scratch would take several per file).
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { inject } from "vitest";
import { newPglite, openDatabase, type DatabaseHandle } from "../../api/db/client";

/** The superadmin every test database starts with. */
export const TEST_ADMIN_EMAIL = "admin@cotiza.test";
export const TEST_ADMIN_PASSWORD = "Admin-Cotiza-2026!";
export const TEST_ADMIN_USERNAME = "admin";

declare module "vitest" {
  export interface ProvidedContext {
    /** Path of a gzipped PGlite data dir dump (embedded mode), or null on PostgreSQL. */
    pgliteTemplate: string | null;
    /** Name of the template database on the DATABASE_URL server, or null in embedded mode. */
    pgTemplateDatabase: string | null;
  }
}

/** The same server as `databaseUrl`, another database. */
export function databaseUrlFor(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Runs one statement on the server's maintenance connection (CREATE/DROP DATABASE cannot use a pool transaction). */
export async function onServer(databaseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let templateBlob: Promise<Blob> | undefined;

function loadTemplate(file: string): Promise<Blob> {
  // The type tells PGlite to gunzip; one read per worker, the Blob is reusable.
  templateBlob ??= readFile(file).then((bytes) => new Blob([bytes], { type: "application/x-gzip" }));
  return templateBlob;
}

export async function createTestDatabase(): Promise<DatabaseHandle> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const template = inject("pgTemplateDatabase");
    if (!template) throw new Error("DATABASE_URL is set but global setup provided no template database");
    return clonePostgres(databaseUrl, template);
  }
  const file = inject("pgliteTemplate");
  if (!file) throw new Error("Global setup provided no PGlite template (is tests/support/global-setup.ts configured?)");
  const pglite = newPglite({ loadDataDir: await loadTemplate(file) });
  return openDatabase({ pglite });
}

async function clonePostgres(databaseUrl: string, template: string): Promise<DatabaseHandle> {
  const name = `cotiza_test_${randomBytes(6).toString("hex")}`;
  await createFromTemplate(databaseUrl, name, template);
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ databaseUrl: databaseUrlFor(databaseUrl, name) });
  } catch (error) {
    await onServer(databaseUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`).catch(() => {});
    throw error;
  }
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await onServer(databaseUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    },
  };
}

async function createFromTemplate(databaseUrl: string, name: string, template: string): Promise<void> {
  // PostgreSQL refuses to copy a template while another session is connected to it (55006);
  // that only lasts a moment (e.g. a parallel clone), so try again briefly.
  for (let attempt = 1; ; attempt++) {
    try {
      await onServer(databaseUrl, `CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== "55006" || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
