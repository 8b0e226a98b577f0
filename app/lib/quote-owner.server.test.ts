import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { claimAnonymousQuotes, MAX_REMEMBERED_QUOTES, quoteApi, quoteOwnerToken, rememberQuoteOwner, withOwnerToken } from "./quote-owner.server";
import { QUOTE_OWNER_TOKENS_KEY, VISITOR_TOKEN_KEY, VISITOR_USER_KEY, visitorSessionStorage } from "./session.server";

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
// Owner tokens are 32 random bytes in base64url: 43 characters.
const TOKEN = (n: number) => `${String(n).padStart(3, "0")}${"x".repeat(40)}`;

function makeContext(respond: (request: Request) => Response | Promise<Response> = () => new Response(null, { status: 204 })) {
  const apiFetch = vi.fn(async (request: Request) => respond(request));
  const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const context = {
    apiBaseUrl: "http://api.test/api",
    apiFetch,
    sessionSecrets: ["s".repeat(32)],
    secureCookies: false,
    logger,
    clientIp: null,
  } as unknown as AppLoadContext;
  return { context, apiFetch, logger };
}

/** A request whose Cookie header is the given Set-Cookie (or an empty session). */
function requestWith(setCookie?: string): Request {
  return new Request("http://web/", { headers: setCookie ? { Cookie: setCookie.split(";")[0] } : {} });
}

describe("withOwnerToken", () => {
  it("añade el token como el más reciente y conserva los demás en orden", () => {
    const tokens = withOwnerToken(withOwnerToken({}, ID(1), TOKEN(1)), ID(2), TOKEN(2));
    expect(Object.entries(tokens)).toEqual([
      [ID(1), TOKEN(1)],
      [ID(2), TOKEN(2)],
    ]);
  });

  it("una cotización repetida pasa al final sin duplicarse", () => {
    const tokens = withOwnerToken({ [ID(1)]: TOKEN(1), [ID(2)]: TOKEN(2) }, ID(1), TOKEN(9));
    expect(Object.entries(tokens)).toEqual([
      [ID(2), TOKEN(2)],
      [ID(1), TOKEN(9)],
    ]);
  });

  it("olvida las más antiguas por encima del máximo", () => {
    let tokens = {};
    for (let n = 1; n <= 5; n++) tokens = withOwnerToken(tokens, ID(n), TOKEN(n), 3);
    expect(Object.keys(tokens)).toEqual([ID(3), ID(4), ID(5)]);
  });
});

describe("rememberQuoteOwner y quoteOwnerToken", () => {
  it("guarda el token en la sesión del visitante y lo lee por cotización", async () => {
    const { context } = makeContext();
    const cookie = await rememberQuoteOwner(requestWith(), context, ID(1), TOKEN(1));
    expect(cookie).toMatch(/^cotiza_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(await quoteOwnerToken(requestWith(cookie), context, ID(1))).toBe(TOKEN(1));
    expect(await quoteOwnerToken(requestWith(cookie), context, ID(2))).toBeNull();
    expect(await quoteOwnerToken(requestWith(), context, ID(1))).toBeNull();
  });

  it("no toca el resto de la sesión (auth_token, auth_user)", async () => {
    const { context } = makeContext();
    const storage = visitorSessionStorage(context);
    const session = await storage.getSession();
    session.set(VISITOR_TOKEN_KEY, "jwt");
    session.set(VISITOR_USER_KEY, "{}");
    const signedIn = await storage.commitSession(session);
    const cookie = await rememberQuoteOwner(requestWith(signedIn), context, ID(1), TOKEN(1));
    const stored = await storage.getSession(cookie.split(";")[0]);
    expect(stored.get(VISITOR_TOKEN_KEY)).toBe("jwt");
    expect(stored.get(VISITOR_USER_KEY)).toBe("{}");
  });

  it("con el máximo de cotizaciones y una sesión iniciada, la cookie cabe en 4 KB", async () => {
    const { context } = makeContext();
    const storage = visitorSessionStorage(context);
    const session = await storage.getSession();
    session.set(VISITOR_TOKEN_KEY, "j".repeat(400));
    session.set(VISITOR_USER_KEY, JSON.stringify({ name: "N".repeat(100), email: `${"e".repeat(80)}@example.com`, role: "user" }));
    let cookie = await storage.commitSession(session);
    for (let n = 1; n <= MAX_REMEMBERED_QUOTES + 5; n++) cookie = await rememberQuoteOwner(requestWith(cookie), context, ID(n), TOKEN(n));
    expect(cookie.split(";")[0].length).toBeLessThan(4096);
    expect(await quoteOwnerToken(requestWith(cookie), context, ID(MAX_REMEMBERED_QUOTES + 5))).toBe(TOKEN(MAX_REMEMBERED_QUOTES + 5));
    expect(await quoteOwnerToken(requestWith(cookie), context, ID(1))).toBeNull();
  });

  it("un valor mal formado en la sesión se lee como ninguno", async () => {
    const { context } = makeContext();
    const storage = visitorSessionStorage(context);
    const session = await storage.getSession();
    session.set(QUOTE_OWNER_TOKENS_KEY, ["no", "es", "un", "mapa"] as unknown as Record<string, string>);
    const cookie = await storage.commitSession(session);
    expect(await quoteOwnerToken(requestWith(cookie), context, ID(1))).toBeNull();
  });
});

describe("quoteApi", () => {
  it("envía el token de propietario en X-Quote-Owner y el del visitante como bearer", async () => {
    const { context, apiFetch } = makeContext(() => Response.json({ ok: true }));
    await quoteApi(context, requestWith(), { token: "jwt", ownerToken: TOKEN(1) }).get(`/quotes/${ID(1)}`);
    const sent = apiFetch.mock.calls[0][0];
    expect(new URL(sent.url).pathname).toBe(`/api/quotes/${ID(1)}`);
    expect(sent.headers.get("x-quote-owner")).toBe(TOKEN(1));
    expect(sent.headers.get("authorization")).toBe("Bearer jwt");
  });

  it("sin token de propietario no envía la cabecera", async () => {
    const { context, apiFetch } = makeContext(() => Response.json({ ok: true }));
    await quoteApi(context, requestWith(), { ownerToken: null }).get(`/quotes/${ID(1)}`);
    expect(apiFetch.mock.calls[0][0].headers.has("x-quote-owner")).toBe(false);
  });
});

describe("claimAnonymousQuotes", () => {
  async function cookieWith(context: AppLoadContext, count: number) {
    let cookie: string | undefined;
    for (let n = 1; n <= count; n++) cookie = await rememberQuoteOwner(requestWith(cookie), context, ID(n), TOKEN(n));
    return cookie!;
  }

  it("pasa a la cuenta las cotizaciones de este navegador con el token nuevo", async () => {
    const { context, apiFetch } = makeContext(() => Response.json({ claimed: 2 }));
    const cookie = await cookieWith(context, 2);
    expect(await claimAnonymousQuotes(requestWith(cookie), context, "jwt-nuevo")).toBe(2);
    const sent = apiFetch.mock.calls[0][0];
    expect(sent.method).toBe("POST");
    expect(new URL(sent.url).pathname).toBe("/api/me/quotes/claim");
    expect(sent.headers.get("authorization")).toBe("Bearer jwt-nuevo");
    expect(await sent.json()).toEqual({ ownerTokens: [TOKEN(1), TOKEN(2)] });
  });

  it("sin cotizaciones anónimas no llama a la API", async () => {
    const { context, apiFetch } = makeContext();
    expect(await claimAnonymousQuotes(requestWith(), context, "jwt")).toBe(0);
    expect(apiFetch).not.toHaveBeenCalled();
  });

  it.each([
    ["un 400", () => Response.json({ error: "Datos no válidos" }, { status: 400 })],
    ["un 500", () => new Response("x", { status: 500 })],
    ["una respuesta fuera de contrato", () => Response.json({ nada: true })],
  ])("si la API responde %s, no impide iniciar sesión y lo registra", async (_what, respond) => {
    const { context, logger } = makeContext(respond);
    const cookie = await cookieWith(context, 1);
    expect(await claimAnonymousQuotes(requestWith(cookie), context, "jwt")).toBe(0);
    expect(logger.warn).toHaveBeenCalledWith("quote claim failed", expect.objectContaining({ count: 1 }));
  });
});
