// Builds, once per test run, a migrated and seeded template database that every integration test
// file clones (tests/support/db.ts):
// - embedded (no DATABASE_URL): an in-memory PGlite dumped to a gzipped tarball in the temp dir;
// - PostgreSQL (DATABASE_URL, a superuser): a database `cotiza_template_<pid>`, dropped at the end.
import { rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { newPglite, openDatabase, type DatabaseHandle } from "../../api/db/client";
import { seedDatabase } from "../../api/db/seed";
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, databaseUrlFor, onServer, quoteIdent } from "./db";

async function migrateAndSeed(handle: DatabaseHandle): Promise<void> {
  await seedDatabase(handle.db, { adminEmail: TEST_ADMIN_EMAIL, adminPassword: TEST_ADMIN_PASSWORD, log: () => {} });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const databaseUrl = process.env.DATABASE_URL;

  if (databaseUrl) {
    const template = `cotiza_template_${process.pid}`;
    await onServer(databaseUrl, `DROP DATABASE IF EXISTS ${quoteIdent(template)} WITH (FORCE)`);
    await onServer(databaseUrl, `CREATE DATABASE ${quoteIdent(template)}`);
    const dropTemplate = () => onServer(databaseUrl, `DROP DATABASE IF EXISTS ${quoteIdent(template)} WITH (FORCE)`);
    try {
      const handle = await openDatabase({ databaseUrl: databaseUrlFor(databaseUrl, template) });
      try {
        await migrateAndSeed(handle);
      } finally {
        // No session may stay connected to a template, or CREATE DATABASE … TEMPLATE fails.
        await handle.close();
      }
    } catch (error) {
      await dropTemplate().catch(() => {});
      throw error;
    }
    project.provide("pgTemplateDatabase", template);
    project.provide("pgliteTemplate", null);
    return dropTemplate;
  }

  const file = path.join(os.tmpdir(), `cotiza-pglite-template-${process.pid}.tar.gz`);
  const pglite = newPglite();
  const handle = await openDatabase({ pglite });
  try {
    await migrateAndSeed(handle);
    const dump = await pglite.dumpDataDir("gzip");
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide("pgliteTemplate", file);
  project.provide("pgTemplateDatabase", null);
  return () => rm(file, { force: true });
}
