// No query is sent on a transaction while another of its queries runs (issue 30): the daily run
// renews and prices renewals inside each policy's transaction (the rating tables, the settings),
// and node-postgres 8 warned "Calling client.query() when the client is already executing a
// query" for the Promise.all there; pg 9 refuses it. The recorder sees the overlap on PGlite too.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMonths } from "../../api/domain/calendar";
import { runLifecycleDay } from "../../api/services/daily-run";
import { TestGateway } from "../../api/services/payments";
import { createTestDatabase } from "../support/db";
import { insertTestPolicy, policyRow } from "../support/policies";
import { ALQUILER, AUTO, HOGAR } from "../support/quote-inputs";
import { memoryLogger, startTestServer } from "../support/server";
import { recordOverlappingTransactionQueries, type OverlapRecorder } from "../support/transaction-queries";
import type { DatabaseHandle } from "../../api/db/client";

const day = "2026-06-15";
const now = new Date(`${day}T08:00:00.000Z`);
let database: DatabaseHandle;
let server: Awaited<ReturnType<typeof startTestServer>>;
let recorder: OverlapRecorder;

beforeAll(async () => {
  database = await createTestDatabase();
  recorder = recordOverlappingTransactionQueries(database.db);
  server = await startTestServer({ database, now: () => now, catalogueCacheMs: 0 });
});
afterAll(async () => {
  recorder?.stop();
  await server?.stop();
  await database?.close();
});

describe("una consulta cada vez en cada transacción", () => {
  it("el recorder ve dos consultas a la vez en una transacción (la prueba puede fallar)", async () => {
    const before = recorder.overlaps.length;
    await database.db.transaction(async (tx) => {
      await Promise.all([tx.execute("select 1"), tx.execute("select 2")]);
    });
    expect(recorder.overlaps.length).toBeGreaterThan(before);
    recorder.overlaps.length = before;
  });

  it("el proceso diario: renueva, avisa de la renovación y cobra sin consultas solapadas", async () => {
    const before = recorder.overlaps.length;
    const logger = memoryLogger();
    const deps = { db: database.db, payments: new TestGateway({ now: () => now }), logger };
    const renewing = await insertTestPolicy(database.db, { startDate: addMonths(day, -12), createdAt: now });
    const noticed = await insertTestPolicy(database.db, { startDate: addMonths(day, -10), createdAt: now, line: "auto" });
    // Its recibo due today is charged (and so is the renewed policy's first one).
    await insertTestPolicy(database.db, { startDate: addMonths(day, -1), createdAt: now, frequency: "mensual" });
    const summary = await runLifecycleDay(deps, day, () => now);
    expect(summary).toMatchObject({ renovadas: 1, avisos: 1, cobrados: 2, errores: 0 });
    expect((await policyRow(database.db, renewing.id)).endDate).toBe(addMonths(day, 12));
    expect((await policyRow(database.db, noticed.id)).renewalOffer).not.toBeNull();
    expect(recorder.overlaps.slice(before)).toEqual([]);
  });

  it("una cotización de cada ramo sin consultas solapadas", async () => {
    const before = recorder.overlaps.length;
    for (const [line, inputs] of [
      ["hogar", HOGAR],
      ["auto", AUTO],
      ["alquiler", ALQUILER],
    ] as const) {
      const response = await fetch(`${server.url}/api/quotes`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ line, inputs }),
      });
      expect(response.status, await response.clone().text()).toBe(201);
    }
    expect(recorder.overlaps.slice(before)).toEqual([]);
  });
});
