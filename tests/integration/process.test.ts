import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The real process, as `npm start` runs it: configuration errors, first start, restart, SIGTERM.
// It always uses the PGlite default (the env is built here), also in the PostgreSQL CI run.

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function startProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: { NODE_ENV: "development", PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function waitReady(port: number, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not become ready");
}

describe("el proceso", () => {
  it("sale con código 1 y una línea clara cuando la configuración no es válida", async () => {
    const run = startProcess({ PORT: "no-es-un-puerto", DATA_DIR: mkdtempSync(path.join(tmpdir(), "cotiza-bad-")) });
    expect(await run.exited).toBe(1);
    const { stderr } = run.output();
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toContain("PORT");
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it("exige los secretos en producción", async () => {
    const run = startProcess({ NODE_ENV: "production", DATA_DIR: mkdtempSync(path.join(tmpdir(), "cotiza-prod-")) });
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toContain("SESSION_SECRET");
  });

  it(
    "crea el primer superadministrador una vez, conserva los datos al reiniciar y para limpio con SIGTERM",
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "cotiza-data-"));
      const port = await freePort();
      const env = { PORT: String(port), DATA_DIR: dataDir };

      const first = startProcess(env);
      await waitReady(port);
      expect(first.output().stdout).toContain("Contraseña generada (se muestra solo esta vez)");
      expect(first.output().stderr).toContain("secrets.json");
      const home = await fetch(`http://127.0.0.1:${port}/`);
      expect(home.status).toBe(200);
      first.child.kill("SIGTERM");
      expect(await first.exited).toBe(0);

      const second = startProcess(env);
      await waitReady(port);
      // Same data directory: the admin exists, so no new password is generated.
      expect(second.output().stdout).not.toContain("Contraseña generada");
      second.child.kill("SIGINT");
      expect(await second.exited).toBe(0);
    },
    120_000,
  );
});
