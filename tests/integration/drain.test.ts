// While the server drains after SIGTERM (server.ts): /readyz says 503 at once so the balancer stops
// sending, and every answer closes its connection. The process test sends the real signal.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../api/db/client";
import { createTestDatabase } from "../support/db";
import { startTestServer } from "../support/server";

let database: DatabaseHandle;
let server: Awaited<ReturnType<typeof startTestServer>>;
let draining = false;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ database, draining: () => draining });
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
});

function get(path: string): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const agent = new http.Agent({ keepAlive: true });
    http
      .get(`${server.url}${path}`, { agent }, (res) => {
        res.resume();
        res.on("end", () => {
          agent.destroy();
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection });
        });
      })
      .on("error", reject);
  });
}

describe("el drenaje tras SIGTERM", () => {
  it("antes: /readyz 200 y conexiones keep-alive; drenando: /readyz 503 y Connection: close en cada respuesta", async () => {
    expect(await get("/readyz")).toEqual({ status: 200, connection: "keep-alive" });
    draining = true;
    expect(await get("/readyz")).toEqual({ status: 503, connection: "close" });
    for (const path of ["/", "/api/openapi.json", "/healthz"]) expect((await get(path)).connection, path).toBe("close");
  });
});
