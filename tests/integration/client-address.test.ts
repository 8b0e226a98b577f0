// The client's address behind a proxy: believed from X-Forwarded-For only through the
// proxies TRUST_PROXY names, and recorded as such in the audit trail.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../api/db/client";
import { auditLog } from "../../api/db/schema";
import { parseTrustProxy } from "../../server/client-address";
import { createTestDatabase } from "../support/db";
import { ALQUILER } from "../support/quote-inputs";
import { startTestServer } from "../support/server";

let database: DatabaseHandle;
let direct: Awaited<ReturnType<typeof startTestServer>>;
let behindProxy: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  database = await createTestDatabase();
  direct = await startTestServer({ database });
  behindProxy = await startTestServer({ database, trustProxy: parseTrustProxy("127.0.0.1") });
});
afterAll(async () => {
  await direct?.stop();
  await behindProxy?.stop();
  await database?.close();
});

async function quoteFrom(server: typeof direct, forwardedFor: string): Promise<string | null> {
  const response = await fetch(`${server.url}/api/quotes`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor, "x-cotiza-client-ip": "6.6.6.6" },
    body: JSON.stringify({ line: "alquiler", inputs: ALQUILER }),
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  const [row] = await database.db
    .select({ ip: auditLog.ip })
    .from(auditLog)
    .where(and(eq(auditLog.action, "quote.created"), eq(auditLog.entityId, id)));
  return row!.ip;
}

describe("la dirección del cliente", () => {
  it("sin proxy de confianza es la del socket: X-Forwarded-For (y nuestra cabecera interna) enviados por el cliente se ignoran", async () => {
    expect(await quoteFrom(direct, "198.51.100.7")).toBe("127.0.0.1");
  });

  it("detrás de un proxy de confianza es la última dirección que no es del proxy, aunque el cliente falsee la cabecera", async () => {
    expect(await quoteFrom(behindProxy, "1.2.3.4, 198.51.100.7")).toBe("198.51.100.7");
  });
});
