// An S3-compatible bucket as the document store (ADR 037): AWS Signature V4 through aws4fetch,
// path-style addresses (`endpoint/bucket/key`, what MinIO, Ceph, R2 and s3rver all accept). A
// failure of the bucket (unreachable, refused credentials, a 5xx) is a DocumentStoreUnavailable,
// never an empty or a wrong file; only a 404 of a get is "no such key".
import { AwsClient } from "aws4fetch";
import { assertSafeKey, DocumentStoreUnavailable, type DocumentStore } from "./store";

export type S3StoreConfig = {
  /** e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Per request; a bucket that hangs must not hold a download for ever. Default 15 s. */
  timeoutMs?: number;
};

export function s3DocumentStore(config: S3StoreConfig): DocumentStore {
  // Two quick retries of a 5xx or a dropped connection; aws4fetch's default (10, with backoff) would hold a download for minutes.
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: "s3",
    retries: 2,
    initRetryMs: 100,
  });
  const base = `${config.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(config.bucket)}`;
  const urlOf = (key: string) => {
    assertSafeKey(key);
    return `${base}/${key}`;
  };
  const call = async (operation: string, url: string, init: RequestInit) => {
    let response: Response;
    try {
      response = await client.fetch(url, { ...init, signal: AbortSignal.timeout(config.timeoutMs ?? 15_000) });
    } catch (error) {
      throw new DocumentStoreUnavailable(operation, error instanceof Error ? error.message : String(error));
    }
    return response;
  };
  const refuse = async (operation: string, response: Response) => {
    const text = await response.text().catch(() => "");
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
    return new DocumentStoreUnavailable(operation, `HTTP ${response.status}${code ? ` ${code}` : ""}`);
  };

  return {
    name: "s3",
    async put(key, content, contentType) {
      const response = await call("put", urlOf(key), {
        method: "PUT",
        body: new Uint8Array(content),
        headers: { "content-type": contentType, "content-length": String(content.length) },
      });
      if (!response.ok) throw await refuse("put", response);
      await response.body?.cancel();
    },
    async get(key) {
      const response = await call("get", urlOf(key), { method: "GET" });
      if (response.status === 404) {
        // No such key is null; no such bucket is a configuration error, not a missing file.
        const code = /<Code>([^<]+)<\/Code>/.exec(await response.text().catch(() => ""))?.[1];
        if (code === "NoSuchBucket") throw new DocumentStoreUnavailable("get", "HTTP 404 NoSuchBucket");
        return null;
      }
      if (!response.ok) throw await refuse("get", response);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await call("delete", urlOf(key), { method: "DELETE" });
      // S3 answers 204 for a key already gone; some servers answer 404.
      if (!response.ok && response.status !== 404) throw await refuse("delete", response);
      await response.body?.cancel();
    },
  };
}
