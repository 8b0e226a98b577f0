// npm run bench:lifecycle — the daily policy run over the volumes of bench:lists
// (200,000 policies with their recibos), on PostgreSQL.
//
// BENCH_DATABASE_URL: a database loaded by bench:lists (its data is changed: the run sends renewal
// notices, renews, charges…; with BENCH_LIFECYCLE_COPY=1 the script works on a copy made with
// CREATE DATABASE … TEMPLATE, which needs no other session on the original).
//
// 1. The built server in production mode with the schedule off (LIFECYCLE_INTERVAL_MINUTES=0).
// 2. The day's run is started through POST /api/admin/lifecycle/run (it answers 202 at once with
//    the run's id, ADR 044) and the server is killed (SIGKILL) after BENCH_KILL_AFTER_S seconds:
//    an instance dying half-way through.
// 3. A new server; the dead instance's run and lease are made stale (as RUN_STALE_MS would), and
//    the run is started again: it resumes where the rows still match. Followed with
//    GET /api/admin/lifecycle/runs/{id} every BENCH_POLL_S seconds (2) until it ends, however long
//    the day takes. Timed to the end.
// 4. Checks that nothing was done twice (one renewal notice per policy, one e-mail per notice) and
//    writes bench/results/lifecycle-latest.md: rows per step, seconds, policies per second, the
//    server's peak RSS. Nothing is asserted: people read the figures.
//
// The money steps (issue 22) find their work in the data set (bench/lists-load-money.mjs): remitted
// SEPA recibos past their return deadline (2b), returned and declined recibos in dunning (6), card
// recibos due today (2); the open charge attempts of a process killed mid-charge, which the sweep
// (0) gives back, are added here once the server is up (its start-up sweep would take them). Each
// step's time is the server's "lifecycle step" log line (api/services/daily-run.ts).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { SERVER_NODE_FLAGS } from "../scripts/server-process.mjs";

const source = process.env.BENCH_DATABASE_URL;
if (!source) {
  console.error("BENCH_DATABASE_URL: a PostgreSQL database loaded by npm run bench:lists");
  process.exit(2);
}
const PORT = Number(process.env.BENCH_PORT ?? 3411);
/** Open charge attempts left by a killed process, of each kind the sweep meets (ADR 027). */
const OPEN_ATTEMPTS_PER_KIND = 4;
const KILL_AFTER_S = Number(process.env.BENCH_KILL_AFTER_S ?? 20);
const POLL_S = Number(process.env.BENCH_POLL_S ?? 2);
const ADMIN = { email: "admin@cotiza.test", password: "Admin-Cotiza-2026!" };
const base = `http://127.0.0.1:${PORT}`;
const startedAt = Date.now();
const log = (line) => console.log(`[bench:lifecycle ${((Date.now() - startedAt) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function database() {
  if (process.env.BENCH_LIFECYCLE_COPY !== "1") return source;
  const url = new URL(source);
  const original = url.pathname.slice(1);
  const copy = `${original}_lifecycle`;
  const admin = new pg.Client({ connectionString: source });
  await admin.connect();
  await admin.query(`drop database if exists ${copy}`);
  log(`copying ${original} to ${copy}`);
  await admin.query(`create database ${copy} template ${original}`);
  await admin.end();
  url.pathname = `/${copy}`;
  return url.toString();
}

function startServer(databaseUrl) {
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "build/server.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "cotiza-bench-lifecycle-")),
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: "bench-session-secret-0123456789-abcdefghijkl",
      JWT_SECRET: "bench-jwt-secret-0123456789-abcdefghijklmnopq",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LIFECYCLE_INTERVAL_MINUTES: "0",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  server.lines = [];
  server.stdout.on("data", (chunk) => {
    const lines = String(chunk).split("\n").filter(Boolean);
    server.lines.push(...lines);
    // The steps as they end, so that a run cut short still shows how far it got.
    for (const line of lines) if (line.includes('"lifecycle step"')) log(`server: ${line}`);
  });
  server.peakRssMB = 0;
  const sampler = setInterval(() => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1]);
      // A server gone (a zombie until reaped) has no VmRSS line: that sample is skipped, not NaN.
      if (kb) server.peakRssMB = Math.max(server.peakRssMB, Math.round(kb / 1024));
    } catch {
      clearInterval(sampler);
    }
  }, 200);
  return server;
}

async function ready(server) {
  for (let i = 0; i < 960; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error("server did not start");
}

async function token() {
  const response = await fetch(`${base}/api/admin/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`login: ${response.status}`);
  return (await response.json()).token;
}

/** POST /api/admin/lifecycle/run: answered at once (202) with the run, which goes on in the server. */
async function startRun(bearer) {
  const response = await fetch(`${base}/api/admin/lifecycle/run`, { method: "POST", headers: { authorization: `Bearer ${bearer}` } });
  if (response.status !== 202) throw new Error(`run: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The run read every POLL_S seconds until it is no longer en_curso: its last answer, and how many reads it took. */
async function followRun(bearer, id) {
  for (let reads = 1; ; reads++) {
    const response = await fetch(`${base}/api/admin/lifecycle/runs/${id}`, { headers: { authorization: `Bearer ${bearer}` } });
    if (!response.ok) throw new Error(`run ${id}: ${response.status} ${await response.text()}`);
    const run = await response.json();
    if (run.status !== "en_curso") return { run, reads };
    await sleep(POLL_S * 1000);
  }
}

/**
 * Open attempts older than the sweep's age: captured with their payment written (registrado),
 * captured at the gateway without it (refunded), started with no charge at the gateway (sin cobro).
 */
async function addOpenAttempts(db) {
  const tag = `bench-sweep-${Date.now()}`;
  const { rows: paid } = await db.query(`select provider_ref, amount_cents from payments where provider_ref like 'bench-%' order by id limit $1`, [
    OPEN_ATTEMPTS_PER_KIND,
  ]);
  const attempt = (kind, i, status, amount, ref) =>
    db.query(
      `insert into charge_attempts (purpose, subject, attempt, provider_key, amount_cents, status, provider_ref, created_at, updated_at)
       values ('pago_cliente', $1, 1, $1 || '-1', $2, $3, $4, now() - interval '10 minutes', now() - interval '10 minutes')`,
      [`pago_cliente-${tag}-${kind}-${i}`, amount, status, ref],
    );
  for (let i = 0; i < OPEN_ATTEMPTS_PER_KIND; i++) {
    await attempt("paid", i, "capturado", paid[i].amount_cents, paid[i].provider_ref);
    await db.query(
      `insert into gateway_charges (idempotency_key, kind, method, amount_cents, provider_ref, status) values ($1, 'charge', 'card', 12345, $2, 'captured')`,
      [`pago_cliente-${tag}-lost-${i}-1`, `${tag}-lost-${i}`],
    );
    await attempt("lost", i, "capturado", 12345, `${tag}-lost-${i}`);
    await attempt("none", i, "iniciado", 12345, null);
  }
  return tag;
}

/** What each money step has to do, read from the rows. */
async function moneyRows(db, tag) {
  const { rows } = await db.query(
    `select
       (select count(*) from policies where payment_method = 'sepa')::int as sepa_policies,
       (select count(*) from remittance_items where status = 'remesado')::int as remitted_open,
       (select count(*) from remittance_items where status = 'cobrado')::int as remitted_collected,
       (select count(*) from recibos where status = 'devuelto')::int as devueltos,
       (select count(*) from recibos r join policies p on p.id = r.policy_id
         where r.status = 'pendiente' and r.due_date <= current_date and p.payment_method = 'card' and p.status in ('en_vigor', 'suspendida'))::int as card_due,
       (select count(*) from policies where status = 'suspendida')::int as suspended,
       (select count(*) from dunning_notices)::int as reminders,
       (select coalesce(json_object_agg(status, n), '{}') from (select status, count(*)::int as n from charge_attempts where subject like $1 group by status) a) as attempts`,
    [`pago_cliente-${tag}-%`],
  );
  return rows[0];
}

/** The "lifecycle step" lines of a server's log: { step: ms }. */
const stepTimes = (lines) =>
  Object.fromEntries(
    lines
      .filter((line) => line.includes('"lifecycle step"'))
      .map((line) => JSON.parse(line))
      .map((entry) => [entry.step, entry.ms]),
  );

async function counts(db) {
  const { rows } = await db.query(`select event, count(*)::int as n from policy_history where actor_type = 'system' group by event order by event`);
  return Object.fromEntries(rows.map((r) => [r.event, r.n]));
}

const url = await database();
const db = new pg.Client({ connectionString: url });

let server = startServer(url);
await ready(server);
await db.connect();
const { rows: sizes } = await db.query(
  `select (select count(*) from policies)::int as policies, (select count(*) from recibos)::int as recibos,
          (select count(*) from policies where status = 'en_vigor')::int as in_force`,
);
log(`database: ${sizes[0].policies} policies (${sizes[0].in_force} en vigor), ${sizes[0].recibos} recibos; load ${loadavg()[0].toFixed(1)}`);
const before = await counts(db);
const tag = await addOpenAttempts(db);
const moneyBefore = await moneyRows(db, tag);
const loadBefore = loadavg()[0];
log(`money rows: ${JSON.stringify(moneyBefore)}`);
if (moneyBefore.sepa_policies === 0)
  log("no SEPA policy: this database was loaded before bench/lists-load-money.mjs, so the money steps have no work (load a fresh one)");

// 2. Started, then killed half-way.
const t0 = Date.now();
const first = await startRun(await token());
log(`run ${first.id} started: ${first.status}`);
await sleep(KILL_AFTER_S * 1000);
server.kill("SIGKILL");
const interrupted = await counts(db);
const firstRss = server.peakRssMB;
const firstSteps = stepTimes(server.lines);
log(`killed after ${KILL_AFTER_S} s: ${JSON.stringify(interrupted)}`);

// 3. A new instance takes over the lease whose heartbeat stopped and finishes the day (made stale
// here at once instead of waiting RUN_STALE_MS, 15 s, after the kill).
await db.query(`update lifecycle_runs set heartbeat_at = now() - interval '10 minutes' where status = 'en_curso'`);
await db.query(`update lifecycle_jobs set heartbeat_at = now() - interval '10 minutes' where status = 'en_curso'`);
server = startServer(url);
await ready(server);
const t1 = Date.now();
const bearer = await token();
const resumed = await startRun(bearer);
const { run: body, reads } = await followRun(bearer, resumed.id);
if (body.status !== "hecho") log(`the run ended ${body.status}: ${body.error}`);
const resumeSeconds = (Date.now() - t1) / 1000;
const totalSeconds = (Date.now() - t0) / 1000 - 0;
const after = await counts(db);
log(`resumed and finished in ${resumeSeconds.toFixed(1)} s (${reads} reads of its state): ${JSON.stringify(body)}`);

// 4. Nothing twice.
const { rows: twice } = await db.query(
  `select count(*)::int as n from (select policy_id from policy_history where event = 'aviso_renovacion' and actor_type = 'system' group by policy_id having count(*) > 1) d`,
);
const { rows: runs } = await db.query(`select day::text, status, summary from lifecycle_runs order by day desc limit 3`);
// The dunning step (ADR 031): its time as the server logged it, and the reminders it recorded.
const { rows: dunningRows } = await db.query(`select count(*)::int as n from dunning_notices`);
const dunningLine = server.lines.find((line) => line.includes('"dunning step"'));
const dunningMs = dunningLine ? (JSON.parse(dunningLine).ms ?? null) : null;
const resumedSteps = stepTimes(server.lines);
const moneyAfter = await moneyRows(db, tag);
server.kill("SIGTERM");
await db.end();

// ─── The steps: their time in each server and the work each did ───
const day = runs.find((r) => r.status === "hecho")?.summary ?? {};
const n = (v) => (v ?? 0).toLocaleString("en");
const seconds = (ms) => (ms === undefined ? "—" : `${(ms / 1000).toFixed(1)} s`);
const STEPS = [
  [
    "0 charge attempts sweep",
    () => `open attempts of a killed process ${JSON.stringify(moneyBefore.attempts)} → ${JSON.stringify(moneyAfter.attempts)}`,
  ],
  ["1 term ends", () => `${n(day.renovadas)} renewed, ${n(day.vencidas)} expired`],
  [
    "2 card recibos due",
    () =>
      `${n(moneyBefore.card_due)} card recibos due (${n(moneyAfter.card_due)} left); ${n(moneyAfter.devueltos - moneyBefore.devueltos)} new devueltos (declined)`,
  ],
  [
    "2b remittances settled",
    () =>
      `${n(moneyBefore.remitted_open)} remitted recibos open, ${n(moneyBefore.remitted_open - moneyAfter.remitted_open)} collected past the return deadline`,
  ],
  ["3 suspensions", () => `${n(day.suspendidas)} suspended (${n(moneyBefore.suspended)} suspended before)`],
  ["4 extinctions", () => `${n(day.extinguidas)} extinguished`],
  ["5 renewal notices", () => `${n(day.avisos)} notices`],
  [
    "6 dunning",
    () =>
      `${n(moneyBefore.devueltos)} devueltos in the data set; ${n(moneyAfter.reminders - moneyBefore.reminders)} reminders sent (${n(moneyBefore.reminders)} sent on earlier days)`,
  ],
  ["7 report figures", () => "the day's report deltas folded (ADR 034)"],
];
const firstTotal = Object.values(firstSteps).reduce((a, b) => a + b, 0);
const cutStep = STEPS.find(([name]) => firstSteps[name] === undefined)?.[0];
const stepRows = STEPS.map(([name, work]) => {
  const before = firstSteps[name] ?? (name === cutStep ? KILL_AFTER_S * 1000 - firstTotal : undefined);
  const total = (before ?? 0) + (resumedSteps[name] ?? 0);
  return `| ${name} | ${seconds(before)}${name === cutStep ? " (cut by the kill)" : ""} | ${seconds(resumedSteps[name])} | ${seconds(total)} | ${work()} |`;
}).join("\n");

const done = Object.fromEntries(Object.keys(after).map((k) => [k, after[k] - (before[k] ?? 0)]));
const policiesTouched = Object.values(done).reduce((a, b) => a + b, 0);
const report = `# Bench of the daily policy run

Run on ${new Date().toISOString().slice(0, 10)} against ${sizes[0].policies.toLocaleString("en")} policies (${sizes[0].in_force.toLocaleString("en")} in force) and ${sizes[0].recibos.toLocaleString("en")} recibos on PostgreSQL, the server built in production mode, 1-minute load ${loadBefore.toFixed(1)} at the start and ${loadavg()[0].toFixed(1)} at the end on 2 cores.

The day's run was started, the server killed (SIGKILL) after ${KILL_AFTER_S} s, a new server started, the dead lease made stale, and the run started again: it resumed where the rows still matched.

| | value |
|---|---|
| history entries written by the run (by event) | ${
  Object.entries(done)
    .map(([k, v]) => `${k} ${v.toLocaleString("en")}`)
    .join(", ") || "none"
} |
| written before the kill | ${
  Object.entries(interrupted)
    .map(([k, v]) => `${k} ${(v - (before[k] ?? 0)).toLocaleString("en")}`)
    .join(", ") || "none"
} |
| resumed run, to the end | ${resumeSeconds.toFixed(1)} s |
| whole day, first start to end (with the restart) | ${totalSeconds.toFixed(1)} s |
| policies changed per second (whole day) | ${(policiesTouched / totalSeconds).toFixed(0)} |
| policies notified twice | ${twice[0].n} |
| dunning step (reminders of unpaid recibos) | ${dunningMs === null ? "not logged" : `${(dunningMs / 1000).toFixed(1)} s`}, ${dunningRows[0].n.toLocaleString("en")} reminders recorded |
| peak server RSS | ${firstRss} MB before the kill, ${server.peakRssMB} MB after |
| the run rows | ${runs.map((r) => `${r.day} ${r.status} ${JSON.stringify(r.summary)}`).join("; ")} |

## Each step

Its time as the server logged it ("lifecycle step"): in the killed server (the step under way at
the kill: the time it had run), in the server that resumed the day, and both.

| step | before the kill | resumed | total | work |
|---|---|---|---|---|
${stepRows}

The money rows before the run: ${n(moneyBefore.sepa_policies)} SEPA policies, ${n(moneyBefore.remitted_open)} remitted recibos still open and ${n(moneyBefore.remitted_collected)} collected by remittance, ${n(moneyBefore.devueltos)} recibos devueltos, ${n(moneyBefore.card_due)} card recibos due, ${n(moneyBefore.suspended)} policies suspended.

Batches of 500 ids per step, each policy in its own transaction (api/services/lifecycle.ts, ADR 011).
`;
writeFileSync("bench/results/lifecycle-latest.md", report);
log("written bench/results/lifecycle-latest.md");
