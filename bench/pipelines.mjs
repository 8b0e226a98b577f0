// npm run bench:pipelines (issue 23, ADR 041): both boards and their lists with 50,000 leads and
// 200,000 clients (bench/pipelines-load.mjs), on PostgreSQL, measured with autocannon at 10
// connections against the built server (node build/server.mjs, production); target p99 ≤ 200 ms.
//
//   BENCH_DATABASE_URL=postgres://…   required: a database kept between runs (loaded once, ~30 s)
//   BENCH_PORT=3410                   the server's port
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import pg from "pg";
import { ADMIN, TARGETS, log, sleep } from "./lists-config.mjs";
import { measureTargets } from "./lists-measure.mjs";
import { apiToken, rssSampler, startBenchServer, webCookies } from "./lists-server.mjs";
import { COMMERCIAL, PIPELINE_VOLUMES, preparePipelinesDatabase } from "./pipelines-load.mjs";

const url = process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error("BENCH_DATABASE_URL=postgres://… is required (bench/pipelines-load.mjs fills it on the first run)");
  process.exit(1);
}
const name = process.env.BENCH_RESULTS_NAME ?? "pipelines";
const resultsDir = path.resolve("bench/results");

await preparePipelinesDatabase(url, ADMIN, log);
const server = await startBenchServer(url, { tag: "bench-pipelines" });
const client = new pg.Client({ connectionString: url });
await client.connect();
const rows = [];
try {
  const rss = rssSampler(server.pid);
  const headers = {
    "admin-api": { authorization: `Bearer ${await apiToken("/api/admin/auth/login", ADMIN)}` },
    "admin-web": { cookie: await webCookies("/admin/login", ADMIN) },
    "commercial-api": { authorization: `Bearer ${await apiToken("/api/admin/auth/login", COMMERCIAL)}` },
    "commercial-web": { cookie: await webCookies("/admin/login", COMMERCIAL) },
  };
  const targets = [
    { name: "API sales board (superadmin, every lead)", path: "/api/admin/pipeline/board", auth: "admin-api" },
    { name: "API sales board, a commercial's own (owner=me)", path: "/api/admin/pipeline/board?owner=me", auth: "commercial-api" },
    { name: "API sales board, stale, one line", path: "/api/admin/pipeline/board?stale=true&line=hogar", auth: "admin-api" },
    { name: "API sales list, by premium, page 100", path: "/api/admin/pipeline/leads?sort=premium&dir=desc&page=100", auth: "admin-api" },
    { name: "GET /admin/pipeline (the board page)", path: "/admin/pipeline", auth: "admin-web" },
    { name: "GET /admin/pipeline?owner=me (a commercial's board page)", path: "/admin/pipeline?owner=me", auth: "commercial-web" },
    { name: "GET /admin/pipeline/lista (the list page)", path: "/admin/pipeline/lista", auth: "admin-web" },
    { name: "API client board (every client)", path: "/api/admin/client-pipeline/board", auth: "admin-api" },
    { name: "API client board, one line, 30 days in stage", path: "/api/admin/client-pipeline/board?line=hogar&minAgeDays=30", auth: "admin-api" },
    { name: "API client list, page 100", path: "/api/admin/client-pipeline/clients?page=100", auth: "admin-api" },
    { name: "GET /admin/client-pipeline (the board page)", path: "/admin/client-pipeline", auth: "admin-web" },
    { name: "GET /admin/client-pipeline/lista (the list page)", path: "/admin/client-pipeline/lista", auth: "admin-web" },
  ];
  rows.push(...(await measureTargets(targets, headers, rss, client, server.pid)));
  rss.stop();
} finally {
  server.kill("SIGTERM");
  await sleep(500);
  await client.end();
}

const result = { name, at: new Date().toISOString(), volumes: PIPELINE_VOLUMES, targetP99ms: TARGETS.p99ms, loadAverage: loadavg()[0], rows };
writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
const md = [
  `# Pipelines bench (${name})`,
  "",
  `PostgreSQL, ${PIPELINE_VOLUMES.leads.toLocaleString("en")} leads of ${PIPELINE_VOLUMES.commercials} commercials and ${PIPELINE_VOLUMES.clients.toLocaleString("en")} clients with ${(PIPELINE_VOLUMES.clients + PIPELINE_VOLUMES.secondPolicies).toLocaleString("en")} policies (bench/pipelines-load.mjs); autocannon, 10 connections, the built server in production; target p99 ≤ ${TARGETS.p99ms} ms. Run ${result.at}, load average ${result.loadAverage.toFixed(1)}.`,
  "",
  "| target | alone (ms) | p50 (ms) | p99 (ms) | req/s | mode | errors | meets p99 |",
  "|---|---:|---:|---:|---:|---|---:|---|",
  ...rows.map((r) =>
    r.error
      ? `| ${r.target} | ${r.singleMs ?? ""} | | | | error: ${r.error} | | no |`
      : `| ${r.target} | ${r.singleMs} | ${r.p50ms} | ${r.p99ms} | ${r.requestsPerSecond} | ${r.mode} | ${(r.non2xx ?? 0) + (r.errors ?? 0)} | ${r.p99ms <= TARGETS.p99ms ? "yes" : "no"} |`,
  ),
  "",
].join("\n");
writeFileSync(path.join(resultsDir, `${name}.md`), md);
log(`written bench/results/${name}.json and .md`);
