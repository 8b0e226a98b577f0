// A throwaway PostgreSQL cluster for the bench, made as .ci/run makes its own: initdb into a
// temporary directory (trust auth, user cotiza), pg_ctl start on a free port from BENCH_PG_PORT
// (default 55500), sockets in /tmp. stop() is synchronous and idempotent, so that a signal
// handler or process exit can call it; the directory is deleted with it.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** The newest /usr/lib/postgresql/<version>/bin holding initdb, or null. */
export function postgresBin() {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, "bin/initdb"))) : [];
  if (versions.length === 0) return null;
  return path.join(root, versions.sort((a, b) => Number(a) - Number(b)).at(-1), "bin");
}

function asPostgres(command) {
  // initdb refuses to run as root: the cluster then belongs to the postgres user, as in .ci/run.
  // cwd /tmp: the postgres user may not be allowed into the worktree.
  const [file, args] = process.getuid?.() === 0 ? ["su", ["postgres", "-s", "/bin/sh", "-c", command]] : ["/bin/sh", ["-c", command]];
  const result = spawnSync(file, args, { cwd: "/tmp", stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${command}: ${result.error?.message ?? (result.stderr || result.stdout).trim()}`);
  return result.stdout;
}

/** Free for us: nothing listens on 127.0.0.1:port and no other cluster holds its socket in /tmp. */
function portIsFree(port) {
  if (existsSync(`/tmp/.s.PGSQL.${port}.lock`)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** Starts a cluster; null when no PostgreSQL server binaries are installed. */
export async function startThrowawayPostgres({ firstPort = Number(process.env.BENCH_PG_PORT ?? 55500) } = {}) {
  const bin = postgresBin();
  if (!bin) return null;
  let port = firstPort;
  while (!(await portIsFree(port))) if (++port > firstPort + 50) throw new Error(`no free port for PostgreSQL in ${firstPort}–${firstPort + 50}`);

  const dir = mkdtempSync(path.join(tmpdir(), "cotiza-bench-pg-"));
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off("exit", stop);
    if (existsSync(path.join(dir, "postmaster.pid"))) {
      try {
        asPostgres(`${bin}/pg_ctl -D ${dir} -m fast -w stop`);
      } catch (error) {
        console.error(`bench: PostgreSQL on port ${port} did not stop: ${error.message}`);
        return; // its files stay where the message says, for a look
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  // The last resort: a bench that exits without reaching its finally still stops the cluster.
  process.on("exit", stop);
  try {
    if (process.getuid?.() === 0) {
      const id = (flag) => Number(execFileSync("id", [flag, "postgres"]).toString());
      chownSync(dir, id("-u"), id("-g"));
    }
    chmodSync(dir, 0o700);
    asPostgres(`${bin}/initdb -D ${dir} -U cotiza --auth=trust -E UTF8 --locale=C.UTF-8`);
    asPostgres(`${bin}/pg_ctl -D ${dir} -o '-p ${port} -k /tmp -c listen_addresses=127.0.0.1' -l ${dir}/server.log -w start`);
  } catch (error) {
    stop();
    throw error;
  }
  // "postgres (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)" → "PostgreSQL 15.18"
  const version = `PostgreSQL ${/\(PostgreSQL\) (\S+)/.exec(execFileSync(path.join(bin, "postgres"), ["--version"]).toString())?.[1] ?? "?"}`;
  return { url: `postgres://cotiza@127.0.0.1:${port}/postgres`, port, version, stop };
}
