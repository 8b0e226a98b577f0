// An in-process API with a document store under a temporary DATA_DIR (ADR 036), and the calls the
// documents tests make: customers who buy a policy, staff with given permissions, raw downloads.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { createApi } from "../../api/app";
import type { Database, DatabaseHandle } from "../../api/db/client";
import { documents, users } from "../../api/db/schema";
import { nifCheckLetter } from "../../api/domain/nif";
import type { PermissionName } from "../../api/domain/permissions";
import type { ApiApp } from "../../api/env";
import { localDocumentStore } from "../../api/services/document-store/local";
import type { DocumentStore } from "../../api/services/document-store/store";
import { documentSeries } from "../../api/services/stored-documents";
import { checkoutBody } from "./checkout";
import { createTestDatabase, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "./db";
import { AUTO } from "./quote-inputs";
import { memoryLogger, TEST_JWT_SECRET, TEST_RATE_LIMITS } from "./server";

export type DocumentsEnv = { database: DatabaseHandle; api: ApiApp; store: DocumentStore; root: string; logger: ReturnType<typeof memoryLogger> };

export async function documentsEnv(): Promise<DocumentsEnv> {
  const database = await createTestDatabase();
  const root = await mkdtemp(path.join(tmpdir(), "cotiza-documentos-"));
  const store = localDocumentStore(root);
  const logger = memoryLogger();
  const api = createApi({
    db: database.db,
    readDb: database.readDb,
    logger,
    now: () => new Date(),
    jwtSecret: TEST_JWT_SECRET,
    rateLimits: TEST_RATE_LIMITS,
    documents: store,
  });
  return { database, api, store, root, logger };
}

export type Answer = { status: number; body: Record<string, unknown> & { error?: string }; bytes: Buffer; headers: Headers };

export async function send(env: DocumentsEnv, method: string, p: string, token?: string, body?: unknown): Promise<Answer> {
  const response = await env.api.request(p, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = response.headers.get("content-type") ?? "";
  const raw = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    body: type.includes("json") ? JSON.parse(raw.toString("utf8")) : {},
    bytes: type.includes("json") ? Buffer.alloc(0) : raw,
    headers: response.headers,
  };
}

let customers = 0;
/** A customer who registered and bought an annual auto policy by card; its id and number. */
export async function customerWithPolicy(
  env: DocumentsEnv,
): Promise<{ token: string; userId: number; email: string; policyId: number; number: string; nif: string }> {
  customers += 1;
  const email = `documentos${customers}-${Date.now().toString(36)}@example.com`;
  const registered = await send(env, "POST", "/auth/register", undefined, { name: `Cliente ${customers}`, email, password: "Gazpacho-andaluz-2026" });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  const token = registered.body.token as string;
  const quote = await send(env, "POST", "/quotes", token, { line: "auto", inputs: AUTO });
  expect(quote.status, JSON.stringify(quote.body)).toBe(201);
  const digits = String(70_000_000 + customers);
  const nif = `${digits}${nifCheckLetter(digits)}`;
  const sold = await send(env, "POST", `/quotes/${quote.body.id as string}/checkout`, token, checkoutBody(nif));
  expect(sold.status, JSON.stringify(sold.body)).toBe(201);
  const [user] = await env.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { token, userId: user!.id, email, policyId: sold.body.id as number, number: sold.body.number as string, nif };
}

export async function superToken(env: DocumentsEnv): Promise<string> {
  const answer = await send(env, "POST", "/admin/auth/login", undefined, { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
  expect(answer.status).toBe(200);
  return answer.body.token as string;
}

let staff = 0;
/** A staff member in a new role with exactly these permissions, signed in (temporary password already changed). */
export async function staffWith(env: DocumentsEnv, permissions: Partial<Record<PermissionName, boolean>>): Promise<string> {
  staff += 1;
  const admin = await superToken(env);
  const role = await send(env, "POST", "/admin/roles", admin, {
    name: `rol-documentos-${staff}-${Date.now().toString(36)}`,
    description: "",
    permissions,
  });
  expect(role.status, JSON.stringify(role.body)).toBe(201);
  const username = `docs${staff}${Date.now().toString(36)}`;
  const created = await send(env, "POST", "/admin/users", admin, {
    username,
    email: `${username}@cotiza.test`,
    password: "Temporal-Elegida-2026!",
    roleId: role.body.id,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const temporary = await send(env, "POST", "/admin/auth/login", undefined, { email: `${username}@cotiza.test`, password: "Temporal-Elegida-2026!" });
  const changed = await send(env, "POST", "/admin/auth/change-password", temporary.body.token as string, {
    currentPassword: "Temporal-Elegida-2026!",
    newPassword: "Clave-Segura-2026!",
  });
  expect(changed.status).toBe(200);
  const signedIn = await send(env, "POST", "/admin/auth/login", undefined, { email: `${username}@cotiza.test`, password: "Clave-Segura-2026!" });
  return signedIn.body.token as string;
}

/** An upload's row on a policy (its bytes are not read by what the tests do with it: list, delete, refuse to regenerate). */
export async function insertUploadRow(db: Database, policyId: number) {
  const id = crypto.randomUUID();
  const [row] = await db
    .insert(documents)
    .values({
      kind: "subido",
      seriesKey: documentSeries.upload(id),
      policyId,
      title: "Parte firmado",
      filename: "parte.pdf",
      contentType: "application/pdf",
      sizeBytes: 1,
      sha256: "0".repeat(64),
      storage: "local",
      storageKey: `2026/11/${id}.pdf`,
      createdByType: "admin",
      createdById: "1",
      createdByLabel: "admin@cotiza.test",
    })
    .returning();
  return row!;
}
