// A quick measure of the client pipeline's reads at 200,000 clients on PostgreSQL (ADR 041
// «Clientes»): the board (counts, premium totals, each lane's newest cards) with each filter, the
// list's sorts, and the daily step. Not part of `npm run bench`; run it by hand:
//   DATABASE_URL=postgres://… node --import tsx bench/client-board-measure.ts
// It fills an empty database (migrated here) with clients and policies written by SQL.
import { sql } from "drizzle-orm";
import { clientBoard, listClientPipeline } from "../api/db/client-pipeline.repo";
import { advanceClientStages } from "../api/db/client-stage.repo";
import { openDatabase, queryRows } from "../api/db/client";
import { ClientPipelineListQuerySchema } from "../api/contract/client-pipeline";
import { BoardQuerySchema } from "../api/contract/pipeline";

const CLIENTS = Number(process.env.CLIENTS ?? 200_000);
const RUNS = 30;
const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const { db } = handle;

const count = async (table: string) => (await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;
if ((await count("clients")) < CLIENTS) {
  console.log(`filling ${CLIENTS} clients…`);
  await db.execute(sql`
    insert into clients (name, stage, stage_changed_at, premium_cents, line_code, line_codes)
    select 'Cliente ' || i,
           (array['prospecto','alta','activo','activo','activo','renovacion','en_riesgo','baja'])[1 + i % 8]::client_stage,
           now() - (i % 400) * interval '1 day',
           case when i % 8 in (0, 7) then 0 else 20000 + i % 50000 end,
           case when i % 8 = 0 then null else (array['auto','hogar','alquiler'])[1 + i % 3]::line_code end,
           case when i % 8 = 0 then '{}' else array[(array['auto','hogar','alquiler'])[1 + i % 3]]::line_code[] end
      from generate_series(1, ${CLIENTS}) i`);
}
if ((await count("policies")) === 0) {
  await db.execute(
    sql`insert into product_lines (code, name, description) values ('auto', 'Coche', ''), ('hogar', 'Hogar', ''), ('alquiler', 'Alquiler', '') on conflict do nothing`,
  );
  await db.execute(sql`
    insert into policies (number, client_id, line_code, plan_code, status, start_date, end_date, net_premium_cents, total_premium_cents)
    select 'BENCH-' || c.id, c.id, c.line_code, 'terceros', 'en_vigor', current_date - 100, current_date + 265, c.premium_cents, c.premium_cents
      from clients c where c.line_code is not null`);
}
await db.execute(sql`vacuum analyze clients`);
await db.execute(sql`vacuum analyze policies`);

async function measure(label: string, work: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(`${label.padEnd(44)} p50 ${at(0.5)} ms  p99 ${at(0.99)} ms`);
}

const ctx = { now: new Date(), staleDays: 7, canMove: true };
for (const [label, query] of [
  ["board", {}],
  ["board ?line=hogar", { line: "hogar" }],
  ["board ?minAgeDays=30", { minAgeDays: "30" }],
  ["board ?stale=true", { stale: "true" }],
] as const) {
  const parsed = BoardQuerySchema.parse(query);
  await measure(label, () => clientBoard(handle.readDb, parsed, ctx));
}
for (const sort of ["stageSince", "name", "stage", "premium"]) {
  const parsed = ClientPipelineListQuerySchema.parse({ sort });
  await measure(`list sort=${sort}`, () => listClientPipeline(handle.readDb, parsed, ctx));
}
await measure("list ?stage=en_riesgo&line=auto", () =>
  listClientPipeline(handle.readDb, ClientPipelineListQuerySchema.parse({ stage: "en_riesgo", line: "auto" }), ctx),
);
const start = performance.now();
console.log(
  "daily step",
  await advanceClientStages(db, new Date().toISOString().slice(0, 10), new Date()),
  `${(performance.now() - start).toFixed(0)} ms`,
);
await handle.close();
