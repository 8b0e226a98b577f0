// Every 429 carries Retry-After: the per-e-mail sign-in lock answered without one, in
// the API and through the web's sign-in form. (The reset request's timing is measured on the real
// process, tests/integration/process.test.ts: in one process the client shares the server's loop.)
import { describe, expect, it } from "vitest";
import { memoryLogger, testServerForFile } from "../support/server";
import { webSignIn } from "../support/web-forms";

const env = testServerForFile({ logger: memoryLogger() });

async function post(path: string, body: unknown) {
  const response = await fetch(`${env.server.url}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json(), retryAfter: response.headers.get("retry-after") };
}

describe("Retry-After", () => {
  it("el bloqueo por correo tras 5 fallos responde 429 con Retry-After, en la API y en el formulario de la web", async () => {
    const email = "bloqueada@example.com";
    expect((await post("/auth/register", { name: "Bloqueada", email, password: "Clave-Segura-2026!" })).status).toBe(201);
    for (let i = 0; i < 5; i++) expect((await post("/auth/login", { email, password: `Mala-clave-${i}-xyz` })).status).toBe(401);
    const api = await post("/auth/login", { email, password: "Clave-Segura-2026!" });
    expect(api.status).toBe(429);
    expect(Number(api.retryAfter)).toBeGreaterThan(0);

    const { response: web } = await webSignIn(env.server.url, "/login", email, "Clave-Segura-2026!");
    expect(web.status).toBe(429);
    expect(Number(web.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await web.text()).toContain("Demasiados intentos con este correo. Inténtelo de nuevo en 15 minutos.");
  });
});
