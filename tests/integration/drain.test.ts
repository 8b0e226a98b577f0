// While the server drains after SIGTERM (server.ts): /readyz says 503 at once so the balancer stops
// sending, and every answer closes its connection. The process test sends the real signal.
import http from "node:http";
import { describe, expect, it } from "vitest";
import { testServerForFile } from "../support/server";

let draining = false;

const env = testServerForFile({ draining: () => draining });

function get(path: string): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const agent = new http.Agent({ keepAlive: true });
    http
      .get(`${env.server.url}${path}`, { agent }, (res) => {
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
