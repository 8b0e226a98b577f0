// Writes the API's OpenAPI document — the very answer of GET /api/openapi.json — to a file, so that
// tools that read the contract from a file (npm run lint:api: Redocly's lint) see what clients see.
// No database, no server: the API is built with a database that throws if anything touches it (the
// document is generated from the route declarations alone) and asked in-process.
//
//   tsx scripts/openapi-document.ts build/openapi.json
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createApi } from "../api/app";
import type { Database } from "../api/db/client";
import { systemClock } from "../platform/clock";
import { logger } from "../platform/logger";

const out = process.argv[2];
if (!out) {
  console.error("Uso: tsx scripts/openapi-document.ts <fichero.json>");
  process.exit(2);
}

const noDatabase = new Proxy({} as Database, {
  get(_target, property) {
    throw new Error(`The OpenAPI document should not need the database (it read db.${String(property)})`);
  },
});

const api = createApi({ db: noDatabase, logger, now: systemClock, jwtSecret: "openapi-document-".padEnd(32, "x") });
const response = await api.request("/openapi.json");
if (response.status !== 200) throw new Error(`GET /openapi.json answered ${response.status}: ${await response.text()}`);
const document = await response.json();

mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
writeFileSync(out, JSON.stringify(document, null, 2) + "\n");
console.log(`${out}: OpenAPI ${document.openapi}, ${Object.keys(document.paths).length} paths`);
