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
//
// The parts: lists-config.mjs (settings, targets, log), lists-server.mjs (the database, the server,
// its RSS, sign-ins), lists-measure.mjs (autocannon, exports), lists-explain.mjs (the SQL's plans)
// and lists-report.mjs (the report); this file runs them in order.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { BIG_VISITOR, STAFF_PREFIX, isLoaded, loadListVolumes, tableRows, volumes } from "./lists-load.mjs";
import { listTargets } from "./lists-targets.mjs";
import { startedAt, SCALE, PG_PORT, DURATION, RUNS, WARM_UP, CONNECTIONS, ONLY, TARGETS, ADMIN, base, log, phases, phase } from "./lists-config.mjs";
import { pgBin, startCluster, durableAgain, startServer, waitReady, rssSampler, apiToken, webCookies } from "./lists-server.mjs";
import { measure, measureExport } from "./lists-measure.mjs";
import { explainTargets } from "./lists-explain.mjs";
import { writeReport } from "./lists-report.mjs";

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
  const { rows: remittance } = await client.query("select coalesce((select id from remittances order by count desc, id limit 1), 1) as id");
  // An insured object to search by: a car's plate (typed as people write it, with a space) and a dwelling's postal code.
  const { rows: insured } = await client.query(
    `select (select risk ->> 'registration' from policies where line_code = 'auto' and risk ? 'registration' order by id offset 1000 limit 1) as plate,
            (select risk -> 'riskAddress' ->> 'postalCode' from policies where line_code = 'hogar' and risk ? 'riskAddress' order by id offset 1000 limit 1) as "postalCode"`,
  );
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
    remittance: remittance[0].id,
    plate: insured[0].plate ? `${insured[0].plate.slice(0, 4)} ${insured[0].plate.slice(4)}` : "1234 BCD",
    postalCode: insured[0].postalCode ?? "28001",
    today: day(0),
    monthFrom: `${day(0).slice(0, 7)}-01`,
    yearFrom: `${day(0).slice(0, 4)}-01-01`,
    fiveYearsFrom: `${Number(day(0).slice(0, 4)) - 5}-${day(0).slice(5)}`,
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
    const row = await measureExport(target, headersOf(target), rss, client);
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
