// npm run bench — throughput against Remix's own ceiling, the quote POST, memory on PGlite and on
// PostgreSQL, the JavaScript each public page loads and Lighthouse scores, from one run (ADR 008).
//
// Builds and serves two apps side by side: the bare Remix app of bench/bare (Remix's ceiling on
// this machine: one trivial route, remix-serve) and Cotiza (server.ts, production mode, a fresh
// embedded database, or BENCH_DATABASE_URL's PostgreSQL). Every target is warmed up, then measured
// RUNS times in interleaved rounds (bare, /bench, /cotizar…, then again), so a neighbour's load
// hits all targets alike; each figure is the median round with the range, and every page is
// reported as a share of the bare app measured in the same run. Then Lighthouse (mobile,
// simulated throttling, Debian's Chromium; bench/lighthouse.mjs) on /, /cotizar, /results and /checkout, and the
// server's idle and peak RSS. Last, unless BENCH_DATABASE_URL already put the whole run on
// PostgreSQL, a second Cotiza server on a throwaway PostgreSQL cluster (bench/postgres.mjs) gets a
// warm-up and one round of the same targets, for its idle and peak RSS: the issue asks for both
// databases from one run. Writes bench/results/latest{,-postgres}.{json,md}. Nothing is asserted.
import autocannon from "autocannon";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { firstLoad, kb, readManifest } from "../scripts/first-load.mjs";
import { lighthouseScores } from "./lighthouse.mjs";
import { startThrowawayPostgres } from "./postgres.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 3400);
const BARE_PORT = Number(process.env.BENCH_BARE_PORT ?? PORT + 1);
const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
// The machine is shared (autocannon runs beside the server on 2 cores): each target is measured
// RUNS times and the median run is reported, with the spread next to it.
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
// V8 compiles the hot paths of a page (React's renderer, the router, our components) over the
// first few thousand requests; a production server runs warm (ADR 008).
const WARM_UP = Number(process.env.BENCH_WARM_UP_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? "10").split(",").map(Number);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const base = `http://127.0.0.1:${PORT}`;
const bareBase = `http://127.0.0.1:${BARE_PORT}`;

const databaseUrl = process.env.BENCH_DATABASE_URL;
const database = databaseUrl ? "PostgreSQL (BENCH_DATABASE_URL)" : "a fresh embedded database (PGlite)";
const resultsName = databaseUrl ? "latest-postgres" : "latest";
const NO_POSTGRES = "not measured (no PostgreSQL binaries found; set BENCH_DATABASE_URL)";

// Every child and the throwaway cluster are stopped on Ctrl-C or a kill too: a PostgreSQL left
// running would hold its port and memory long after the bench.
const children = new Set();
let cluster = null;
let stopping = false;
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
]) {
  process.once(signal, () => {
    stopping = true;
    console.error(`bench: ${signal}, stopping`);
    for (const child of children) child.kill("SIGTERM");
    cluster?.stop();
    process.exit(code);
  });
}

// ---------------------------------------------------------------------------------------------
// The bare Remix app: built with the root's compiler into bench/bare/{build,public/build}.
const bareDir = path.resolve("bench/bare");
const remixCli = path.resolve("node_modules/@remix-run/dev/dist/cli.js");
const built = spawnSync(process.execPath, [remixCli, "build"], {
  cwd: bareDir,
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, NODE_ENV: "production" },
});
if (built.status !== 0) throw new Error("the bare Remix app did not build (bench/bare)");

async function waitFor(url, child) {
  for (let i = 0; i < 240; i++) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) throw new Error(`${url}: the server exited`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION, ...opts }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** VmRSS and VmHWM (peak) of a process, in bytes, from /proc. */
function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
    return { rss: field("VmRSS"), peak: field("VmHWM") };
  } catch {
    return { rss: 0, peak: 0 };
  }
}
const mb = (n) => `${(n / 1024 / 1024).toFixed(0)} MB`;

/** A child process of the bench: reported if it stops on its own, stopped on a signal. */
function watch(name, child) {
  children.add(child);
  child.on("exit", (code, signal) => {
    children.delete(child);
    if (!stopping && !child.stopRequested) console.error(`bench: the ${name} stopped during the bench (code ${code}, signal ${signal})`);
  });
  return child;
}

function stopChild(child) {
  child.stopRequested = true;
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", resolve);
    child.kill("SIGTERM");
  });
}

const bare = watch(
  "bare Remix app",
  spawn(process.execPath, [path.resolve("node_modules/@remix-run/serve/dist/cli.js"), "build/index.js"], {
    cwd: bareDir,
    env: { ...process.env, NODE_ENV: "production", PORT: String(BARE_PORT), HOST: "127.0.0.1" },
    stdio: ["ignore", "ignore", "inherit"],
  }),
);

const SESSION_SECRET = "bench-session-secret-0123456789-abcdefghijkl";
/** Cotiza in production mode on PORT; an empty url means PGlite in a fresh DATA_DIR. */
function startCotiza(url) {
  return spawn(process.execPath, ["build/server.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "cotiza-bench-")),
      DATABASE_URL: url,
      SESSION_SECRET,
      JWT_SECRET: "bench-jwt-secret-0123456789-abcdefghijklmnopq",
      ADMIN_EMAIL: "admin@cotiza.test",
      ADMIN_PASSWORD: "Admin-Cotiza-2026!",
      LOG_LEVEL: "error",
      // The load comes from one address: the per-address limits stay checked on every request
      // (their cost is part of the figure) but are raised so that they never refuse.
      RATE_LIMITS: "anonymousQuote=100000000/600,register=100000/600",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}
const server = watch("server", startCotiza(databaseUrl ?? ""));

const quoteBody = JSON.stringify({
  line: "alquiler",
  inputs: { postalCode: "28013", monthlyRent: 90_000, tenantMonthlyIncome: 300_000 },
});
// From the bare HTTP server to a full page: /healthz (Hono only), /version.json (a Remix resource
// route, no React), /bench (the root's loader, session, CSRF, headers and layout around one
// sentence) and /cotizar?linea=auto (the largest form), each against the bare Remix app.
const targets = [
  { key: "bare", name: "GET / (bare Remix 2.17.5, remix-serve)", url: `${bareBase}/` },
  { key: "healthz", name: "GET /healthz (Hono only)", url: `${base}/healthz` },
  { key: "version", name: "GET /version.json (Remix resource route)", url: `${base}/version.json` },
  { key: "bench", name: "GET /bench (our trivial page, real layout)", url: `${base}/bench` },
  { key: "cotizar", name: "GET /cotizar?linea=auto", url: `${base}/cotizar?linea=auto` },
  {
    key: "quote",
    name: "POST /api/quotes",
    url: `${base}/api/quotes`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: quoteBody,
  },
];

/** A visitor with a quote of their own: the session cookie and the pages /results and /checkout. */
async function visitorWithQuote() {
  const { visitorSessionStorage, VISITOR_TOKEN_KEY, VISITOR_USER_KEY } = await import("../app/lib/session.server.ts");
  const { AUTO } = await import("../tests/support/quote-inputs.ts");
  const account = { name: "Marta Gómez", email: `bench-${Date.now()}@cotiza.test`, password: "Bench-Cotiza-2026!" };
  const registered = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const auth = await registered.json();
  const quoted = await fetch(`${base}/api/quotes`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${auth.token}` },
    body: JSON.stringify({ line: "auto", inputs: AUTO }),
  });
  if (quoted.status !== 201) throw new Error(`quote: ${quoted.status} ${await quoted.text()}`);
  const quote = await quoted.json();
  // What the /register action stores (app/lib/auth.server.ts), signed with the bench server's secret.
  const storage = visitorSessionStorage({ sessionSecrets: [SESSION_SECRET], secureCookies: true });
  const session = await storage.getSession();
  session.set(VISITOR_TOKEN_KEY, auth.token);
  session.set(VISITOR_USER_KEY, JSON.stringify(auth.user));
  const cookie = (await storage.commitSession(session)).split(";")[0];
  return { cookie, quoteId: quote.id, plan: quote.plans[0].code };
}

/**
 * Every target warmed up, then `rounds` interleaved rounds at each connection count (the median
 * round reported), while the server's memory is sampled: idle before, peak (VmHWM) after.
 */
async function measure(serverPid, rounds) {
  const idle = memoryOf(serverPid);
  const samples = [];
  const sampler = setInterval(() => samples.push(memoryOf(serverPid).rss), 500);
  const rows = [];
  try {
    for (const connections of CONNECTIONS) {
      for (const target of targets) await run({ ...target, duration: WARM_UP, connections });
      const results = new Map(targets.map((t) => [t.key, []]));
      for (let i = 0; i < rounds; i++) {
        for (const target of targets) results.get(target.key).push(await run({ ...target, connections }));
      }
      for (const target of targets) {
        const runs = results.get(target.key);
        const sorted = [...runs].sort((a, b) => a.requests.average - b.requests.average);
        const result = sorted[Math.floor(sorted.length / 2)];
        const row = {
          key: target.key,
          target: target.name,
          connections,
          requestsPerSecond: Math.round(result.requests.average),
          requestsPerSecondRange: [Math.round(sorted[0].requests.average), Math.round(sorted.at(-1).requests.average)],
          perRound: runs.map((r) => Math.round(r.requests.average)),
          p50ms: result.latency.p50,
          p99ms: result.latency.p99,
          non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
          errors: runs.reduce((n, r) => n + r.errors, 0),
        };
        rows.push(row);
        console.log(JSON.stringify(row));
      }
    }
  } finally {
    clearInterval(sampler);
  }
  const loaded = memoryOf(serverPid);
  return { rows, memory: { idleRss: idle.rss, peakRss: loaded.peak, maxSampledRss: Math.max(0, ...samples) } };
}

/**
 * The second server, on a throwaway PostgreSQL cluster: a warm-up and one round of the same
 * targets on the same port (the PGlite server is stopped by then), for its memory under load.
 */
async function measureOnPostgres() {
  cluster = await startThrowawayPostgres();
  if (!cluster) return { notMeasured: NO_POSTGRES };
  const pgServer = watch("server on PostgreSQL", startCotiza(cluster.url));
  try {
    await waitFor(`${base}/readyz`, pgServer);
    const { rows, memory } = await measure(pgServer.pid, 1);
    return { database: `a throwaway PostgreSQL cluster (${cluster.version})`, version: cluster.version, ...memory, rows };
  } finally {
    await stopChild(pgServer);
    cluster.stop();
    cluster = null;
  }
}

try {
  await Promise.all([waitFor(`${base}/readyz`, server), waitFor(`${bareBase}/`, bare)]);
  const { rows, memory: main } = await measure(server.pid, RUNS);
  const memory = { ...main, database, bareRemixPeakRss: memoryOf(bare.pid).peak };

  const visitor = await visitorWithQuote();
  const pages = [
    { path: "/", url: `${base}/` },
    { path: "/cotizar?linea=auto", url: `${base}/cotizar?linea=auto` },
    { path: "/results (a real quote)", url: `${base}/results?cotizacion=${visitor.quoteId}`, cookie: visitor.cookie },
    { path: "/checkout (signed in)", url: `${base}/checkout?cotizacion=${visitor.quoteId}&plan=${visitor.plan}`, cookie: visitor.cookie },
  ];
  const lighthouse = LIGHTHOUSE_RUNS > 0 ? await lighthouseScores(pages, { chromePath: CHROME, runs: LIGHTHOUSE_RUNS }) : [];

  const built = readManifest();
  const javascript = [
    ["/", "routes/_index"],
    ["/cotizar", "routes/cotizar"],
    ["/results", "routes/results"],
    ["/checkout", "routes/checkout"],
  ].map(([page, route]) => {
    const load = firstLoad(route, { manifest: built });
    return {
      page,
      route,
      files: load.files,
      rawBytes: load.rawBytes,
      gzipBytes: load.gzipBytes,
      brBytes: load.brBytes,
      smallestFileBytes: load.smallest.rawBytes,
    };
  });

  // Memory on both databases. BENCH_DATABASE_URL: the run above was on PostgreSQL already.
  if (databaseUrl) {
    memory.pglite = { notMeasured: "not measured (BENCH_DATABASE_URL puts the whole run on PostgreSQL)" };
    memory.postgres = { database, idleRss: main.idleRss, peakRss: main.peakRss, maxSampledRss: main.maxSampledRss };
  } else {
    memory.pglite = { database, idleRss: main.idleRss, peakRss: main.peakRss, maxSampledRss: main.maxSampledRss };
    await stopChild(server);
    try {
      memory.postgres = await measureOnPostgres();
    } catch (error) {
      // The figures above are still written; the exit code says that this part failed.
      console.error(`bench: PostgreSQL: ${error.stack ?? error}`);
      memory.postgres = { notMeasured: `not measured (failed: ${error.message})` };
      process.exitCode = 1;
    }
    console.log(`PostgreSQL: ${memory.postgres.notMeasured ?? `idle ${mb(memory.postgres.idleRss)}, peak ${mb(memory.postgres.peakRss)}`}`);
  }

  // -------------------------------------------------------------------------------------------
  const at = new Date().toISOString();
  const find = (key, c) => rows.find((r) => r.key === key && r.connections === c);
  const pct = (a, b) => `${((100 * a) / b).toFixed(0)} %`;
  /** The share a/b of each round, as a range: the rounds ran back to back, under the same load. */
  const roundRange = (a, b) => {
    const shares = a.perRound.map((x, i) => (100 * x) / b.perRound[i]).sort((x, y) => x - y);
    return `${shares[0].toFixed(0)}–${shares.at(-1).toFixed(0)} %`;
  };
  const table = rows
    .map((r) => {
      const bareRow = find("bare", r.connections);
      return `| ${r.target} | ${r.connections} | ${r.requestsPerSecond} | ${r.requestsPerSecondRange.join("–")} | ${r.key === "bare" ? "100 %" : pct(r.requestsPerSecond, bareRow.requestsPerSecond)} | ${r.p50ms} | ${r.p99ms} | ${r.non2xx + r.errors} |`;
    })
    .join("\n");
  const targetLines = CONNECTIONS.flatMap((c) => [
    `- /bench at ${c} connections: ${pct(find("bench", c).requestsPerSecond, find("bare", c).requestsPerSecond)} of the bare Remix app (rounds ${roundRange(find("bench", c), find("bare", c))}; target ≥ 70 %)`,
    `- /cotizar?linea=auto at ${c} connections: ${pct(find("cotizar", c).requestsPerSecond, find("bench", c).requestsPerSecond)} of /bench (rounds ${roundRange(find("cotizar", c), find("bench", c))}; target ≥ 70 %), ${pct(find("cotizar", c).requestsPerSecond, find("bare", c).requestsPerSecond)} of the bare Remix app`,
    `- POST /api/quotes at ${c} connections: p50 ${find("quote", c).p50ms} ms, p99 ${find("quote", c).p99ms} ms, ${pct(find("quote", c).requestsPerSecond, find("bare", c).requestsPerSecond)} of the bare app's req/s`,
  ]);
  const lighthouseTable = lighthouse
    .map(
      (r) =>
        `| ${r.page} | ${r.performance} | ${r.performanceRange.join("–")} | ${r.accessibility} | ${(r.fcpMs / 1000).toFixed(1)} s | ${(r.lcpMs / 1000).toFixed(1)} s | ${r.tbtMs} ms | ${r.cls} | ${r.requests} | ${r.scripts} |`,
    )
    .join("\n");
  // Without BENCH_DATABASE_URL, PostgreSQL's figures come from a second server measured last.
  const postgresLoad = databaseUrl
    ? "the rounds above"
    : `a second server, after the rest: ${WARM_UP} s warm-up and 1 round of ${DURATION} s per target`;
  const memoryRow = (name, m, load) =>
    m.notMeasured ? `| ${name} | — | — | ${m.notMeasured} |` : `| ${name} | ${mb(m.idleRss)} | ${mb(m.peakRss)} | ${load} |`;
  const jsTable = javascript
    .map((j) => `| ${j.page} | ${j.files} | ${kb(j.brBytes)} | ${kb(j.gzipBytes)} | ${kb(j.rawBytes)} | ${j.smallestFileBytes} B |`)
    .join("\n");

  writeFileSync(
    `bench/results/${resultsName}.json`,
    JSON.stringify({ at, database, durationSeconds: DURATION, runs: RUNS, warmUpSeconds: WARM_UP, rows, memory, lighthouse, javascript }, null, 2) +
      "\n",
  );
  writeFileSync(
    `bench/results/${resultsName}.md`,
    `# Bench ${at}

Server in production mode on ${database}, beside a bare Remix 2.17.5 app (bench/bare: one route
of 40 paragraphs, remix-serve) measured in the same run; autocannon on the same machine (2 cores,
shared). Each target warmed up ${WARM_UP} s, then ${RUNS} interleaved rounds of ${DURATION} s; the
median round is reported with the range, and every figure as a share of the bare app.

| target | connections | req/s | req/s range | of bare Remix | p50 ms | p99 ms | non-2xx + errors |
|---|---|---|---|---|---|---|---|
${table}

## Against the targets (ADR 008)

${targetLines.join("\n")}

## Lighthouse (mobile, simulated throttling, ${LIGHTHOUSE_RUNS} runs per page, the median reported)

| page | performance | range | accessibility | FCP | LCP | TBT | CLS | requests | scripts |
|---|---|---|---|---|---|---|---|---|---|
${lighthouseTable}

## First-load JavaScript per public page (as served: the build's .br and .gz copies)

| page | files | Brotli | gzip | raw | smallest file |
|---|---|---|---|---|---|
${jsTable}

## Memory (server process, /proc VmRSS and VmHWM)

| database | idle after start | peak under load | load |
|---|---|---|---|
${memoryRow("PGlite (embedded, in the server process)", memory.pglite, "the rounds above")}
${memoryRow(`PostgreSQL (${databaseUrl ? "BENCH_DATABASE_URL" : `a throwaway cluster${memory.postgres.version ? `, ${memory.postgres.version}` : ""}`})`, memory.postgres, postgresLoad)}

- on PostgreSQL the database's own processes are not counted; on PGlite the database is inside the server
- the bare Remix app under the same load: peak ${mb(memory.bareRemixPeakRss)}
`,
  );
  console.log(readFileSync(`bench/results/${resultsName}.md`, "utf8"));
} finally {
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  cluster?.stop();
}
