// bench:lists (bench/lists.mjs): measuring each target with autocannon (or one request after
// another when it is too slow for load), and streaming each CSV export.
import autocannon from "autocannon";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { DURATION, RUNS, WARM_UP, CONNECTIONS, SLOW_PROBE_MS, REQUEST_TIMEOUT_S, base, log, sleep, median } from "./lists-config.mjs";

// ─── Measuring ─────────────────────────────────────────────────────────────────────────────

export function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, timeout: REQUEST_TIMEOUT_S, ...opts }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** The answer is ordered by `by` in `dir` (nulls together at one end); else why not. */
export function orderProblem(items, { by, dir }) {
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

export async function probe(target, headers) {
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
export function cpuTicks(pid) {
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
export async function drain(client, pid) {
  for (let i = 0; i < 300; i++) {
    const { rows } = await client.query(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()",
    );
    const ticks = cpuTicks(pid);
    await sleep(200);
    if (rows[0].n === 0 && cpuTicks(pid) - ticks <= 2) return;
  }
}

export async function sequential(target, headers, first, client, pid) {
  const times = [first.ms];
  for (let i = 0; i < 2; i++) times.push((await probe(target, headers)).ms);
  await drain(client, pid);
  return { mode: "sequential", p50ms: median(times), p99ms: Math.max(...times), requestsPerSecond: Number((1000 / median(times)).toFixed(2)) };
}

export async function measure(target, headers, rss, client, pid) {
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

/**
 * One streamed download of an export: rows, bytes, time, the server's RSS before and at its peak,
 * and the rows it should hold, counted by the bench itself (`target.count`, SQL answering `n`)
 * just before: the server sends no count of its own.
 */
export async function exportOnce(target, headers, rss, client) {
  await sleep(1000);
  const total = target.count ? (await client.query(target.count)).rows[0].n : null;
  const before = rss.now();
  const peak = rss.window();
  const t = performance.now();
  let bytes = 0;
  let newlines = 0;
  let firstByteMs = null;
  let status = 0;
  let error = null;
  try {
    const response = await fetch(`${base}${target.path}`, { headers, redirect: "manual", signal: AbortSignal.timeout(600_000) });
    status = response.status;
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

export async function measureExport(target, headers, rss, client) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await exportOnce(target, headers, rss, client);
    runs.push(run);
    if (run.error) break;
  }
  const ok = runs.filter((r) => !r.error);
  const row = { target: target.name, path: target.path, auth: target.auth, kind: "export", runs, loadAverage: Number(loadavg()[0].toFixed(1)) };
  if (ok.length === 0) return { ...row, status: runs[0].status, error: runs[0].error };
  const mid = [...ok].sort((a, b) => a.rowsPerSecond - b.rowsPerSecond)[Math.floor((ok.length - 1) / 2)];
  return { ...row, ...mid, rssGrowthMB: Math.max(...ok.map((r) => r.rssGrowthMB)), rssPeakMB: Math.max(...ok.map((r) => r.rssPeakMB)) };
}

/** Each target measured in turn, its figures logged (the dashboard and pipelines benches): their rows. */
export async function measureTargets(targets, headers, rss, client, pid) {
  const rows = [];
  for (const target of targets) {
    const row = await measure(target, headers[target.auth], rss, client, pid);
    rows.push(row);
    log(
      row.error
        ? `${target.name}: ERROR ${row.error}`
        : `${target.name}: alone ${row.singleMs} ms, p50 ${row.p50ms} ms, p99 ${row.p99ms} ms, ${row.requestsPerSecond} req/s`,
    );
  }
  return rows;
}
