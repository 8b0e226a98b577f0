// Builds, once per test run, a migrated and seeded template database that every integration test
// file clones (tests/support/db.ts):
// - embedded (no DATABASE_URL): an in-memory PGlite dumped to a gzipped tarball in the temp dir;
// - PostgreSQL (DATABASE_URL, a superuser): a database `cotiza_template_<pid>`, dropped at the end.
// Both integration projects (vitest.config.ts) list this file; Vitest calls it once per project, in
// the same main process, so the first call builds the template and the second shares it.
import { rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { newPglite, openDatabase, type DatabaseHandle } from "../../api/db/client";
import { seedDatabase } from "../../api/db/seed";
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, databaseUrlFor, onServer, quoteIdent } from "./db";

type Template = { pgliteTemplate: string | null; pgTemplateDatabase: string | null; remove: () => Promise<void> };
type Shared = { template: Promise<Template>; projects: number };

// On globalThis rather than in a module variable: each project may load this file on its own.
const SHARED = Symbol.for("cotiza.integrationTemplate");
const holder = globalThis as typeof globalThis & { [SHARED]?: Shared };

async function migrateAndSeed(handle: DatabaseHandle): Promise<void> {
  await seedDatabase(handle.db, { adminEmail: TEST_ADMIN_EMAIL, adminPassword: TEST_ADMIN_PASSWORD, log: () => {} });
}

async function buildTemplate(): Promise<Template> {
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
    return { pgTemplateDatabase: template, pgliteTemplate: null, remove: dropTemplate };
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
  return { pgliteTemplate: file, pgTemplateDatabase: null, remove: () => rm(file, { force: true }) };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = (holder[SHARED] ??= { template: buildTemplate(), projects: 0 });
  shared.projects += 1;
  let template: Template;
  try {
    template = await shared.template;
  } catch (error) {
    // A failed build is not kept for the other project: it fails on its own attempt.
    if (holder[SHARED] === shared) delete holder[SHARED];
    throw error;
  }
  project.provide("pgliteTemplate", template.pgliteTemplate);
  project.provide("pgTemplateDatabase", template.pgTemplateDatabase);
  // The last project to finish removes the template.
  return async () => {
    shared.projects -= 1;
    if (shared.projects > 0) return;
    if (holder[SHARED] === shared) delete holder[SHARED];
    await template.remove();
  };
}
