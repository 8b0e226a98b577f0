// A customer's own account: the "forgotten password" link through a real SMTP server,
// the profile, and changing the password; and the staff's temporary password. The e-mails go
// out through the outbox worker to smtp-server and are parsed as a mail client would.
import { eq } from "drizzle-orm";
import { memoryDocumentStore } from "../../api/services/document-store/store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_RESET_MESSAGES } from "../../api/contract/auth";
import { TEMPORARY_PASSWORD_MESSAGE } from "../../api/auth";
import { clients, passwordResetTokens, users } from "../../api/db/schema";
import { DEFAULT_RATE_LIMITS } from "../../api/limits";
import { startOutboxWorker, type OutboxWorker } from "../../api/services/mail";
import { parseTrustProxy } from "../../server/client-address";
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "../support/db";
import { memoryLogger, testServerForFile } from "../support/server";
import { firstLink, startSmtpServer, type TestSmtpServer } from "../support/smtp";

let clock = new Date("2026-05-04T10:00:00.000Z");
const advanceMinutes = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};
const PUBLIC = "https://seguros.example.es";
const env = testServerForFile({
  now: () => clock,
  publicBaseUrl: PUBLIC,
  // Each test speaks from its own address (X-Forwarded-For), under the production limits.
  trustProxy: parseTrustProxy("127.0.0.1"),
  rateLimits: DEFAULT_RATE_LIMITS,
});
let smtp: TestSmtpServer;
let outbox: OutboxWorker;

beforeAll(async () => {
  smtp = await startSmtpServer();
  outbox = startOutboxWorker({
    documents: memoryDocumentStore(),
    db: env.database.db,
    smtpUrl: smtp.url,
    logger: memoryLogger(),
    intervalMs: 50,
    now: () => clock,
  });
});
afterAll(async () => {
  await outbox?.stop();
  await smtp?.close();
});

let addresses = 0;
const newAddress = () => `198.51.100.${++addresses}`;

async function call(method: string, path: string, opts: { body?: unknown; token?: string; from?: string } = {}) {
  const headers: Record<string, string> = { "x-forwarded-for": opts.from ?? "198.51.100.250" };
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const response = await fetch(`${env.server.url}/api${path}`, {
    method: method.toUpperCase(),
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

let customers = 0;
async function registerCustomer(password = "Primera-Clave-2026") {
  const email = `cliente-${++customers}@correo.test`;
  const answer = await call("post", "/auth/register", { body: { name: "Rosa Martín", email, password }, from: newAddress() });
  expect(answer.status).toBe(201);
  return { email, password, token: answer.body.token as string };
}

async function resetLinkFor(email: string, from = newAddress()): Promise<URL> {
  const answer = await call("post", "/auth/password-reset", { body: { email }, from });
  expect(answer.status).toBe(202);
  return firstLink(await smtp.waitFor(email));
}

describe("¿Ha olvidado su contraseña?", () => {
  it("responde lo mismo exista o no la cuenta, y solo la cuenta que existe recibe el enlace", async () => {
    const customer = await registerCustomer();
    const known = await call("post", "/auth/password-reset", { body: { email: customer.email.toUpperCase() }, from: newAddress() });
    const unknown = await call("post", "/auth/password-reset", { body: { email: "nadie@correo.test" }, from: newAddress() });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.message).toBe(PASSWORD_RESET_MESSAGES.requested);

    const mail = await smtp.waitFor(customer.email);
    expect(mail.subject).toContain("contraseña");
    const link = firstLink(mail);
    expect(link.origin + link.pathname).toBe(`${PUBLIC}/restablecer-contrasena`);
    expect(link.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The stored row keeps only a hash: the secret of the link is nowhere in the database.
    const stored = await env.database.db.select().from(passwordResetTokens);
    expect(JSON.stringify(stored)).not.toContain(link.searchParams.get("token")!);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.some((m) => m.to.includes("nadie@correo.test"))).toBe(false);
  });

  it("el enlace cambia la contraseña una sola vez y cierra todas las sesiones", async () => {
    const customer = await registerCustomer();
    const second = await call("post", "/auth/login", { body: { email: customer.email, password: customer.password }, from: newAddress() });
    const token = (await resetLinkFor(customer.email)).searchParams.get("token")!;

    expect((await call("post", "/auth/password-reset/check", { body: { token } })).body).toEqual({ email: customer.email });
    const weak = await call("post", "/auth/password-reset/confirm", { body: { token, password: customer.email } });
    expect(weak.status).toBe(400);
    expect(weak.body.fieldErrors.password.length).toBeGreaterThan(0);

    expect((await call("post", "/auth/password-reset/confirm", { body: { token, password: "Nueva-Clave-Segura-2026" } })).status).toBe(204);
    // Both earlier sessions are over.
    expect((await call("get", "/auth/profile", { token: customer.token })).status).toBe(401);
    expect((await call("get", "/auth/profile", { token: second.body.token })).status).toBe(401);
    // The old password no longer opens the account; the new one does.
    expect((await call("post", "/auth/login", { body: { email: customer.email, password: customer.password }, from: newAddress() })).status).toBe(
      401,
    );
    const signedIn = await call("post", "/auth/login", { body: { email: customer.email, password: "Nueva-Clave-Segura-2026" }, from: newAddress() });
    expect(signedIn.status).toBe(200);
    expect((await call("get", "/auth/profile", { token: signedIn.body.token })).status).toBe(200);

    // Used: refused, with the page's message.
    const again = await call("post", "/auth/password-reset/confirm", { body: { token, password: "Otra-Clave-Segura-2026" } });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(PASSWORD_RESET_MESSAGES.invalidLink);
    expect((await call("post", "/auth/password-reset/check", { body: { token } })).status).toBe(400);
  });

  it("el enlace caduca a la hora", async () => {
    const customer = await registerCustomer();
    const token = (await resetLinkFor(customer.email)).searchParams.get("token")!;
    advanceMinutes(61);
    const late = await call("post", "/auth/password-reset/confirm", { body: { token, password: "Tarde-Clave-Segura-2026" } });
    expect(late.status).toBe(400);
    expect(late.body.error).toBe(PASSWORD_RESET_MESSAGES.invalidLink);
  });

  it("un enlace de otra petición deja de valer cuando se usa uno", async () => {
    const customer = await registerCustomer();
    const first = (await resetLinkFor(customer.email)).searchParams.get("token")!;
    smtp.messages.splice(0, smtp.messages.length);
    const second = (await resetLinkFor(customer.email)).searchParams.get("token")!;
    expect(second).not.toBe(first);
    expect((await call("post", "/auth/password-reset/confirm", { body: { token: second, password: "Segunda-Clave-Segura-2026" } })).status).toBe(204);
    expect((await call("post", "/auth/password-reset/confirm", { body: { token: first, password: "Primera-Clave-Otra-2026" } })).status).toBe(400);
  });

  it("se limita por dirección (429 con Retry-After) y una cuenta recibe como mucho 3 enlaces por hora", async () => {
    const from = newAddress();
    for (let i = 0; i < DEFAULT_RATE_LIMITS.passwordReset.limit; i++) {
      expect((await call("post", "/auth/password-reset", { body: { email: `x${i}@correo.test` }, from })).status).toBe(202);
    }
    const refused = await call("post", "/auth/password-reset", { body: { email: "otro@correo.test" }, from });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body.error).toMatch(/restablecer la contraseña/);

    const customer = await registerCustomer();
    smtp.messages.splice(0, smtp.messages.length);
    for (let i = 0; i < 5; i++)
      expect((await call("post", "/auth/password-reset", { body: { email: customer.email }, from: newAddress() })).status).toBe(202);
    // The links go out after the answers (the reset's work runs after it, ADR 021): wait for three,
    // then give a fourth the time to arrive, which it must not.
    const linksTo = () => smtp.messages.filter((m) => m.to.includes(customer.email)).length;
    await expect.poll(linksTo, { timeout: 15_000 }).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(linksTo()).toBe(3);
  });
});

describe("Mi cuenta", () => {
  it("muestra el correo de la cuenta y cambia el nombre y el teléfono, también en sus fichas de tomador", async () => {
    const customer = await registerCustomer();
    const [user] = await env.database.db.select().from(users).where(eq(users.email, customer.email));
    const [client] = await env.database.db
      .insert(clients)
      .values({ name: "Rosa Martín", userId: user!.id, phone: "600000000", stage: "activo" })
      .returning();

    expect((await call("get", "/me/profile", { token: customer.token })).body).toEqual({ name: "Rosa Martín", email: customer.email, phone: null });
    const bad = await call("patch", "/me/profile", { token: customer.token, body: { name: "", phone: "12" } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(["name", "phone"]);

    const saved = await call("patch", "/me/profile", { token: customer.token, body: { name: "Rosa Martín Gil", phone: "+34 611 22 33 44" } });
    expect(saved.body).toEqual({ name: "Rosa Martín Gil", email: customer.email, phone: "+34611223344" });
    const [after] = await env.database.db.select().from(clients).where(eq(clients.id, client!.id));
    expect(after!.phone).toBe("+34611223344");
    // The policyholder's name is contract data: unchanged.
    expect(after!.name).toBe("Rosa Martín");
    expect((await call("get", "/me/profile")).status).toBe(401);
  });

  it("cambiar la contraseña exige la actual y cierra las demás sesiones, no esta", async () => {
    const customer = await registerCustomer();
    const other = await call("post", "/auth/login", { body: { email: customer.email, password: customer.password }, from: newAddress() });
    const wrong = await call("post", "/auth/change-password", {
      token: customer.token,
      body: { currentPassword: "No-Es-Esta-2026", newPassword: "Cambiada-Clave-2026" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors.currentPassword).toEqual(["La contraseña actual no es correcta"]);

    const changed = await call("post", "/auth/change-password", {
      token: customer.token,
      body: { currentPassword: customer.password, newPassword: "Cambiada-Clave-2026" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.user.email).toBe(customer.email);
    expect((await call("get", "/auth/profile", { token: changed.body.token })).status).toBe(200);
    expect((await call("get", "/auth/profile", { token: customer.token })).status).toBe(401);
    expect((await call("get", "/auth/profile", { token: other.body.token })).status).toBe(401);
  });
});

describe("la contraseña temporal del personal", () => {
  it("quien entra con la contraseña que eligió otro administrador solo puede cambiarla", async () => {
    const admin = await call("post", "/admin/auth/login", { body: { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD }, from: newAddress() });
    const roles = await call("get", "/admin/roles", { token: admin.body.token });
    const gestor = roles.body.items.find((r: { name: string }) => r.name === "gestor");
    const created = await call("post", "/admin/users", {
      token: admin.body.token,
      body: { username: "temporal-1", email: "temporal-1@cotiza.test", password: "Temporal-Elegida-2026", roleId: gestor.id },
    });
    expect(created.status).toBe(201);

    const first = await call("post", "/admin/auth/login", {
      body: { email: "temporal-1@cotiza.test", password: "Temporal-Elegida-2026" },
      from: newAddress(),
    });
    expect(first.body.admin.mustChangePassword).toBe(true);
    const refused = await call("get", "/admin/policies", { token: first.body.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(TEMPORARY_PASSWORD_MESSAGE);
    expect((await call("get", "/admin/auth/me", { token: first.body.token })).body.mustChangePassword).toBe(true);

    const changed = await call("post", "/admin/auth/change-password", {
      token: first.body.token,
      body: { currentPassword: "Temporal-Elegida-2026", newPassword: "Propia-De-Gestora-2026" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.admin.mustChangePassword).toBe(false);
    expect((await call("get", "/admin/policies", { token: changed.body.token })).status).toBe(200);

    // A reset by another admin makes the password temporary again.
    const reset = await call("patch", `/admin/users/${created.body.id}`, { token: admin.body.token, body: { password: "Otra-Temporal-2026" } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const again = await call("post", "/admin/auth/login", {
      body: { email: "temporal-1@cotiza.test", password: "Otra-Temporal-2026" },
      from: newAddress(),
    });
    expect((await call("get", "/admin/policies", { token: again.body.token })).status).toBe(403);
  });
});
