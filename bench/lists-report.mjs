// bench:lists (bench/lists.mjs): bench/results/<BENCH_RESULTS_NAME>.{json,md}, each target of
// the issue marked met or missed.
import { writeFileSync } from "node:fs";
import { DURATION, RUNS, WARM_UP, CONNECTIONS, RESULTS_NAME, TARGETS, median } from "./lists-config.mjs";

// ─── The report ────────────────────────────────────────────────────────────────────────────

export const mark = (met) => (met === null ? "—" : met ? "met" : "**missed**");

export function writeReport(report) {
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
  // No export measured (BENCH_ONLY left them out): their targets are neither met nor missed ("—").
  const exported = exports.length > 0 ? true : null;
  const exportFast = exported && exports.every((e) => !e.error && e.rowsPerSecond >= TARGETS.exportRowsPerSecond);
  const exportLean = exported && exports.every((e) => !e.error && e.rssGrowthMB < TARGETS.exportRssGrowthMB);
  const exportWhole =
    exported && okExports.length === exports.length && okExports.every((e) => e.totalMatching !== null && e.rows >= e.totalMatching);
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
