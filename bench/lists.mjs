// npm run bench:lists — the lists of the site at a real broker's volume, on PostgreSQL.
//
// 1. A database: BENCH_DATABASE_URL (a fresh database it may fill), or else a throwaway cluster
//    (initdb in a temporary directory, as .ci/run does) on BENCH_PG_PORT, stopped and removed at
//    the end (BENCH_KEEP_PG=1 keeps it running and prints its URL).
// 2. The built server in production mode on it (migrations and seed run at start), three quotes
//    made through the API as templates, then the volumes loaded by SQL (bench/lists-load.mjs,
//    BENCH_SCALE, default 1) and VACUUM ANALYZE. A database that holds them already is reused.
// 3. Sign-ins (API tokens and the web forms' cookies), then every target of bench/lists-targets.mjs
//    with autocannon at 10 connections (a warm-up, then BENCH_RUNS runs, the median by req/s),
//    and the two CSV exports streamed once each BENCH_RUNS times (rows/s, bytes, server RSS
//    sampled every 100 ms). The server's RSS is sampled the whole time.
// 4. The SQL behind each target, captured in the server (bench/lists-sql-capture.mjs), EXPLAINed
//    (FORMAT JSON) with its parameters; every Seq Scan of a table over 100k rows is reported.
// 5. bench/results/<BENCH_RESULTS_NAME, default lists-latest>.{json,md}, with each target of the
//    issue marked met or missed. Nothing is asserted: the figures are read by people.
import autocannon from "autocannon";
import { execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { BIG_VISITOR, STAFF_PREFIX, isLoaded, loadListVolumes, tableRows, volumes } from "./lists-load.mjs";
import { listTargets } from "./lists-targets.mjs";

const startedAt = Date.now();
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const PORT = Number(process.env.BENCH_PORT ?? 3410);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 55440);
const DURATION = Number(process.env.BENCH_SECONDS ?? 4);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WARM_UP = Number(process.env.BENCH_WARM_UP_SECONDS ?? 3);
const CONNECTIONS = 10;
const RESULTS_NAME = process.env.BENCH_RESULTS_NAME ?? "lists-latest";
/** BENCH_ONLY=<regular expression>: only the targets whose name matches (while working on some). */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
/**
 * A request slower than this alone (5× the p99 target) is not put under load: 10 connections would
 * queue on the 2 cores and a short run would see few or no answers. It is reported from three
 * requests one after the other instead (p99 = the slowest), already far over the target.
 */
const SLOW_PROBE_MS = 1000;
const REQUEST_TIMEOUT_S = 60;
const TARGETS = { p99ms: 200, exportRowsPerSecond: 50_000, exportRssGrowthMB: 50, serverRssMB: 512, seqScanRows: 100_000 };
const ADMIN = { email: "admin@cotiza.test", password: "Admin-Cotiza-2026!" };
const base = `http://127.0.0.1:${PORT}`;
const log = (line) => console.log(`[bench:lists ${((Date.now() - startedAt) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};
const phases = {};
const phase = (name, since) => (phases[name] = Math.round((Date.now() - since) / 1000));

// ─── PostgreSQL: BENCH_DATABASE_URL or a throwaway cluster ─────────────────────────────────

function pgBin() {
  if (process.env.BENCH_PGBIN) return process.env.BENCH_PGBIN;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, "bin/initdb"))) : [];
  if (versions.length === 0) throw new Error("No PostgreSQL server binaries: set BENCH_DATABASE_URL or BENCH_PGBIN (or apt-get install postgresql)");
  return path.join(root, versions.sort((a, b) => Number(a) - Number(b)).at(-1), "bin");
}

function asPostgres(command) {
  // initdb refuses to run as root: the cluster belongs to the postgres user then, as in .ci/run.
  if (process.getuid?.() === 0) execFileSync("su", ["postgres", "-s", "/bin/sh", "-c", command], { stdio: ["ignore", "ignore", "inherit"] });
  else execFileSync("/bin/sh", ["-c", command], { stdio: ["ignore", "ignore", "inherit"] });
}

function startCluster() {
  const bin = pgBin();
  const dir = process.env.BENCH_PG_DIR ?? mkdtempSync(path.join(tmpdir(), "cotiza-bench-pg-"));
  mkdirSync(dir, { recursive: true });
  if (existsSync(path.join(dir, "PG_VERSION"))) throw new Error(`${dir} already holds a cluster: give an empty BENCH_PG_DIR`);
  if (process.getuid?.() === 0)
    chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString()), Number(execFileSync("id", ["-g", "postgres"]).toString()));
  chmodSync(dir, 0o700);
  asPostgres(`${bin}/initdb -D ${dir} -U cotiza --auth=trust -E UTF8 --locale=C.UTF-8`);
  // Loading runs without durability (a throwaway cluster); it is switched back on before measuring.
  const options = [
    `-p ${PG_PORT}`,
    "-k /tmp",
    "-c listen_addresses=127.0.0.1",
    "-c shared_buffers=512MB",
    "-c max_wal_size=8GB",
    "-c maintenance_work_mem=256MB",
    "-c fsync=off",
    "-c full_page_writes=off",
    "-c synchronous_commit=off",
  ].join(" ");
  asPostgres(`${bin}/pg_ctl -D ${dir} -o '${options}' -l ${dir}/server.log -w start`);
  const stop = () => {
    try {
      asPostgres(`${bin}/pg_ctl -D ${dir} -m fast -w stop`);
    } catch {
      // already stopped
    }
    if (!process.env.BENCH_PG_DIR) rmSync(dir, { recursive: true, force: true });
  };
  return { url: `postgres://cotiza@127.0.0.1:${PG_PORT}/postgres`, dir, stop };
}

async function durableAgain(client) {
  for (const setting of ["fsync", "full_page_writes", "synchronous_commit"]) await client.query(`alter system set ${setting} = on`);
  await client.query("select pg_reload_conf()");
}

// ─── The server, its RSS, the SQL it sends ─────────────────────────────────────────────────

function startServer(databaseUrl, sqlLog, serverLog, dataDir) {
  return spawn(process.execPath, ["--import", "tsx", "--import", "./bench/lists-sql-capture.mjs", "server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: "bench-session-secret-0123456789-abcdefghijkl",
      JWT_SECRET: "bench-jwt-secret-0123456789-abcdefghijklmnopq",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "error",
      BENCH_SQL_LOG: sqlLog,
    },
    // Its error lines (among them the requests autocannon abandons at the end of each run, which
    // the web logs as 500s) go to a file, printed if it fails to start.
    stdio: ["ignore", "ignore", openSync(serverLog, "a")],
  });
}

async function waitReady(server) {
  for (let i = 0; i < 480; i++) {
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

/** VmRSS of the server every 100 ms; `window()` opens a span whose peak can be read later. */
function rssSampler(pid) {
  const samples = [];
  const read = () => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
      if (kb) samples.push({ t: Date.now(), mb: kb / 1024 });
    } catch {
      // the server has gone
    }
  };
  read();
  const timer = setInterval(read, 100);
  return {
    now: () => (read(), samples.at(-1)?.mb ?? 0),
    window() {
      const from = Date.now();
      return () => Math.max(0, ...samples.filter((s) => s.t >= from).map((s) => s.mb));
    },
    peak: () => Math.max(0, ...samples.map((s) => s.mb)),
    stop: () => clearInterval(timer),
  };
}

// ─── Sign-ins ──────────────────────────────────────────────────────────────────────────────

async function apiToken(pathname, body) {
  const response = await fetch(`${base}${pathname}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()).token;
}

/** Signs in through a web login form (GET for the CSRF cookie and field, then the POST). */
async function webCookies(loginPath, credentials) {
  const jar = new Map();
  const keep = (response) => {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(";")[0];
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1);
      if (value === "" || /max-age=0/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
  };
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const page = await fetch(`${base}${loginPath}`, { redirect: "manual" });
  keep(page);
  const input = /<input[^>]*name="csrf"[^>]*>/.exec(await page.text())?.[0];
  const csrf = input && /value="([^"]+)"/.exec(input)?.[1];
  if (!csrf) throw new Error(`${loginPath}: no CSRF field in the form`);
  const response = await fetch(`${base}${loginPath}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: header(), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrf, email: credentials.email, password: credentials.password, redirectTo: "" }),
  });
  keep(response);
  if (response.status < 300 || response.status >= 400) throw new Error(`${loginPath}: sign-in answered ${response.status}`);
  return header();
}

// ─── Measuring ─────────────────────────────────────────────────────────────────────────────

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, timeout: REQUEST_TIMEOUT_S, ...opts }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** The answer is ordered by `by` in `dir` (nulls together at one end); else why not. */
function orderProblem(items, { by, dir }) {
  if (!Array.isArray(items)) return "the answer holds no list";
  if (items.length < 2) return "too few rows to tell the order";
  const values = items.map(by);
  const present = values.filter((v) => v !== null && v !== undefined).map(String);
  const firstNull = values.findIndex((v) => v === null || v === undefined);
  if (firstNull !== -1) {
    const nullsTogether =
      values.slice(firstNull).every((v) => v === null || v === undefined) ||
      values.slice(0, values.length - present.length).every((v) => v === null || v === undefined);
    if (!nullsTogether) return "the rows are not in that order, nulls mixed with values (the parameter is ignored)";
  }
  const inOrder = (cmp) => present.every((v, i) => i === 0 || (dir === "asc" ? cmp(present[i - 1], v) <= 0 : cmp(present[i - 1], v) >= 0));
  // Byte order or the collation's: either is an ordered answer.
  if (inOrder((a, b) => (a < b ? -1 : a > b ? 1 : 0)) || inOrder((a, b) => a.localeCompare(b))) return null;
  if (new Set(present).size === 1) return "every row has the same value";
  return "the rows are not in that order (the parameter is ignored)";
}

async function probe(target, headers) {
  const t = performance.now();
  const response = await fetch(`${base}${target.path}`, { headers, redirect: "manual", signal: AbortSignal.timeout(REQUEST_TIMEOUT_S * 1000) });
  const body = await response.text();
  const ms = performance.now() - t;
  const result = { status: response.status, ms: Math.round(ms), bytes: Buffer.byteLength(body) };
  if (response.status !== 200)
    return { ...result, error: `answered ${response.status}${response.status === 400 ? " (parameter refused)" : ""}: ${body.slice(0, 160)}` };
  if (target.expect) {
    let json;
    try {
      if (target.web) {
        const sep = target.path.includes("?") ? "&" : "?";
        const data = await fetch(`${base}${target.path}${sep}_data=${encodeURIComponent(target.web)}`, { headers });
        if (data.status !== 200) return { ...result, error: `loader data answered ${data.status}` };
        json = await data.json();
      } else json = JSON.parse(body);
    } catch (error) {
      return { ...result, error: `unreadable answer: ${error.message}` };
    }
    const problem = orderProblem(target.expect.items(json), target.expect.sort);
    if (problem) return { ...result, error: `200 but ${problem}` };
  }
  return result;
}

/** CPU time (clock ticks) the process has used. */
function cpuTicks(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return Number(fields[11]) + Number(fields[12]); // utime, stime
  } catch {
    return 0;
  }
}

/**
 * Waits until the server is idle: no statement of it running in the database and under 10 % of a
 * core used over 200 ms. autocannon closes its connections at the end of a run, but the requests
 * in flight go on (queries, then rendering) and would slow the next run. At most a minute.
 */
async function drain(client, pid) {
  for (let i = 0; i < 300; i++) {
    const { rows } = await client.query(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()",
    );
    const ticks = cpuTicks(pid);
    await sleep(200);
    if (rows[0].n === 0 && cpuTicks(pid) - ticks <= 2) return;
  }
}

async function sequential(target, headers, first, client, pid) {
  const times = [first.ms];
  for (let i = 0; i < 2; i++) times.push((await probe(target, headers)).ms);
  await drain(client, pid);
  return { mode: "sequential", p50ms: median(times), p99ms: Math.max(...times), requestsPerSecond: Number((1000 / median(times)).toFixed(2)) };
}

async function measure(target, headers, rss, client, pid) {
  // Twice: the first request of a list may find cold caches (or expire quotes); the second decides.
  const cold = await probe(target, headers).catch((error) => ({ status: 0, error: `no answer: ${error.message}` }));
  const first = cold.error ? cold : await probe(target, headers).catch((error) => ({ status: 0, error: `no answer: ${error.message}` }));
  // The machine is shared: the 1-minute load average says how contended the figures were.
  const row = {
    target: target.name,
    path: target.path,
    auth: target.auth,
    status: first.status,
    singleMs: first.ms,
    bytes: first.bytes,
    loadAverage: Number(loadavg()[0].toFixed(1)),
  };
  if (first.error) return { ...row, error: first.error };
  const peak = rss.window();
  if (first.ms > SLOW_PROBE_MS) {
    // Too slow to put under load in a short run: three requests one after the other.
    return { ...row, ...(await sequential(target, headers, first, client, pid)), peakRssMB: Math.round(peak()) };
  }
  const opts = { url: `${base}${target.path}`, headers };
  await cannon({ ...opts, duration: WARM_UP });
  const results = [];
  await drain(client, pid);
  for (let i = 0; i < RUNS; i++) {
    results.push(await cannon({ ...opts, duration: DURATION }));
    await drain(client, pid);
  }
  results.sort((a, b) => a.requests.average - b.requests.average);
  const result = results[Math.floor(results.length / 2)];
  if (result.requests.total === 0) {
    // Under load nothing came back within a run: the figure is then that of requests one by one.
    const alone = await sequential(target, headers, first, client, pid);
    return { ...row, ...alone, noneUnderLoad: true, peakRssMB: Math.round(peak()) };
  }
  return {
    ...row,
    mode: "autocannon",
    requestsPerSecond: Number(result.requests.average.toFixed(1)),
    requestsPerSecondRange: [Number(results[0].requests.average.toFixed(1)), Number(results.at(-1).requests.average.toFixed(1))],
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    requests: results.reduce((n, r) => n + r.requests.total, 0),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    errors: results.reduce((n, r) => n + r.errors + r.timeouts, 0),
    peakRssMB: Math.round(peak()),
  };
}

/** One streamed download of an export: rows, bytes, time, the server's RSS before and at its peak. */
async function exportOnce(target, headers, rss) {
  await sleep(1000);
  const before = rss.now();
  const peak = rss.window();
  const t = performance.now();
  let bytes = 0;
  let newlines = 0;
  let firstByteMs = null;
  let status = 0;
  let total = null;
  let error = null;
  try {
    const response = await fetch(`${base}${target.path}`, { headers, redirect: "manual", signal: AbortSignal.timeout(600_000) });
    status = response.status;
    total = response.headers.get("x-total-count");
    for await (const chunk of response.body) {
      firstByteMs ??= performance.now() - t;
      bytes += chunk.length;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) newlines++;
    }
    if (status !== 200) error = `answered ${status}`;
  } catch (e) {
    error = `failed: ${e.message}`;
  }
  const seconds = (performance.now() - t) / 1000;
  await sleep(300);
  const peakMB = peak();
  const rows = Math.max(0, newlines - 1); // the header line
  return {
    status,
    error,
    rows,
    totalMatching: total === null ? null : Number(total),
    bytes,
    seconds: Number(seconds.toFixed(2)),
    firstByteMs: firstByteMs === null ? null : Math.round(firstByteMs),
    rowsPerSecond: Math.round(rows / seconds),
    rssBeforeMB: Math.round(before),
    rssPeakMB: Math.round(peakMB),
    rssGrowthMB: Math.round(peakMB - before),
  };
}

async function measureExport(target, headers, rss) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await exportOnce(target, headers, rss);
    runs.push(run);
    if (run.error) break;
  }
  const ok = runs.filter((r) => !r.error);
  const row = { target: target.name, path: target.path, auth: target.auth, kind: "export", runs, loadAverage: Number(loadavg()[0].toFixed(1)) };
  if (ok.length === 0) return { ...row, status: runs[0].status, error: runs[0].error };
  const mid = [...ok].sort((a, b) => a.rowsPerSecond - b.rowsPerSecond)[Math.floor((ok.length - 1) / 2)];
  return { ...row, ...mid, rssGrowthMB: Math.max(...ok.map((r) => r.rssGrowthMB)), rssPeakMB: Math.max(...ok.map((r) => r.rssPeakMB)) };
}

// ─── EXPLAIN of the SQL behind each target ─────────────────────────────────────────────────

async function toggleCapture(server, sqlLog) {
  const before = existsSync(sqlLog)
    ? readFileSync(sqlLog, "utf8")
        .split("\n")
        .filter((l) => l.includes('"capture"')).length
    : 0;
  server.kill("SIGUSR2");
  for (let i = 0; i < 100; i++) {
    await sleep(20);
    const markers = existsSync(sqlLog)
      ? readFileSync(sqlLog, "utf8")
          .split("\n")
          .filter((l) => l.includes('"capture"')).length
      : 0;
    if (markers > before) return;
  }
  throw new Error("the server did not switch SQL capture (is bench/lists-sql-capture.mjs loaded?)");
}

function planNodes(plan, out = []) {
  out.push(plan);
  for (const child of plan.Plans ?? []) planNodes(child, out);
  return out;
}

const DML = /^\s*(\(?\s*select|with|update|delete|insert)\b/i;

async function explainTargets(server, sqlLog, targets, headersOf, client, bigTables) {
  await toggleCapture(server, sqlLog);
  const captured = [];
  try {
    for (const target of targets) {
      const from = statSync(sqlLog).size;
      try {
        const response = await fetch(`${base}${target.path}`, {
          headers: headersOf(target),
          redirect: "manual",
          signal: AbortSignal.timeout(600_000),
        });
        await response.arrayBuffer();
      } catch {
        // the figure says what happened; the statements sent are still worth explaining
      }
      await sleep(150);
      const text = readFileSync(sqlLog).subarray(from).toString("utf8");
      const statements = text
        .split("\n")
        .filter((l) => l.startsWith('{"text"'))
        .map((l) => JSON.parse(l))
        .filter((s) => DML.test(s.text));
      captured.push({ target, statements });
    }
  } finally {
    await toggleCapture(server, sqlLog);
  }

  const cache = new Map();
  const results = [];
  for (const { target, statements } of captured) {
    const seen = new Set();
    const explained = [];
    for (const s of statements) {
      const key = s.text + "\u0000" + JSON.stringify(s.values);
      if (seen.has(s.text)) continue;
      seen.add(s.text);
      if (!cache.has(key)) {
        // ANALYZE runs the statement (in a transaction rolled back: some lists write, e.g. the
        // lazy expiry of quotes), so the plan carries real times and the rows each scan threw away.
        await client.query("begin");
        try {
          const { rows } = await client.query(`explain (analyze, buffers, format json) ${s.text}`, s.values);
          const root = rows[0]["QUERY PLAN"][0];
          const plan = root.Plan;
          const nodes = planNodes(plan);
          const seqScans = nodes
            .filter((n) => n["Node Type"] === "Seq Scan" && bigTables.has(n["Relation Name"]))
            .map((n) => ({
              table: n["Relation Name"],
              tableRows: bigTables.get(n["Relation Name"]),
              filter: n.Filter ?? null,
              parallel: Boolean(n["Parallel Aware"]),
            }));
          // Not a Seq Scan, as costly as one: an index or bitmap scan that reads 100k rows or more
          // (a count walking a whole index, a deep OFFSET, an index walked for rows a filter drops).
          const readRows = (n) =>
            ((n["Actual Rows"] ?? 0) + (n["Rows Removed by Filter"] ?? 0) + (n["Rows Removed by Index Recheck"] ?? 0)) * (n["Actual Loops"] ?? 1);
          const wastefulScans = nodes
            .filter((n) => /^(Index Scan|Index Only Scan|Bitmap Heap Scan)$/.test(n["Node Type"]) && readRows(n) >= TARGETS.seqScanRows)
            .map((n) => ({
              node: n["Node Type"],
              table: n["Relation Name"] ?? null,
              index: n["Index Name"] ?? null,
              rowsRead: readRows(n),
              rowsRemovedByFilter: (n["Rows Removed by Filter"] ?? 0) * (n["Actual Loops"] ?? 1),
              filter: n.Filter ?? null,
            }));
          cache.set(key, {
            sql: s.text,
            params: s.values,
            executionMs: Number(root["Execution Time"].toFixed(1)),
            totalCost: plan["Total Cost"],
            nodes: nodes.map((n) => [n["Node Type"], n["Relation Name"] ?? n["Index Name"] ?? ""].filter(Boolean).join(" ")),
            seqScans,
            wastefulScans,
            plan,
          });
        } catch (error) {
          cache.set(key, { sql: s.text, params: s.values, error: error.message, seqScans: [], wastefulScans: [] });
        } finally {
          await client.query("rollback");
        }
      }
      explained.push(cache.get(key));
    }
    results.push({ target: target.name, path: target.path, statements: explained });
  }
  return results;
}

// ─── The report ────────────────────────────────────────────────────────────────────────────

const mark = (met) => (met === null ? "—" : met ? "met" : "**missed**");

function writeReport(report) {
  writeFileSync(`bench/results/${RESULTS_NAME}.json`, JSON.stringify(report, null, 2) + "\n");
  const { rows, exports, explains, rssPeakMB, tables, volumesLoaded } = report;
  const seqOf = (name) => explains.find((e) => e.target === name)?.statements.flatMap((s) => s.seqScans) ?? [];
  const seqCell = (name) => {
    const scans = seqOf(name);
    return scans.length ? `**${[...new Set(scans.map((s) => s.table))].join(", ")}**` : "none";
  };
  const listLines = rows.map((r) => {
    if (r.error)
      return `| ${r.target} | error | — | — | — | — | ${r.error.replaceAll("|", "\\|").slice(0, 140)} | not measured | ${seqCell(r.target)} |`;
    const bad = (r.non2xx ?? 0) + (r.errors ?? 0);
    const note = [
      r.noneUnderLoad
        ? `no answer within a ${DURATION} s run at ${CONNECTIONS} connections; 3 requests one by one`
        : r.mode === "sequential"
          ? "too slow for load (> 1 s alone): 3 requests one by one"
          : null,
      bad ? `${bad} non-2xx/errors` : null,
      `${Math.round(r.bytes / 1024)} KB`,
    ]
      .filter(Boolean)
      .join("; ");
    return `| ${r.target} | ${r.status} | ${r.p50ms} | ${r.p99ms} | ${r.requestsPerSecond}${r.requestsPerSecondRange ? ` (${r.requestsPerSecondRange.join("–")})` : ""} | ${r.peakRssMB} | ${note} | ${mark(r.p99ms <= TARGETS.p99ms && !bad)} | ${seqCell(r.target)} |`;
  });
  const exportLines = exports.map((e) => {
    if (e.error) return `| ${e.target} | ${e.status} | — | — | — | — | — | — | ${e.error} | **missed** | **missed** |`;
    const whole =
      e.totalMatching === null
        ? "?"
        : e.rows >= e.totalMatching
          ? "yes"
          : `**no: ${e.rows.toLocaleString("en")} of ${e.totalMatching.toLocaleString("en")}**`;
    return `| ${e.target} | ${e.status} | ${e.rows.toLocaleString("en")} | ${whole} | ${(e.bytes / 1048576).toFixed(1)} MB | ${e.seconds} | ${e.rowsPerSecond.toLocaleString("en")} | ${e.rssBeforeMB} → ${e.rssPeakMB} (+${e.rssGrowthMB}) | first byte ${e.firstByteMs} ms | ${mark(e.rowsPerSecond >= TARGETS.exportRowsPerSecond)} | ${mark(e.rssGrowthMB < TARGETS.exportRssGrowthMB)} |`;
  });
  // One entry per statement and table, with every target that sends it.
  const scans = new Map();
  for (const e of explains) {
    for (const s of e.statements) {
      for (const scan of s.seqScans) {
        const key = `${s.sql}|${scan.table}`;
        if (!scans.has(key)) scans.set(key, { scan, sql: s.sql, ms: s.executionMs, targets: [] });
        if (!scans.get(key).targets.includes(e.target)) scans.get(key).targets.push(e.target);
      }
    }
  }
  const scanLines = [...scans.values()].map(
    ({ scan, sql, ms, targets }) =>
      `- **${scan.table}** (${scan.tableRows.toLocaleString("en")} rows${scan.parallel ? ", parallel" : ""}${scan.filter ? `, filter \`${scan.filter}\`` : ""}), ${ms} ms alone — sent by ${targets.map((t) => `*${t}*`).join(", ")}\n\n  \`\`\`sql\n  ${sql.replace(/\s+/g, " ")}\n  \`\`\``,
  );
  const wasteLines = [];
  const wasteSeen = new Set();
  for (const e of explains) {
    for (const s of e.statements) {
      for (const w of s.wastefulScans ?? []) {
        const key = `${s.sql}|${w.index}`;
        if (wasteSeen.has(key)) continue;
        wasteSeen.add(key);
        const targets = explains.filter((x) => x.statements.some((y) => y.sql === s.sql)).map((x) => `*${x.target}*`);
        const dropped = w.rowsRemovedByFilter ? `, ${w.rowsRemovedByFilter.toLocaleString("en")} of them dropped by the filter \`${w.filter}\`` : "";
        wasteLines.push(
          `- ${w.node} of **${w.table ?? "?"}**${w.index ? ` (${w.index})` : ""}: ${w.rowsRead.toLocaleString("en")} rows read${dropped}; ${s.executionMs} ms alone — sent by ${targets.join(", ")}\n\n  \`\`\`sql\n  ${s.sql.replace(/\s+/g, " ")}\n  \`\`\``,
        );
      }
    }
  }
  const statementLines = explains.flatMap((e) =>
    e.statements
      .filter((s) => s.error || s.executionMs >= 10)
      .map(
        (s) =>
          `| ${e.target} | \`${s.sql.replace(/\s+/g, " ").slice(0, 150).replaceAll("|", "\\|")}${s.sql.length > 150 ? "…" : ""}\` | ${s.error ? `error: ${s.error}` : s.executionMs} | ${s.error ? "" : s.nodes.slice(0, 5).join(" › ")} |`,
      ),
  );
  const measured = rows.filter((r) => !r.error);
  const withinP99 = (r) => !r.error && r.p99ms <= TARGETS.p99ms && !((r.non2xx ?? 0) + (r.errors ?? 0));
  const allP99 = measured.length > 0 && measured.every(withinP99);
  const anySeq = explains.some((e) => e.statements.some((s) => s.seqScans.length));
  const okExports = exports.filter((e) => !e.error);
  const exportFast = exports.length > 0 && exports.every((e) => !e.error && e.rowsPerSecond >= TARGETS.exportRowsPerSecond);
  const exportLean = exports.length > 0 && exports.every((e) => !e.error && e.rssGrowthMB < TARGETS.exportRssGrowthMB);
  const exportWhole =
    exports.length > 0 && okExports.length === exports.length && okExports.every((e) => e.totalMatching !== null && e.rows >= e.totalMatching);
  const errors = rows.filter((r) => r.error);
  const loads = [...rows, ...exports].map((r) => r.loadAverage).filter((x) => typeof x === "number");
  const md = `# Bench of the lists ${report.at}

Scale ${report.scale} (${Object.entries(volumesLoaded)
    .map(([k, v]) => `${k} ${v.toLocaleString("en")}`)
    .join(
      ", ",
    )}) on ${report.database}; server in production mode; autocannon at ${CONNECTIONS} connections on the same 2-core machine: a ${WARM_UP} s warm-up, then ${RUNS} runs of ${DURATION} s, the median run by req/s reported with the range. Exports: ${RUNS} streamed downloads each, the median by rows/s, the largest RSS growth. Server RSS (VmRSS) sampled every 100 ms throughout. The machine's 1-minute load average at the start of each target: ${Math.min(...loads)}–${Math.max(...loads)} (median ${median(loads)}) on 2 cores. Wall time ${report.wallSeconds} s (${Object.entries(
    report.phases,
  )
    .map(([k, v]) => `${k} ${v} s`)
    .join(", ")}).

## Against the list targets (ADR 010)

| target | result | |
|---|---|---|
| every list page, any filter, any page: p99 ≤ ${TARGETS.p99ms} ms | ${measured.filter(withinP99).length} of ${measured.length} measured targets${errors.length ? `; ${errors.length} not measurable (errors below)` : ""} | ${mark(allP99 && errors.length === 0)} |
| no sequential scan of a table over ${TARGETS.seqScanRows.toLocaleString("en")} rows | ${anySeq ? `${[...new Set(explains.flatMap((e) => e.statements.flatMap((s) => s.seqScans.map((x) => x.table))))].join(", ")} scanned (list below)` : "none found"} | ${mark(!anySeq)} |
| export ≥ ${TARGETS.exportRowsPerSecond.toLocaleString("en")} rows/s | ${exports.map((e) => (e.error ? `${e.target}: ${e.error}` : `${e.target}: ${e.rowsPerSecond.toLocaleString("en")}`)).join("; ")} | ${mark(exportFast)} |
| export RSS growth < ${TARGETS.exportRssGrowthMB} MB | ${exports.map((e) => (e.error ? `${e.target}: —` : `${e.target}: +${e.rssGrowthMB} MB`)).join("; ")} | ${mark(exportLean)} |
| the export holds the whole table | ${exports.map((e) => (e.error ? `${e.target}: —` : `${e.target}: ${e.rows.toLocaleString("en")} of ${(e.totalMatching ?? 0).toLocaleString("en")} rows`)).join("; ")} | ${mark(exportWhole)} |
| server < ${TARGETS.serverRssMB} MB RSS throughout | peak ${Math.round(rssPeakMB)} MB | ${mark(rssPeakMB < TARGETS.serverRssMB)} |

## Lists

p50/p99 in ms; req/s of the median run (range of the ${RUNS}); peak server RSS in MB during the target. An **error** row was not timed: the server refused or ignored the request's parameters (e.g. \`sort=\` before the list kit), so a figure would describe another request.

| target | status | p50 | p99 | req/s | RSS MB | notes | p99 ≤ ${TARGETS.p99ms} ms | Seq Scan > 100k rows |
|---|---|---|---|---|---|---|---|---|
${listLines.join("\n")}

## CSV export of the audit log

| target | status | rows | whole table | size | seconds | rows/s | server RSS MB | notes | ≥ ${TARGETS.exportRowsPerSecond.toLocaleString("en")} rows/s | RSS growth < ${TARGETS.exportRssGrowthMB} MB |
|---|---|---|---|---|---|---|---|---|---|---|
${exportLines.join("\n")}

## Sequential scans of tables over ${TARGETS.seqScanRows.toLocaleString("en")} rows

The statements each target sent, captured in the server and run through \`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)\` with their parameters (every plan is in the JSON file).

${scanLines.length ? scanLines.join("\n") : "None."}

Not counted by the target but as costly: index and bitmap scans that read ${TARGETS.seqScanRows.toLocaleString("en")} rows or more.

${wasteLines.length ? wasteLines.join("\n") : "None."}

## Statements of 10 ms or more

\`EXPLAIN (ANALYZE)\` of each statement once, alone, on an idle server (in a transaction rolled back); the first plan nodes.

| target | statement | ms | plan |
|---|---|---|---|
${statementLines.join("\n")}

## Tables

| table | rows (planner) | size |
|---|---|---|
${tables
  .filter((t) => t.rows > 0)
  .map((t) => `| ${t.table} | ${t.rows.toLocaleString("en")} | ${(t.bytes / 1048576).toFixed(0)} MB |`)
  .join("\n")}
`;
  writeFileSync(`bench/results/${RESULTS_NAME}.md`, md);
  return md;
}

// ─── Main ──────────────────────────────────────────────────────────────────────────────────

const templateQuotes = [
  {
    line: "auto",
    inputs: {
      driverBirthDate: "1985-06-15",
      licenseDate: "2005-09-01",
      postalCode: "28013",
      vehicleBrand: "Seat",
      vehicleModel: "León",
      vehicleYear: 2021,
      vehicleValue: 2_200_000,
      use: "particular",
      annualKm: 15_000,
      claimFreeYears: 8,
    },
  },
  {
    line: "hogar",
    inputs: {
      postalCode: "46001",
      dwellingType: "piso",
      floor: "intermedio",
      areaM2: 85,
      yearBuilt: 1998,
      residence: "habitual",
      buildingValue: 15_000_000,
      contentsValue: 3_000_000,
      alarm: true,
      reinforcedDoor: false,
    },
  },
  { line: "alquiler", inputs: { postalCode: "08001", monthlyRent: 95_000, tenantMonthlyIncome: 320_000 } },
];

const cluster = process.env.BENCH_DATABASE_URL ? null : (log(`starting a throwaway PostgreSQL cluster on port ${PG_PORT}`), startCluster());
const databaseUrl = process.env.BENCH_DATABASE_URL ?? cluster.url;
const client = new pg.Client({ connectionString: databaseUrl });
const sqlDir = mkdtempSync(path.join(tmpdir(), "cotiza-bench-sql-"));
const sqlLog = path.join(sqlDir, "statements.jsonl");
const serverLog = path.join(sqlDir, "server.log");
let server;
let rss;
try {
  await client.connect();
  let t = Date.now();
  server = startServer(databaseUrl, sqlLog, serverLog, sqlDir);
  await waitReady(server).catch((error) => {
    console.error(readFileSync(serverLog, "utf8").slice(-4000));
    throw error;
  });
  phase("start", t);
  rss = rssSampler(server.pid);
  let loadInfo = null;
  if (await isLoaded(client)) log("the bench rows are already in this database: reusing them");
  else {
    t = Date.now();
    for (const quote of templateQuotes) {
      const response = await fetch(`${base}/api/quotes`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(quote),
      });
      if (response.status !== 201) throw new Error(`template quote ${quote.line}: ${response.status} ${await response.text()}`);
    }
    log(`loading the volumes at scale ${SCALE}`);
    loadInfo = await loadListVolumes(client, { scale: SCALE, log: (line) => log(`  ${line}`) });
    phase("load", t);
    if (cluster) await durableAgain(client);
  }
  const tables = await tableRows(client);
  const rowsOf = (name) => tables.find((x) => x.table === name)?.rows ?? 0;
  const bigTables = new Map(tables.filter((x) => x.rows > TARGETS.seqScanRows).map((x) => [x.table, x.rows]));
  const staffRows = rowsOf("admin_users");
  const { rows: staffCount } = await client.query("select count(*)::int as n from admin_users");
  const auditRows = rowsOf("audit_log");
  const today = new Date();
  const day = (offset) => new Date(today.getTime() + offset * 86400_000).toISOString().slice(0, 10);
  const ctx = {
    // The deepest page the list kit serves: its first MAX_LIST_OFFSET (10,000) rows, 500 pages of 20 (ADR 010).
    deepAuditPage: Math.max(1, Math.min(500, Math.floor(auditRows / 20 / 2))),
    staffLastPage: Math.max(1, Math.ceil(staffCount[0].n / 20)),
    lateQuotesPage: 200,
    actor: `${STAFF_PREFIX}0007`,
    action: "user.login",
    entity: "policy",
    from: day(-400),
    to: day(-370),
    q: `${STAFF_PREFIX}01`,
  };
  log(
    `tables: ${tables
      .filter((x) => x.rows > 1000)
      .map((x) => `${x.table} ${x.rows}`)
      .join(", ")}; staff ${staffRows}`,
  );

  const adminToken = await apiToken("/api/admin/auth/login", ADMIN);
  const visitorToken = await apiToken("/api/auth/login", { email: BIG_VISITOR.email, password: BIG_VISITOR.password });
  const adminCookie = await webCookies("/admin/login", ADMIN);
  const visitorCookie = await webCookies("/login", BIG_VISITOR);
  const headersOf = (target) =>
    ({
      "admin-api": { authorization: `Bearer ${adminToken}` },
      "visitor-api": { authorization: `Bearer ${visitorToken}` },
      "admin-web": { cookie: adminCookie },
      "visitor-web": { cookie: visitorCookie },
    })[target.auth] ?? {};

  const targets = listTargets(ctx).filter((target) => !ONLY || ONLY.test(target.name));
  const rows = [];
  const exports = [];
  t = Date.now();
  for (const target of targets) {
    if (target.kind === "export") continue;
    const row = await measure(target, headersOf(target), rss, client, server.pid);
    rows.push(row);
    log(
      row.error
        ? `${target.name}: ERROR ${row.error}`
        : `${target.name}: p50 ${row.p50ms} ms, p99 ${row.p99ms} ms, ${row.requestsPerSecond} req/s, RSS ${row.peakRssMB} MB`,
    );
  }
  phase("lists", t);
  t = Date.now();
  for (const target of targets.filter((x) => x.kind === "export")) {
    const row = await measureExport(target, headersOf(target), rss);
    exports.push(row);
    log(
      row.error
        ? `${target.name}: ERROR ${row.error}`
        : `${target.name}: ${row.rows} rows of ${row.totalMatching}, ${row.seconds} s, ${row.rowsPerSecond} rows/s, RSS +${row.rssGrowthMB} MB`,
    );
  }
  phase("exports", t);
  t = Date.now();
  const explainable = targets.filter((x) => !rows.find((r) => r.target === x.name)?.error);
  const explains = await explainTargets(server, sqlLog, explainable, headersOf, client, bigTables);
  phase("explain", t);
  const report = {
    at: new Date().toISOString(),
    scale: SCALE,
    database: process.env.BENCH_DATABASE_URL
      ? "PostgreSQL (BENCH_DATABASE_URL)"
      : `a throwaway PostgreSQL cluster (${execFileSync(path.join(pgBin(), "postgres"), ["--version"]).toString().trim()}, shared_buffers 512MB)`,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    runs: RUNS,
    warmUpSeconds: WARM_UP,
    volumesLoaded: loadInfo?.volumes ?? volumes(SCALE),
    loadSeconds: loadInfo?.seconds ?? null,
    tables,
    ctx,
    targets: TARGETS,
    rssPeakMB: Math.round(rss.peak()),
    rows,
    exports,
    explains,
    phases,
    wallSeconds: Math.round((Date.now() - startedAt) / 1000),
  };
  console.log(writeReport(report));
} finally {
  rss?.stop();
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
  await client.end().catch(() => {});
  rmSync(sqlDir, { recursive: true, force: true });
  if (cluster) {
    if (process.env.BENCH_KEEP_PG)
      log(`PostgreSQL kept running: ${cluster.url} (data in ${cluster.dir}; stop it with pg_ctl -D ${cluster.dir} stop)`);
    else cluster.stop();
  }
}
