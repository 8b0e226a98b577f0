// bench:lists (bench/lists.mjs): the SQL behind each target, captured in the server and
// EXPLAINed with its parameters; every Seq Scan of a big table is reported.
import { existsSync, readFileSync, statSync } from "node:fs";
import { TARGETS, base, sleep } from "./lists-config.mjs";

// ─── EXPLAIN of the SQL behind each target ─────────────────────────────────────────────────

export async function toggleCapture(server, sqlLog) {
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

export function planNodes(plan, out = []) {
  out.push(plan);
  for (const child of plan.Plans ?? []) planNodes(child, out);
  return out;
}

export const DML = /^\s*(\(?\s*select|with|update|delete|insert)\b/i;

export async function explainTargets(server, sqlLog, targets, headersOf, client, bigTables) {
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
