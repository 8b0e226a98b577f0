import { test as base, expect, type Page } from "@playwright/test";
import type { DatabaseHandle } from "../../api/db/client";
import { createMemoryDatabase, MEMORY_DB_ADMIN } from "../support/memory-db";
import { startTestServer } from "../support/server";
import { expectEmptyReconciliation } from "./reconciliation";

// Playwright's `test` for the specs that need a clock the shared e2e server (real time) cannot
// move: each worker starts its own server (web + API, from build/: `npm run build` first) on an
// in-memory database, with an API clock the tests move forward. Every relative URL (goto,
// page.request) goes to that server. When the worker stops it, its reconciliation must be empty
// (ADR 027): whatever money the specs moved there has settled. Its database is the worker's too, for
// what a spec sets up through a service that has no route yet (a claim's document request).

/** The API's clock: real time plus `ahead` milliseconds. */
export type ApiClock = { ahead: number };

export const test = base.extend<{ clock: ApiClock }, { clockServer: { url: string; clock: ApiClock; database: DatabaseHandle } }>({
  clockServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide, workerInfo) => {
      const clock: ApiClock = { ahead: 0 };
      const database = await createMemoryDatabase();
      const server = await startTestServer({ database, now: () => new Date(Date.now() + clock.ahead) });
      try {
        await provide({ url: server.url, clock, database });
        await expectEmptyReconciliation(
          server.url,
          MEMORY_DB_ADMIN,
          `el servidor propio de ${workerInfo.project.name} (worker ${workerInfo.workerIndex})`,
        );
      } finally {
        await server.stop();
        await database.close();
      }
    },
    // A PGlite database migrated and seeded (~7 s alone; much longer on a busy machine).
    { scope: "worker", timeout: 240_000 },
  ],
  baseURL: async ({ clockServer }, provide) => provide(clockServer.url),
  // Each test starts on the real time.
  clock: async ({ clockServer }, provide) => {
    clockServer.clock.ahead = 0;
    await provide(clockServer.clock);
  },
});

export { expect };

/** A staff token of the seeded superadmin on the server's current clock (a token's expiry is checked against it). */
export async function staff(page: Page) {
  const login = await page.request.post("/api/admin/auth/login", { data: MEMORY_DB_ADMIN });
  expect(login.status()).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

/** Moves the API's clock to 10:00 in Spain on `day` (aaaa-mm-dd; never back). */
export function moveTo(clock: ApiClock, day: string) {
  const target = new Date(`${day}T09:00:00.000Z`).getTime();
  clock.ahead = Math.max(clock.ahead, target - Date.now());
}

/** The daily run, as the scheduler starts it, on the server's current day: started (202), then read until it has ended (ADR 044). */
export async function dailyRun(page: Page) {
  const headers = await staff(page);
  const started = await page.request.post("/api/admin/lifecycle/run", { headers });
  expect(started.status(), await started.text()).toBe(202);
  const { id } = (await started.json()) as { id: number };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/admin/lifecycle/runs/${id}`, { headers })).json()) as { status: string }).status, {
      intervals: [50, 100, 250],
    })
    .toBe("hecho");
}
