// Per-address limits: one client address cannot spray passwords over many e-mails,
// register or quote without end, or hammer checkouts, whatever instance it reaches. The servers
// here run the production limits (DEFAULT_RATE_LIMITS) on a clock the tests move; each test
// speaks from its own address through a trusted proxy (X-Forwarded-For), except the two
// instances, which see the socket's 127.0.0.1.
import { count, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../api/db/client";
import { rateLimits } from "../../api/db/schema";
import { DEFAULT_RATE_LIMITS } from "../../api/limits";
import { prefillFromSearch, requoteHref } from "../../app/lib/quote-form";
import { parseTrustProxy } from "../../server/client-address";
import { checkoutBody } from "../support/checkout";
import { createTestDatabase, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "../support/db";
import { ALQUILER } from "../support/quote-inputs";
import { startTestServer } from "../support/server";

type Server = Awaited<ReturnType<typeof startTestServer>>;
let database: DatabaseHandle;
let proxied: Server;
let first: Server;
let second: Server;
let clock = new Date("2026-03-10T09:00:00.000Z");
const now = () => clock;
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

beforeAll(async () => {
  database = await createTestDatabase();
  const common = { database, now, rateLimits: DEFAULT_RATE_LIMITS };
  proxied = await startTestServer({ ...common, trustProxy: parseTrustProxy("127.0.0.1") });
  first = await startTestServer(common);
  second = await startTestServer(common);
});
afterAll(async () => {
  await proxied?.stop();
  await first?.stop();
  await second?.stop();
  await database?.close();
});

type Answer = { status: number; retryAfter: string | null; body: Record<string, unknown> & { error?: string; token?: string } };

async function post(path: string, body: unknown, opts: { from?: string; server?: Server; token?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (opts.from) headers["x-forwarded-for"] = opts.from;
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const response = await fetch(`${(opts.server ?? proxied).url}/api${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: (await response.json()) as Answer["body"] };
}

const PASSWORD = "Cocido-madrileno-2026";
let registered = 0;
async function registerFrom(from: string): Promise<{ email: string; token: string }> {
  registered += 1;
  const email = `vecina${registered}@example.com`;
  const answer = await post("/auth/register", { name: `Vecina ${registered}`, email, password: PASSWORD }, { from });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { email, token: answer.body.token! };
}

describe.each([
  {
    kind: "visitantes",
    path: "/auth/login",
    from: "203.0.113.10",
    account: () => registerFrom("198.51.100.1").then((a) => ({ email: a.email, password: PASSWORD })),
  },
  {
    kind: "personal",
    path: "/admin/auth/login",
    from: "203.0.113.11",
    account: async () => ({ email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD }),
  },
])("inicio de sesión de $kind desde una dirección", ({ path, from, account }) => {
  it("tras 20 fallos con 20 correos distintos responde 429 con Retry-After y, pasado ese tiempo, la contraseña correcta entra", async () => {
    const { email, password } = await account();
    const limit = DEFAULT_RATE_LIMITS.signIn.limit;
    expect(limit).toBe(20);
    for (let i = 1; i <= limit; i++) {
      const answer = await post(path, { email: `rociada${i}@example.com`, password: "Intento-malo-2026" }, { from });
      expect(answer.status, `intento ${i}`).toBe(401);
    }
    const blocked = await post(path, { email: "rociada21@example.com", password: "Intento-malo-2026" }, { from });
    expect(blocked.status).toBe(429);
    expect(blocked.retryAfter).toBe("30");
    expect(blocked.body).toEqual({ error: "Demasiados intentos de inicio de sesión desde su conexión. Inténtelo de nuevo en 30 segundos." });

    // The right password from the same address waits too, but not for long…
    expect((await post(path, { email, password }, { from })).status).toBe(429);
    // …and another address is not affected.
    expect((await post(path, { email, password }, { from: "203.0.113.99" })).status).toBe(200);

    // Refused attempts do not lengthen the wait.
    advance(10);
    const later = await post(path, { email: "rociada22@example.com", password: "Intento-malo-2026" }, { from });
    expect(later.status).toBe(429);
    expect(later.retryAfter).toBe("20");
    advance(20);
    expect((await post(path, { email, password }, { from })).status).toBe(200);
    // A right password gives its attempt back: the next one is allowed too.
    expect((await post(path, { email, password }, { from })).status).toBe(200);
  });
});

describe("dos instancias sobre la misma base de datos", () => {
  it("comparten el límite de inicio de sesión de una dirección (127.0.0.1, la del socket)", async () => {
    advance(3600);
    for (let i = 1; i <= 20; i++) {
      const answer = await post("/auth/login", { email: `dos${i}@example.com`, password: "Intento-malo-2026" }, { server: i % 2 ? first : second });
      expect(answer.status, `intento ${i}`).toBe(401);
    }
    for (const server of [first, second]) {
      const answer = await post("/auth/login", { email: "dos21@example.com", password: "Intento-malo-2026" }, { server });
      expect(answer.status).toBe(429);
      expect(answer.retryAfter).toBe("30");
    }
  });
});

describe("registro desde una dirección", () => {
  it("10 por hora; el siguiente responde 429 con Retry-After (6 minutos) y otra dirección puede registrarse", async () => {
    const from = "203.0.113.20";
    for (let i = 0; i < DEFAULT_RATE_LIMITS.register.limit; i++) await registerFrom(from);
    const blocked = await post("/auth/register", { name: "Vecina", email: "otra.vecina@example.com", password: PASSWORD }, { from });
    expect(blocked.status).toBe(429);
    expect(blocked.retryAfter).toBe("360");
    expect(blocked.body).toEqual({ error: "Demasiados registros desde su conexión. Inténtelo de nuevo en 6 minutos." });
    await registerFrom("203.0.113.21");
    advance(360);
    await registerFrom(from);
  });
});

describe("cotizaciones sin sesión desde una dirección", () => {
  it("60 en 10 minutos; la siguiente responde 429 y con sesión se sigue cotizando", async () => {
    const from = "203.0.113.30";
    const quote = { line: "alquiler", inputs: ALQUILER };
    for (let i = 1; i <= DEFAULT_RATE_LIMITS.anonymousQuote.limit; i++) {
      expect((await post("/quotes", quote, { from })).status, `cotización ${i}`).toBe(201);
    }
    const blocked = await post("/quotes", quote, { from });
    expect(blocked.status).toBe(429);
    expect(blocked.retryAfter).toBe("10");
    expect(blocked.body.error).toBe("Demasiadas cotizaciones desde su conexión. Inténtelo de nuevo en 10 segundos.");
    const { token } = await registerFrom("203.0.113.31");
    expect((await post("/quotes", quote, { from, token })).status).toBe(201);
    advance(10);
    expect((await post("/quotes", quote, { from })).status).toBe(201);
  });
});

describe("contrataciones desde una dirección", () => {
  it("20 intentos en 10 minutos; el siguiente responde 429", async () => {
    const from = "203.0.113.40";
    const { token } = await registerFrom("203.0.113.41");
    const body = checkoutBody("12345678Z");
    for (let i = 1; i <= DEFAULT_RATE_LIMITS.checkout.limit; i++) {
      // A quote that does not exist: an attempt all the same.
      expect((await post("/quotes/00000000-0000-4000-8000-000000000000/checkout", body, { from, token })).status, `intento ${i}`).toBe(404);
    }
    const blocked = await post("/quotes/00000000-0000-4000-8000-000000000000/checkout", body, { from, token });
    expect(blocked.status).toBe(429);
    expect(blocked.retryAfter).toBe("30");
    expect(blocked.body.error).toBe("Demasiados intentos de contratación desde su conexión. Inténtelo de nuevo en 30 segundos.");
  });
});

describe("el estado de los límites", () => {
  it("un reloj que vuelve atrás (o instancias con relojes distintos) no bloquea una dirección hasta esa hora", async () => {
    const from = { from: "203.0.113.60" };
    advance(15 * 24 * 3600);
    expect((await post("/quotes", { line: "alquiler", inputs: ALQUILER }, from)).status).toBe(201);
    advance(-15 * 24 * 3600);
    expect((await post("/quotes", { line: "alquiler", inputs: ALQUILER }, from)).status).toBe(201);
  });

  it("se poda: las filas que ya no limitan nada desaparecen", async () => {
    advance(24 * 3600);
    expect((await post("/quotes", { line: "alquiler", inputs: ALQUILER }, { from: "203.0.113.50" })).status).toBe(201);
    const [stale] = await database.db.select({ n: count() }).from(rateLimits).where(lt(rateLimits.tat, clock));
    expect(stale!.n).toBe(0);
  });

  it("cada base de datos se poda, aunque otra del mismo proceso se acabe de podar en ese instante", async () => {
    advance(24 * 3600);
    const other = await createTestDatabase();
    const otherServer = await startTestServer({ database: other, now, rateLimits: DEFAULT_RATE_LIMITS, trustProxy: parseTrustProxy("127.0.0.1") });
    try {
      await other.db.insert(rateLimits).values({ key: "anonymousQuote:203.0.113.70", tat: new Date(clock.getTime() - 1000) });
      expect((await post("/quotes", { line: "alquiler", inputs: ALQUILER }, { from: "203.0.113.51" })).status).toBe(201);
      const answer = await post("/quotes", { line: "alquiler", inputs: ALQUILER }, { from: "203.0.113.51", server: otherServer });
      expect(answer.status).toBe(201);
      const [stale] = await other.db.select({ n: count() }).from(rateLimits).where(lt(rateLimits.tat, clock));
      expect(stale!.n).toBe(0);
    } finally {
      await otherServer.stop();
      await other.close();
    }
  });

  it("el contrato OpenAPI documenta el 429 de cada operación limitada", async () => {
    const doc = (await (await fetch(`${proxied.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    for (const [path, method] of [
      ["/auth/login", "post"],
      ["/admin/auth/login", "post"],
      ["/auth/register", "post"],
      ["/quotes", "post"],
      ["/quotes/{id}/checkout", "post"],
    ] as const) {
      expect(doc.paths[path]?.[method]?.responses, path).toHaveProperty("429");
    }
  });
});

/** The page's form: its hidden inputs (CSRF token, honeypot, redirectTo) and the cookie they go with. */
async function openForm(path: string, from: string): Promise<{ fields: URLSearchParams; cookie: string }> {
  const response = await fetch(`${proxied.url}${path}`, { headers: { "x-forwarded-for": from } });
  expect(response.status).toBe(200);
  const html = await response.text();
  const fields = new URLSearchParams();
  for (const [input] of html.matchAll(/<input\b[^>]*>/g)) {
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(input)?.[1];
    const name = attr("name");
    if (name && (attr("type") === "hidden" || name.endsWith("__confirm"))) fields.set(name, attr("value") ?? "");
  }
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { fields, cookie };
}

async function submitForm(path: string, from: string, values: Record<string, string>) {
  const { fields, cookie } = await openForm(path, from);
  for (const [name, value] of Object.entries(values)) fields.set(name, value);
  const response = await fetch(`${proxied.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, "x-forwarded-for": from },
    body: fields,
  });
  return { status: response.status, retryAfter: response.headers.get("retry-after"), html: await response.text() };
}

describe("las páginas sin JavaScript", () => {
  it.each([
    {
      path: "/login",
      api: "/auth/login",
      from: "203.0.113.60",
      message: "Demasiados intentos de inicio de sesión desde su conexión. Inténtelo de nuevo en 30 segundos.",
    },
    // The back office speaks "tú" (app/lib/voice.ts), the API's message is the same.
    {
      path: "/admin/login",
      api: "/admin/auth/login",
      from: "203.0.113.61",
      message: "Demasiados intentos de inicio de sesión desde tu conexión. Inténtalo de nuevo en 30 segundos.",
    },
  ])("$path muestra el 429 en el formulario y conserva el correo", async ({ path, api, from, message }) => {
    advance(3600);
    for (let i = 1; i <= 20; i++)
      expect((await post(api, { email: `web${i}@example.com`, password: "Intento-malo-2026" }, { from })).status).toBe(401);
    const page = await submitForm(path, from, { email: "lucia.web@example.com", password: "Intento-malo-2026" });
    expect(page.status).toBe(429);
    expect(page.retryAfter).toBe("30");
    expect(page.html).toContain(message);
    expect(page.html).toMatch(/<input[^>]*name="email"[^>]*value="lucia.web@example.com"|<input[^>]*value="lucia.web@example.com"[^>]*name="email"/);
  });

  it("/register muestra el 429 en el formulario y conserva nombre y correo", async () => {
    const from = "203.0.113.62";
    advance(3600);
    for (let i = 0; i < DEFAULT_RATE_LIMITS.register.limit; i++) await registerFrom(from);
    const page = await submitForm("/register", from, {
      name: "Lucía Web",
      email: "lucia.registro@example.com",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(page.status).toBe(429);
    expect(page.retryAfter).toBe("360");
    expect(page.html).toContain("Demasiados registros desde su conexión. Inténtelo de nuevo en 6 minutos.");
    expect(page.html).toContain('value="lucia.registro@example.com"');
    expect(page.html).toContain('value="Lucía Web"');
  });

  it("/cotizar muestra el 429 en el formulario y conserva los datos", async () => {
    const from = "203.0.113.63";
    advance(3600);
    const quote = { line: "alquiler", inputs: ALQUILER };
    for (let i = 0; i < DEFAULT_RATE_LIMITS.anonymousQuote.limit; i++) expect((await post("/quotes", quote, { from })).status).toBe(201);
    // The form asks the tenant's contract type (the API defaults it for older callers).
    const href = requoteHref("alquiler", { ...ALQUILER, tenantContract: "indefinido" });
    const values = prefillFromSearch("alquiler", new URL(href, proxied.url).searchParams);
    const page = await submitForm(href, from, values);
    expect(page.status).toBe(429);
    expect(page.retryAfter).toBe("10");
    expect(page.html).toContain("Demasiadas cotizaciones desde su conexión. Inténtelo de nuevo en 10 segundos.");
    expect(page.html).toContain(`value="${ALQUILER.postalCode}"`);
  });
});
