// ADR 036: a generated document is stored once when issued and served byte for byte afterwards;
// regenerating keeps the old version; a file changed in the store is refused, not served.
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../api/db/client";
import { documents } from "../../api/db/schema";
import { localDocumentStore } from "../../api/services/document-store/local";
import { sha256Hex } from "../../api/services/document-store/store";
import {
  documentSeries,
  issueOnce,
  readStoredDocument,
  regenerateDocument,
  StoredDocumentUnreadable,
  type StoredDocumentDeps,
} from "../../api/services/stored-documents";
import { createTestDatabase } from "../support/db";

let handle: DatabaseHandle;
let deps: StoredDocumentDeps;
let root: string;
const system = { type: "system" as const, label: "Prueba" };

beforeAll(async () => {
  handle = await createTestDatabase();
  root = await mkdtemp(path.join(tmpdir(), "cotiza-docs-"));
  deps = { db: handle.db, documents: localDocumentStore(root), now: () => new Date("2026-11-28T10:00:00Z") };
});
afterAll(async () => handle.close());

const spec = (seriesKey: string) => ({ kind: "ipid" as const, seriesKey, title: "IPID de prueba", owner: {} });
let renders = 0;
const render = (text: string) => async () => {
  renders++;
  return { filename: "ipid-auto.pdf", content: Buffer.from(`%PDF-1.4 ${text}`) };
};

describe("documentos almacenados", () => {
  it("emite una vez: la segunda descarga no vuelve a generar y devuelve los mismos bytes", async () => {
    renders = 0;
    const first = await issueOnce(deps, spec("ipid:a"), system, render("uno"));
    const second = await issueOnce(deps, spec("ipid:a"), system, render("dos"));
    expect(renders).toBe(1);
    expect(second.row.id).toBe(first.row.id);
    expect(second.content.toString()).toBe("%PDF-1.4 uno");
    expect(first.row.sha256).toBe(sha256Hex(Buffer.from("%PDF-1.4 uno")));
    // The file is under DATA_DIR's folder for the month, with the bytes issued.
    expect(first.row.storageKey).toMatch(/^2026\/11\//);
    expect((await readFile(path.join(root, first.row.storageKey))).toString()).toBe("%PDF-1.4 uno");
  });

  it("dos primeras descargas a la vez guardan una sola versión", async () => {
    const both = await Promise.all([issueOnce(deps, spec("ipid:b"), system, render("x")), issueOnce(deps, spec("ipid:b"), system, render("y"))]);
    expect(both[0].row.id).toBe(both[1].row.id);
    expect(both[0].content.equals(both[1].content)).toBe(true);
    const rows = (await handle.db.select().from(documents)).filter((r) => r.seriesKey === "ipid:b");
    expect(rows).toHaveLength(1);
  });

  it("regenerar crea la versión siguiente y conserva la anterior", async () => {
    const first = await issueOnce(deps, spec(documentSeries.recibo(1, 1)), system, render("v1"));
    const second = await regenerateDocument(deps, spec(documentSeries.recibo(1, 1)), { type: "admin", id: 1, label: "admin" }, render("v2"));
    expect(second.row.version).toBe(2);
    expect((await readStoredDocument(deps, first.row)).toString()).toBe("%PDF-1.4 v1");
    const latest = await issueOnce(deps, spec(documentSeries.recibo(1, 1)), system, render("v3"));
    expect(latest.row.id).toBe(second.row.id);
    expect(latest.row.createdByType).toBe("admin");
  });

  it("un fichero cambiado en el almacén no se sirve", async () => {
    const issued = await issueOnce(deps, spec("ipid:c"), system, render("original"));
    await writeFile(path.join(root, issued.row.storageKey), "%PDF-1.4 cambiado");
    await expect(readStoredDocument(deps, issued.row)).rejects.toBeInstanceOf(StoredDocumentUnreadable);
  });

  it("una clave que no es nuestra no llega al sistema de ficheros", async () => {
    await expect(deps.documents.put("../../etc/passwd", Buffer.from("x"), "application/pdf")).rejects.toThrow(/Invalid document storage key/);
  });
});
