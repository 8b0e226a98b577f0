// npm run bench:dashboard (ADR 035): the back-office home at a large insurer's volume, 1,000,000
// policies and 5,000,000 quotes (bench/dashboard-load.mjs), on PostgreSQL, measured with
// autocannon at 10 connections against the built server (node build/server.mjs, production).
//
//   BENCH_DATABASE_URL=postgres://…   required: a database kept between runs (loaded once, ~5 min)
//   BENCH_PORT=4250                   the server's port
//   BENCH_SERVER_DIR=/path            the checkout whose build is measured (default: this one), e.g.
//                                     the commit before the dashboard, for the "before" figures
//   BENCH_RESULTS_NAME=dashboard      bench/results/<name>.json (+ .md with the before run beside it)
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import pg from "pg";
import { ADMIN, TARGETS, log, sleep } from "./lists-config.mjs";
import { measureTargets } from "./lists-measure.mjs";
import { apiToken, rssSampler, startBenchServer, webCookies } from "./lists-server.mjs";
import { prepareDashboardDatabase, DASHBOARD_VOLUMES } from "./dashboard-load.mjs";

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error("BENCH_DATABASE_URL=postgres://… is required (bench/dashboard-load.mjs fills it on the first run)");
  process.exit(1);
}
const serverDir = path.resolve(process.env.BENCH_SERVER_DIR ?? process.cwd());
const name = process.env.BENCH_RESULTS_NAME ?? "dashboard";
const resultsDir = path.resolve("bench/results");

await prepareDashboardDatabase(url, ADMIN, log);
const server = await startBenchServer(url, { cwd: serverDir, tag: "bench-dashboard" });
const client = new pg.Client({ connectionString: url });
await client.connect();
const rows = [];
try {
  const rss = rssSampler(server.pid);
  const headers = {
    "admin-api": { authorization: `Bearer ${await apiToken("/api/admin/auth/login", ADMIN)}` },
    "admin-web": { cookie: await webCookies("/admin/login", ADMIN) },
  };
  const targets = [
    { name: "GET /api/admin/dashboard (superadmin)", path: "/api/admin/dashboard", auth: "admin-api" },
    { name: "GET /admin (the page)", path: "/admin", auth: "admin-web" },
    // The same layout with no figures: what any back-office page costs this server (the ceiling).
    { name: "GET /admin/settings (an admin page without data)", path: "/admin/settings", auth: "admin-web" },
  ];
  if (process.env.BENCH_QUOTES !== "0" && name !== "dashboard-before") {
    targets.push({ name: "GET /admin/quotes?waiting=true (the list a figure opens)", path: "/admin/quotes?waiting=true", auth: "admin-web" });
  }
  rows.push(...(await measureTargets(targets, headers, rss, client, server.pid)));
  rss.stop();
} finally {
  server.kill("SIGTERM");
  await sleep(500);
  await client.end();
}

// The SQL alone, one call after another (less at the mercy of the machine's load than the HTTP
// figures): the old dashboard's four count(*) on one connection, and this one's figures as the API reads them.
const sqlAlone = await (async () => {
  const { openDatabase } = await import("../api/db/client.ts");
  const { dashboardFigures } = await import("../api/db/dashboard.repo.ts");
  const { madridDate } = await import("../api/domain/calendar.ts");
  const handle = await openDatabase({ databaseUrl: url });
  const time = async (runs, work) => {
    const ms = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await work();
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    return { runs, medianMs: Math.round(ms[Math.floor((runs - 1) / 2)]), maxMs: Math.round(ms.at(-1)) };
  };
  try {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const oldCounts = await time(3, async () => {
      for (const table of ["quotes", "policies", "clients", "admin_users where active"]) await c.query(`select count(*) from ${table}`);
    });
    await c.end();
    const now = new Date();
    const figures = await time(30, () => dashboardFigures(handle.readDb, { payments: true, policies: true }, madridDate(now), now));
    return { oldFourCounts: oldCounts, dashboardFigures: figures };
  } finally {
    await handle.close();
  }
})();
log(`SQL alone: the old four count(*) ${JSON.stringify(sqlAlone.oldFourCounts)}, dashboardFigures ${JSON.stringify(sqlAlone.dashboardFigures)}`);

const result = {
  name,
  at: new Date().toISOString(),
  volumes: DASHBOARD_VOLUMES,
  targetP99ms: TARGETS.p99ms,
  loadAverage: loadavg()[0],
  rows,
  sqlAlone,
};
writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);

// The Markdown: this run, and the "before" run beside it when there is one.
const table = (run) =>
  [
    "| target | alone (ms) | p50 (ms) | p99 (ms) | req/s | mode | errors |",
    "|---|---:|---:|---:|---:|---|---:|",
    ...run.rows.map((r) =>
      r.error
        ? `| ${r.target} | ${r.singleMs ?? ""} | | | | error: ${r.error} | |`
        : `| ${r.target} | ${r.singleMs} | ${r.p50ms} | ${r.p99ms} | ${r.requestsPerSecond} | ${r.mode} | ${(r.non2xx ?? 0) + (r.errors ?? 0)} |`,
    ),
  ].join("\n");
const beforePath = path.join(resultsDir, "dashboard-before.json");
const before = name !== "dashboard-before" && existsSync(beforePath) ? JSON.parse(readFileSync(beforePath, "utf8")) : null;
const md = [
  `# Dashboard bench (${name})`,
  "",
  `PostgreSQL, ${DASHBOARD_VOLUMES.policies.toLocaleString("en")} policies, ${DASHBOARD_VOLUMES.quotes.toLocaleString("en")} quotes (bench/dashboard-load.mjs); autocannon, 10 connections, the built server in production; target p99 ≤ ${TARGETS.p99ms} ms. Run ${result.at}, load average ${result.loadAverage.toFixed(1)}.`,
  "",
  name === "dashboard-before" ? "## Before (the old dashboard)" : "## After",
  "",
  table(result),
  "",
  `SQL alone, one call after another: the old dashboard's four \`count(*)\` median ${sqlAlone.oldFourCounts.medianMs} ms (max ${sqlAlone.oldFourCounts.maxMs}, ${sqlAlone.oldFourCounts.runs} runs); \`dashboardFigures\` (every figure, as the API reads them) median ${sqlAlone.dashboardFigures.medianMs} ms (max ${sqlAlone.dashboardFigures.maxMs}, ${sqlAlone.dashboardFigures.runs} runs).`,
  ...(before ? ["", `## Before (the four count(*) of the old dashboard; run ${before.at})`, "", table(before)] : []),
  "",
].join("\n");
writeFileSync(path.join(resultsDir, `${name}.md`), md);
log(`written bench/results/${name}.json and .md`);
