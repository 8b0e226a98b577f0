// Where the bytes of stored documents live (ADR 036): one small interface, a directory under DATA_DIR
// by default (local.ts) or an S3-compatible bucket by configuration (s3.ts). The database row
// (api/db/documents.repo.ts) says which store and key hold a document and its SHA-256.
import { createHash, randomUUID } from "node:crypto";

export type StorageName = "local" | "s3" | "memory";

export interface DocumentStore {
  readonly name: StorageName;
  /** Writes the bytes under the key; a key is written once (keys are never reused). */
  put(key: string, content: Buffer, contentType: string): Promise<void>;
  /** The bytes under the key, or null when the store has no such key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the bytes; no error when the key is already gone. */
  delete(key: string): Promise<void>;
}

/** A store that does not answer (a bucket unreachable, refusing the credentials, a 5xx): the API's 503, never another file. */
export class DocumentStoreUnavailable extends Error {
  constructor(operation: string, detail: string) {
    super(`Document store ${operation} failed: ${detail}`);
    this.name = "DocumentStoreUnavailable";
  }
}

export const sha256Hex = (content: Buffer) => createHash("sha256").update(content).digest("hex");

const EXTENSIONS: Record<string, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "application/xml": "xml",
};

/**
 * A fresh key: year/month folders keep a directory or bucket listing browsable; the random name
 * means no two writes share a key, so a put never overwrites an issued document.
 */
export function newStorageKey(now: Date, contentType: string): string {
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  return `${month}/${randomUUID()}.${EXTENSIONS[contentType] ?? "bin"}`;
}

/** Keys are ours (newStorageKey), but a key read back from the database is still checked before it names a file or an object. */
export function assertSafeKey(key: string): void {
  if (!/^\d{4}\/\d{2}\/[0-9a-f-]{36}\.[a-z]{2,4}$/.test(key)) throw new Error(`Invalid document storage key: ${key}`);
}

/** In memory: the default of tests that do not look at files (createApi without a store). */
export function memoryDocumentStore(): DocumentStore {
  const files = new Map<string, Buffer>();
  return {
    name: "memory",
    async put(key, content) {
      assertSafeKey(key);
      files.set(key, Buffer.from(content));
    },
    async get(key) {
      return files.get(key) ?? null;
    },
    async delete(key) {
      files.delete(key);
    },
  };
}
