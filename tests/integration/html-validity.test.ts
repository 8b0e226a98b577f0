// Every page of the walk is valid HTML: the Nu HTML Checker (the W3C's validator,
// vnu-jar, a Java program) reads the HTML exactly as the server sends it — the public pages, a
// signed-in visitor's, the back office's (tests/support/site-pages.ts), and the states that only
// a posted form or a filtered list shows (error summaries, fields in error, refused filters) —
// and the test fails listing each error with its page, line and message.
//
// The pages are written to a temporary directory and checked in one run of the checker (one JVM
// start, a few seconds, instead of one per page; C1 only and the serial collector, which halve the
// CPU a run this short takes). Java comes from Debian (default-jre-headless), which .ci/run
// installs: in CI (CI set) a missing Java fails the test saying so; elsewhere the test is skipped
// with the reason, as the text-browser test does without w3m. The pages' markup does not depend
// on the database, so the suite's second pass on PostgreSQL (DATABASE_URL) skips it too.
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchPage, PUBLIC_PAGES, setUpSitePages, type Site } from "../support/site-pages";

const JAVA = spawnSync("java", ["-version"]).status === 0;
const NO_JAVA = "Java no está instalado (apt-get install default-jre-headless; CI lo instala)";
const VNU_JAR = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");
const SKIPPED = process.env.DATABASE_URL
  ? "el HTML no depende de la base de datos: se comprueba en la pasada sobre PGlite"
  : !JAVA && !process.env.CI
    ? NO_JAVA
    : null;

type State = {
  /** What the page shows, as the failure names it. */
  name: string;
  path: string;
  who?: "visitor" | "admin";
  /** Fields to POST (the CSRF token is added): a form sent as a person would send it. */
  form?: Record<string, string>;
  status?: number;
};

/** The states beyond the plain pages: forms sent empty or wrong, lists with filters on or refused. */
function formStates(site: Site): State[] {
  const checkoutPath = `/checkout?${new URLSearchParams({ cotizacion: site.openQuoteId, frecuencia: "anual", plan: site.openPlan })}`;
  return [
    { name: "cotizar coche enviado vacío", path: "/cotizar?linea=auto", form: { linea: "auto" }, status: 400 },
    { name: "cotizar hogar enviado vacío", path: "/cotizar?linea=hogar", form: { linea: "hogar" }, status: 400 },
    { name: "cotizar alquiler enviado vacío", path: "/cotizar?linea=alquiler", form: { linea: "alquiler" }, status: 400 },
    { name: "login enviado vacío", path: "/login", form: {}, status: 400 },
    { name: "registro enviado vacío", path: "/register", form: {}, status: 400 },
    { name: "recuperar contraseña enviado vacío", path: "/recuperar-contrasena", form: {}, status: 400 },
    { name: "login del back office enviado vacío", path: "/admin/login", form: {}, status: 400 },
    { name: "checkout enviado vacío", path: checkoutPath, who: "visitor", form: {}, status: 400 },
    { name: "mi cuenta: datos enviados vacíos", path: "/mi-cuenta", who: "visitor", form: { intent: "profile" }, status: 400 },
    { name: "mi cuenta: contraseña enviada vacía", path: "/mi-cuenta", who: "visitor", form: { intent: "password" }, status: 400 },
    {
      name: "póliza nueva (back office), paso 1 enviado vacío",
      path: "/admin/policies/new?linea=auto",
      who: "admin",
      form: { linea: "auto" },
      status: 400,
    },
    {
      name: "editar póliza con una matrícula que no lo es",
      path: `/admin/policies/${site.policyId}/edit`,
      who: "admin",
      form: { registration: "¿?" },
      status: 400,
    },
    { name: "editar cliente enviado vacío", path: `/admin/clients/${site.clientId}/edit`, who: "admin", form: {}, status: 400 },
    { name: "garantía nueva enviada vacía", path: "/admin/guarantees/new", who: "admin", form: {}, status: 400 },
    { name: "rol nuevo enviado vacío", path: "/admin/roles/new", who: "admin", form: {}, status: 400 },
    { name: "usuario nuevo enviado vacío", path: "/admin/users/new", who: "admin", form: {}, status: 400 },
    { name: "ajustes enviados vacíos", path: "/admin/settings", who: "admin", form: {}, status: 400 },
    { name: "nota vacía en una póliza (back office)", path: `/admin/policies/${site.policyId}`, who: "admin", form: { intent: "note" }, status: 400 },
    { name: "mi póliza: confirmar el desistimiento", path: `/mi-poliza/${site.policyId}`, who: "visitor", form: { intent: "withdraw" } },
    { name: "pólizas filtradas", path: "/admin/policies?status=en_vigor&line=auto&sort=startDate&dir=desc", who: "admin" },
    { name: "pólizas con filtros rechazados", path: "/admin/policies?startFrom=32/13/2026&renewalWithin=abc", who: "admin" },
    { name: "auditoría con filtros rechazados", path: "/admin/audit?from=no&to=31/02/2026&actor=a", who: "admin" },
    { name: "clientes sin resultados", path: "/admin/clients?q=zzzzzz", who: "admin" },
  ];
}

function allStates(site: Site): State[] {
  return [
    ...PUBLIC_PAGES.map((path) => ({ name: path, path })),
    { name: "una página que no existe", path: "/no-existe", status: 404 },
    ...site.visitorPages.map((path) => ({ name: path, path, who: "visitor" as const })),
    ...site.adminPages.map((path) => ({ name: path, path, who: "admin" as const })),
    ...formStates(site),
  ];
}

type VnuMessage = {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
  hiliteStart?: number;
  hiliteLength?: number;
};

/** Runs the checker once over `files`; its JSON report lists only errors (--errors-only). */
async function validate(files: string[]): Promise<VnuMessage[]> {
  const run = promisify(execFile);
  // -Xss: the checker's HTML schema needs a deeper stack than the default (it says so and stops).
  const args = ["-Xss2m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar", VNU_JAR, "--errors-only", "--format", "json", ...files];
  // Exit status 1 means "errors found": the report is on stderr either way.
  const { stderr } = await run("java", args, { maxBuffer: 64 * 1024 * 1024 }).catch((error: { stderr?: string; code?: number }) => {
    if (error.code !== 1 || !error.stderr) throw error;
    return { stderr: error.stderr };
  });
  return (JSON.parse(stderr) as { messages: VnuMessage[] }).messages;
}

/** The markup the error is about (the checker's highlighted part of the line), to find it in the page's source. */
function culprit(m: VnuMessage): string {
  const text = m.extract && m.hiliteStart !== undefined ? m.extract.slice(m.hiliteStart, m.hiliteStart + (m.hiliteLength ?? 0)) : "";
  const short = text.replace(/\s+/g, " ").trim();
  return short ? ` — ${short.length > 160 ? `${short.slice(0, 160)}…` : short}` : "";
}

describe.skipIf(SKIPPED !== null)(`el HTML de cada página es válido (Nu HTML Checker)${SKIPPED ? `: ${SKIPPED}` : ""}`, () => {
  const site = setUpSitePages();
  let work = "";
  beforeAll(() => void (work = mkdtempSync(path.join(tmpdir(), "html-validity-"))));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("ninguna página de la visita tiene errores", async () => {
    expect(JAVA, NO_JAVA).toBe(true);
    const states = allStates(site);
    const byFile = new Map<string, State>();
    for (const [index, state] of states.entries()) {
      const cookie = state.who === "visitor" ? site.visitorCookie : state.who === "admin" ? site.adminCookie : undefined;
      const response = await fetchPage(site, state.path, { cookie, form: state.form });
      // Soft: one run names every state that did not show what it should.
      expect.soft(response.status, `${state.name}: ${response.headers.get("location") ?? ""}`).toBe(state.status ?? 200);
      expect.soft(response.headers.get("content-type"), state.name).toBe("text/html; charset=utf-8");
      const file = path.join(work, `${String(index).padStart(3, "0")}.html`);
      writeFileSync(file, Buffer.from(await response.arrayBuffer()));
      byFile.set(file, state);
    }

    const messages = await validate([...byFile.keys()]);
    const errors = messages
      .filter((m) => m.type === "error" || m.subType === "fatal")
      .map((m) => {
        const state = m.url ? byFile.get(fileURLToPath(m.url)) : undefined;
        const where = state ? `${state.name}${state.form ? ` (POST ${state.path})` : ""}` : (m.url ?? "?");
        return `${where}, línea ${m.lastLine ?? "?"}: ${m.message}${culprit(m)}`;
      });
    expect(errors, `errores del Nu HTML Checker en ${byFile.size} páginas`).toEqual([]);
  });
});
