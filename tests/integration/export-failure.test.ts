// A CSV export that fails after its 200 went out: it used to end as a file of only its
// header row that looked complete, with nothing in our log. Here the table under the export is
// taken away before the first batch is read: the download must fail (the connection is cut
// before the last chunk), from the API and through the web, and the log must say so.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "../support/db";
import { memoryLogger, testServerForFile } from "../support/server";
import { webSignIn } from "../support/web-forms";

const logger = memoryLogger();
const env = testServerForFile({ logger });

async function readAll(url: string, headers: Record<string, string>): Promise<{ status: number; body: string | null; failure: string | null }> {
  const response = await fetch(url, { headers });
  try {
    return { status: response.status, body: await response.text(), failure: null };
  } catch (error) {
    return { status: response.status, body: null, failure: String(error) };
  }
}

describe("una exportación que falla a medias", () => {
  it("corta la descarga (API y web, con y sin gzip) en vez de dar un fichero corto que parece entero, y queda en el registro", async () => {
    const login = await fetch(`${env.server.url}/api/admin/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD }),
    });
    const token = ((await login.json()) as { token: string }).token;
    // The web's staff session, through its sign-in form.
    const { cookie, response: signedIn } = await webSignIn(env.server.url, "/admin/login", TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
    expect(signedIn.status).toBe(302);

    // Whole before: the same downloads complete.
    const whole = await readAll(`${env.server.url}/api/admin/audit/export`, { authorization: `Bearer ${token}` });
    expect(whole.failure).toBeNull();
    expect(whole.body).toMatch(/^Fecha;/);

    await env.database.db.execute(sql.raw("alter table audit_log rename to audit_log_gone"));
    try {
      const downloads = [
        [`${env.server.url}/api/admin/audit/export`, { authorization: `Bearer ${token}`, "accept-encoding": "identity" }],
        [`${env.server.url}/api/admin/audit/export`, { authorization: `Bearer ${token}`, "accept-encoding": "gzip" }],
        [`${env.server.url}/admin/audit.csv`, { cookie, "accept-encoding": "identity" }],
        [`${env.server.url}/admin/audit.csv`, { cookie, "accept-encoding": "gzip" }],
      ] as const;
      for (const [url, headers] of downloads) {
        const before = logger.lines.length;
        const download = await readAll(url, headers);
        expect(download.status, url).toBe(200);
        expect(download.body, `${url} ${headers["accept-encoding"]}`).toBeNull();
        expect(download.failure).toMatch(/terminated/);
        const failed = logger.lines.slice(before).find((line) => line.msg === "csv export failed");
        expect(failed?.fields).toMatchObject({
          path: "/api/admin/audit/export",
          error: "database error",
          code: "42P01",
          statement: "select audit_log",
        });
      }
    } finally {
      await env.database.db.execute(sql.raw("alter table audit_log_gone rename to audit_log"));
    }
  });
});
