// ADR 037: the S3-compatible document store against a real S3 server started here (s3rver, on
// its own port and folder): put/get/delete, a missing key is null, a bucket that fails is an
// error (never an empty or a wrong file); the stored-documents flow (issue once, read back
// checked by its hash) and an upload through the API land in the bucket.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents } from "../../api/db/schema";
import { s3DocumentStore, type S3StoreConfig } from "../../api/services/document-store/s3";
import { DocumentStoreUnavailable } from "../../api/services/document-store/store";
import { newStorageKey, sha256Hex, type DocumentStore } from "../../api/services/document-store/store";
import { issueOnce, readStoredDocument, StoredDocumentUnreadable } from "../../api/services/stored-documents";
import { database, json, setUpAdminApi, superToken } from "../support/admin-api";
import { insertTestPolicy } from "../support/policies";
import { madridDate } from "../../api/domain/calendar";

const BUCKET = "cotiza-documentos";
let s3: S3rver;
let config: S3StoreConfig;
let store: DocumentStore;

// Started before the API (hooks run in order), which gets the store through this forwarder.
beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), "cotiza-s3-")),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  config = { endpoint: `http://127.0.0.1:${port}`, bucket: BUCKET, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  store = s3DocumentStore(config);
});
afterAll(async () => {
  await s3?.close();
});
setUpAdminApi({
  documents: {
    name: "s3",
    put: (key, content, type) => store.put(key, content, type),
    get: (key) => store.get(key),
    delete: (key) => store.delete(key),
  },
});

const key = () => newStorageKey(new Date(), "application/pdf");

describe("almacén S3 de documentos", () => {
  it("guarda, lee y borra por clave; una clave que no existe es null", async () => {
    const k = key();
    const content = Buffer.from("%PDF-1.4 en el bucket");
    await store.put(k, content, "application/pdf");
    expect((await store.get(k))?.equals(content)).toBe(true);
    await store.delete(k);
    expect(await store.get(k)).toBeNull();
    // Deleting again is no error.
    await store.delete(k);
    expect(await store.get(key())).toBeNull();
  });

  it("una clave que no es nuestra no sale a la red", async () => {
    await expect(store.get("../otro-bucket/x")).rejects.toThrow(/Invalid document storage key/);
  });

  it("credenciales rechazadas, un bucket que no existe o un servidor que no responde: error claro, nunca un fichero", async () => {
    // s3rver checks the access key id, not the V4 signature itself: an unknown key is its 403.
    const badKey = s3DocumentStore({ ...config, accessKeyId: "NADIE" });
    await expect(badKey.put(key(), Buffer.from("x"), "application/pdf")).rejects.toBeInstanceOf(DocumentStoreUnavailable);
    await expect(badKey.get(key())).rejects.toThrow(/Document store get failed: HTTP 403/);
    const noBucket = s3DocumentStore({ ...config, bucket: "no-existe" });
    await expect(noBucket.get(key())).rejects.toThrow(/NoSuchBucket/);
    const down = s3DocumentStore({ ...config, endpoint: "http://127.0.0.1:9", timeoutMs: 2000 });
    await expect(down.get(key())).rejects.toBeInstanceOf(DocumentStoreUnavailable);
  });

  it("emitir una vez y leer con su hash, sobre el bucket", async () => {
    const deps = { db: database.db, documents: store, now: () => new Date() };
    const spec = { kind: "ipid" as const, seriesKey: `ipid:s3:${Date.now()}`, title: "IPID en S3", owner: {} };
    const render = async () => ({ filename: "ipid.pdf", content: Buffer.from("%PDF-1.4 ipid s3") });
    const first = await issueOnce(deps, spec, { type: "system" }, render);
    expect(first.row.storage).toBe("s3");
    const again = await issueOnce(deps, spec, { type: "system" }, async () => ({ filename: "ipid.pdf", content: Buffer.from("otro") }));
    expect(again.row.id).toBe(first.row.id);
    expect((await readStoredDocument(deps, again.row)).toString()).toBe("%PDF-1.4 ipid s3");
    // Changed in the bucket behind our back: refused, not served.
    await store.delete(first.row.storageKey);
    await store.put(first.row.storageKey, Buffer.from("%PDF-1.4 cambiado"), "application/pdf");
    await expect(readStoredDocument(deps, first.row)).rejects.toBeInstanceOf(StoredDocumentUnreadable);
  });

  it("un documento subido por la API queda en el bucket con su hash", async () => {
    const policy = await insertTestPolicy(database.db, { startDate: madridDate(new Date()), createdAt: new Date() });
    const content = Buffer.from("%PDF-1.4\n%mandato firmado en S3\n");
    const body = new FormData();
    body.set("title", "Mandato firmado");
    body.set("file", new File([new Uint8Array(content)], "mandato.pdf"));
    const answer = await json<{ id: string }>("post", `/admin/policies/${policy.id}/documents`, { token: superToken, body, status: 201 });
    const [row] = await database.db.select().from(documents).where(eq(documents.id, answer.id));
    expect(row).toMatchObject({ storage: "s3", sha256: sha256Hex(content) });
    expect((await store.get(row!.storageKey))?.equals(content)).toBe(true);
  });
});
