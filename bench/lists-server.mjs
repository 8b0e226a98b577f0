// bench:lists (bench/lists.mjs): the database (BENCH_DATABASE_URL or a throwaway PostgreSQL
// cluster), the built server in production mode with its SQL captured, its RSS, and the sign-ins;
// and for the dashboard and pipelines benches, their database prepared and the built server started.
import { execFileSync, spawn } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { SERVER_NODE_FLAGS } from "../scripts/server-process.mjs";
import { PORT, PG_PORT, ADMIN, base, sleep } from "./lists-config.mjs";

// ─── PostgreSQL: BENCH_DATABASE_URL or a throwaway cluster ─────────────────────────────────

export function pgBin() {
  if (process.env.BENCH_PGBIN) return process.env.BENCH_PGBIN;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, "bin/initdb"))) : [];
  if (versions.length === 0) throw new Error("No PostgreSQL server binaries: set BENCH_DATABASE_URL or BENCH_PGBIN (or apt-get install postgresql)");
  return path.join(root, versions.sort((a, b) => Number(a) - Number(b)).at(-1), "bin");
}

export function asPostgres(command) {
  // initdb refuses to run as root: the cluster belongs to the postgres user then, as in .ci/run.
  if (process.getuid?.() === 0) execFileSync("su", ["postgres", "-s", "/bin/sh", "-c", command], { stdio: ["ignore", "ignore", "inherit"] });
  else execFileSync("/bin/sh", ["-c", command], { stdio: ["ignore", "ignore", "inherit"] });
}

export function startCluster() {
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

export async function durableAgain(client) {
  for (const setting of ["fsync", "full_page_writes", "synchronous_commit"]) await client.query(`alter system set ${setting} = on`);
  await client.query("select pg_reload_conf()");
}

// ─── The server, its RSS, the SQL it sends ─────────────────────────────────────────────────

/** The environment of a bench's server in production mode on `databaseUrl`, signed in as ADMIN. */
function serverEnv(databaseUrl, dataDir) {
  return {
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
  };
}

export function startServer(databaseUrl, sqlLog, serverLog, dataDir) {
  return spawn(process.execPath, [...SERVER_NODE_FLAGS, "--import", "tsx", "--import", "./bench/lists-sql-capture.mjs", "server.ts"], {
    env: { ...serverEnv(databaseUrl, dataDir), BENCH_SQL_LOG: sqlLog },
    // Its error lines go to a file, printed if it fails to start. (The requests autocannon abandons
    // at the end of each run are logged as 499 at info, not as errors.)
    stdio: ["ignore", "ignore", openSync(serverLog, "a")],
  });
}

/**
 * The built server (build/server.mjs, production) on `databaseUrl`, as the dashboard and pipelines
 * benches measure it, ready to answer; its log in a temporary directory, quoted if it fails to start.
 * `cwd`: the checkout whose build runs (another commit's, for "before" figures).
 */
export async function startBenchServer(databaseUrl, { cwd = process.cwd(), tag = "bench" } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `cotiza-${tag}-`));
  const serverLog = path.join(dataDir, "server.log");
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "build/server.mjs"], {
    cwd,
    // The daily run would start at boot and change the figures between runs.
    env: { ...serverEnv(databaseUrl, dataDir), LIFECYCLE_INTERVAL_MINUTES: "0" },
    stdio: ["ignore", "ignore", openSync(serverLog, "a")],
  });
  try {
    await waitReady(server);
  } catch (error) {
    server.kill("SIGTERM");
    throw new Error(`${error.message}\n${existsSync(serverLog) ? readFileSync(serverLog, "utf8").slice(-2000) : ""}`);
  }
  return server;
}

/**
 * Migrates and seeds `url` as the server does at start (with `admin`, the bench's superadmin), then
 * loads a bench's volumes unless `isLoaded` finds them there: `load(client)` returns what to log.
 */
export async function prepareBenchDatabase(url, admin, { name, isLoaded, load, log = () => {} }) {
  const { openDatabase } = await import("../api/db/client.ts");
  const { seedDatabase } = await import("../api/db/seed/index.ts");
  const handle = await openDatabase({ databaseUrl: url });
  await seedDatabase(handle.db, { adminEmail: admin.email, adminPassword: admin.password, log: () => {} });
  await handle.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (await isLoaded(client)) log(`the ${name} bench rows are already loaded`);
    else log(JSON.stringify(await load(client)));
  } finally {
    await client.end();
  }
}

export async function waitReady(server) {
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
export function rssSampler(pid) {
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

export async function apiToken(pathname, body) {
  const response = await fetch(`${base}${pathname}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return (await response.json()).token;
}

/** Signs in through a web login form (GET for the CSRF cookie and field, then the POST). */
export async function webCookies(loginPath, credentials) {
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
