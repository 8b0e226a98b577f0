// npm run bench — throughput against Remix's own ceiling, the quote POST, memory on PGlite and on
// PostgreSQL, the JavaScript each public page loads and Lighthouse scores, from one run (ADR 008,
// issue 30).
//
// Builds and serves two apps side by side: the bare Remix app of bench/bare (Remix's ceiling on
// this machine: a trivial route, and /relleno/{bytes}, a trivial page of any size; remix-serve) and
// Cotiza (server.ts, production mode, a fresh embedded database, or BENCH_DATABASE_URL's
// PostgreSQL). Each of our pages (/bench, /cotizar, and /results, /checkout and /mi-poliza as a
// customer with a policy) is measured right after a bare page of its own size, in interleaved
// rounds, so a neighbour's load hits both alike; each ratio is the median of the rounds' ratios.
// Then Lighthouse (mobile, simulated throttling, Debian's Chromium; bench/lighthouse.mjs) on /,
// /cotizar, /results and /checkout, and the server's idle and peak RSS. Last, unless
// BENCH_DATABASE_URL already put the whole run on PostgreSQL, a second Cotiza server on a
// throwaway PostgreSQL cluster (bench/postgres.mjs) gets a warm-up and one round of the same
// targets, for its idle and peak RSS: the issue asks for both databases from one run. Writes
// bench/results/latest{,-postgres}.{json,md}. Nothing is asserted.
import autocannon from "autocannon";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../scripts/server-process.mjs";
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
  return spawn(process.execPath, [...SERVER_NODE_FLAGS, "build/server.mjs"], {
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

/**
 * A customer of the server at `origin`: registered, with an auto quote and a policy bought from it
 * by card, and the session cookie the web's /register action would store (app/lib/auth.server.ts),
 * signed with the bench server's secret: /results, /checkout and /mi-poliza as that customer sees them.
 */
async function customerWithPolicy(origin) {
  const { visitorSessionStorage, VISITOR_TOKEN_KEY, VISITOR_USER_KEY } = await import("../app/lib/session.server.ts");
  const { AUTO } = await import("../tests/support/quote-inputs.ts");
  const json = async (path, body, token) => {
    const response = await fetch(`${origin}/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const stamp = Date.now();
  const auth = await json("/auth/register", { name: "Marta Gómez", email: `bench-${stamp}@cotiza.test`, password: "Bench-Cotiza-2026!" });
  const quote = await json("/quotes", { line: "auto", inputs: AUTO }, auth.token);
  // A second quote for /results and /checkout: the first one is bought.
  const shown = await json("/quotes", { line: "auto", inputs: AUTO }, auth.token);
  const digits = String(40_000_000 + (stamp % 9_000_000));
  const nif = `${digits}${"TRWAGMYFPDXBNJZSQVHLCKE"[Number(digits) % 23]}`;
  await json(
    `/quotes/${quote.id}/checkout`,
    {
      plan: quote.plans[0].code,
      optionalGuarantees: [],
      frequency: "anual",
      registration: "1234 BCD",
      policyholder: {
        name: "Marta Gómez Ruiz",
        nif,
        birthDate: "1985-06-15",
        phone: "+34 600 123 456",
        address: "Calle Mayor 12, 3.º B",
        postalCode: "28013",
        city: "Madrid",
      },
      payment: { method: "card", cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", holder: "Marta Gómez" },
      consents: { terms: true, privacy: true, ipid: true, marketing: false },
      idempotencyKey: crypto.randomUUID(),
    },
    auth.token,
  );
  const storage = visitorSessionStorage({ sessionSecrets: [SESSION_SECRET], secureCookies: true });
  const session = await storage.getSession();
  session.set(VISITOR_TOKEN_KEY, auth.token);
  session.set(VISITOR_USER_KEY, JSON.stringify(auth.user));
  const cookie = (await storage.commitSession(session)).split(";")[0];
  return { cookie, quoteId: shown.id, plan: shown.plans[0].code };
}

/** The bytes of the document a GET answers (no Accept-Encoding, as autocannon asks), after checking it is a 200. */
async function documentBytes(url, headers = {}) {
  const response = await fetch(url, { headers: { ...headers, "accept-encoding": "identity" } });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return body.length;
}

/** The bare app's page of `bytes` bytes (bench/bare/app/routes/relleno.$bytes.tsx), within 1 % of it. */
async function barePageOf(bytes) {
  const empty = await documentBytes(`${bareBase}/relleno/0`);
  const url = `${bareBase}/relleno/${Math.max(0, bytes - empty)}`;
  const got = await documentBytes(url);
  if (Math.abs(got - bytes) > bytes / 100) throw new Error(`the bare page for ${bytes} B has ${got} B`);
  return { url, bytes: got };
}

/**
 * What is measured (issue 30): each of our pages beside a bare Remix page of the same size, in
 * adjacent slots of every round; POST /api/quotes beside the bare app's own 4 KB page; /healthz
 * and /version.json show the cost below Remix's page rendering. `origin`: the Cotiza server.
 */
async function targetsFor(origin) {
  const customer = await customerWithPolicy(origin);
  const withCookie = { cookie: customer.cookie };
  const pages = [
    { key: "bench", name: "GET /bench (a trivial page, real layout)", path: "/bench", target: 80 },
    { key: "cotizar", name: "GET /cotizar?linea=auto", path: "/cotizar?linea=auto", target: 70 },
    { key: "results", name: "GET /results (a real quote)", path: `/results?cotizacion=${customer.quoteId}`, headers: withCookie, target: 70 },
    {
      key: "checkout",
      name: "GET /checkout (signed in)",
      path: `/checkout?cotizacion=${customer.quoteId}&plan=${customer.plan}`,
      headers: withCookie,
      target: 70,
    },
    { key: "mi-poliza", name: "GET /mi-poliza (a customer with a policy)", path: "/mi-poliza", headers: withCookie, target: 70 },
  ];
  const bare4k = { key: "bare", name: "GET / (the bare app's own page)", url: `${bareBase}/` };
  bare4k.bytes = await documentBytes(bare4k.url);
  const targets = [bare4k];
  for (const page of pages) {
    const url = `${origin}${page.path}`;
    const bytes = await documentBytes(url, page.headers);
    const bare = await barePageOf(bytes);
    targets.push({ key: `bare:${page.key}`, name: `GET /relleno (bare, ${bytes} B)`, url: bare.url, bytes: bare.bytes });
    targets.push({ key: page.key, name: page.name, url, headers: page.headers, bytes, bareKey: `bare:${page.key}`, targetPercent: page.target });
  }
  targets.push(
    {
      key: "quote",
      name: "POST /api/quotes",
      url: `${origin}/api/quotes`,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: quoteBody,
      bareKey: "bare",
      targetPercent: 40,
    },
    { key: "healthz", name: "GET /healthz (Hono only)", url: `${origin}/healthz`, bareKey: "bare" },
    { key: "version", name: "GET /version.json (Remix resource route)", url: `${origin}/version.json`, bareKey: "bare" },
  );
  return { targets, customer };
}

/** What autocannon is given of a target. */
const load = ({ url, method = "GET", headers = {}, body }) => (body === undefined ? { url, method, headers } : { url, method, headers, body });

/**
 * Every target warmed up, then `rounds` interleaved rounds at each connection count (the median
 * round reported), while the server's memory is sampled: idle before, peak (VmHWM) after.
 */
async function measure(serverPid, rounds, targets) {
  const idle = memoryOf(serverPid);
  const samples = [];
  const sampler = setInterval(() => samples.push(memoryOf(serverPid).rss), 500);
  const rows = [];
  try {
    for (const connections of CONNECTIONS) {
      for (const target of targets) await run({ ...load(target), duration: WARM_UP, connections });
      const results = new Map(targets.map((t) => [t.key, []]));
      for (let i = 0; i < rounds; i++) {
        for (const target of targets) results.get(target.key).push(await run({ ...load(target), connections }));
      }
      for (const target of targets) {
        const runs = results.get(target.key);
        const sorted = [...runs].sort((a, b) => a.requests.average - b.requests.average);
        const result = sorted[Math.floor(sorted.length / 2)];
        const row = {
          key: target.key,
          target: target.name,
          bytes: target.bytes ?? null,
          bareKey: target.bareKey ?? null,
          targetPercent: target.targetPercent ?? null,
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
    const { targets } = await targetsFor(base);
    const { rows, memory } = await measure(pgServer.pid, 1, targets);
    return { database: `a throwaway PostgreSQL cluster (${cluster.version})`, version: cluster.version, ...memory, rows };
  } finally {
    await stopChild(pgServer);
    cluster.stop();
    cluster = null;
  }
}

try {
  await Promise.all([waitFor(`${base}/readyz`, server), waitFor(`${bareBase}/`, bare)]);
  const { targets, customer: visitor } = await targetsFor(base);
  const { rows, memory: main } = await measure(server.pid, RUNS, targets);
  const memory = { ...main, database, bareRemixPeakRss: memoryOf(bare.pid).peak };

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
  /** The ratio a/b of each round (the two ran in adjacent slots), the median round's and the range. */
  const roundShares = (a, b) => {
    const shares = a.perRound.map((x, i) => (100 * x) / b.perRound[i]).sort((x, y) => x - y);
    return { median: shares[Math.floor(shares.length / 2)], low: shares[0], high: shares.at(-1) };
  };
  const pct = (n) => `${n.toFixed(0)} %`;
  for (const r of rows) if (r.bareKey) r.ofBare = roundShares(r, find(r.bareKey, r.connections));
  const table = rows
    .map(
      (r) =>
        `| ${r.target} | ${r.connections} | ${r.bytes ?? "—"} | ${r.requestsPerSecond} | ${r.requestsPerSecondRange.join("–")} | ${r.ofBare ? `${pct(r.ofBare.median)} (${pct(r.ofBare.low)}–${pct(r.ofBare.high)})` : "—"} | ${r.p50ms} | ${r.p99ms} | ${r.non2xx + r.errors} |`,
    )
    .join("\n");
  const targetLines = rows
    .filter((r) => r.targetPercent !== null)
    .map((r) => {
      const bare = find(r.bareKey, r.connections);
      const met = r.ofBare.median >= r.targetPercent ? "met" : "NOT met";
      return `- ${r.target} at ${r.connections} connections: ${pct(r.ofBare.median)} of ${bare.target} (rounds ${pct(r.ofBare.low)}–${pct(r.ofBare.high)}; target ≥ ${r.targetPercent} %: ${met})`;
    });
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

Server in production mode on ${database}, beside a bare Remix 2.17.5 app (bench/bare, remix-serve)
measured in the same run; autocannon on the same machine (2 cores, shared). Each of our pages is
compared with a bare Remix page of its own size (bench/bare's /relleno/{bytes}, plain paragraphs,
no loader), measured in the slot just before it; POST /api/quotes, /healthz and /version.json with
the bare app's own page. Each target warmed up ${WARM_UP} s, then ${RUNS} interleaved rounds of
${DURATION} s; the median round is reported with the range, and each ratio is the median of the
rounds' ratios (page / its bare page in the same round).

| target | connections | document bytes | req/s | req/s range | of its bare page (rounds) | p50 ms | p99 ms | non-2xx + errors |
|---|---|---|---|---|---|---|---|---|
${table}

## Against the targets (issue 30)

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
