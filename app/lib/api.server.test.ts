import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { AppLoadContext } from "@remix-run/node";
import type { Logger } from "../../platform/logger";
import { ApiError, apiClient, createApiClient, RETRY_STATUSES } from "./api.server";
import "./load-context";

// ---------------------------------------------------------------------------------------------
// Fakes
// ---------------------------------------------------------------------------------------------

type Answer = { status: number; body?: unknown; statusText?: string } | Error;
type Call = { method: string; url: URL; headers: Headers; body: string };

/** A fetch that answers from a script, in order, and records every request it receives. */
function fakeFetch(...answers: Answer[]) {
  const calls: Call[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    calls.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: await request.text(),
    });
    const answer = answers[calls.length - 1];
    // Past the script: answer something that would make a test fail loudly if it were used.
    if (answer === undefined) return Response.json({ unexpected: true }, { status: 200 });
    if (answer instanceof Error) throw answer;
    const init = { status: answer.status, statusText: answer.statusText };
    if (answer.body === undefined || answer.status === 204) return new Response(null, init);
    if (typeof answer.body === "string") return new Response(answer.body, init);
    return Response.json(answer.body, init);
  };
  return Object.assign(fetch, { calls });
}

function fakeLogger() {
  return { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies Logger;
}

function setup(answers: Answer[], token?: string | null) {
  const fetch = fakeFetch(...answers);
  const logger = fakeLogger();
  const api = createApiClient({ baseUrl: "http://api.test/api/", fetch, token, logger });
  return { api, fetch, logger };
}

/** The value a promise rejects with (fails the test if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to reject");
}

async function expectApiError(promise: Promise<unknown>, status: number) {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(status);
  return error as ApiError;
}

async function expectThrownResponse(promise: Promise<unknown>, status: number) {
  const thrown = await rejection(promise);
  expect(thrown).toBeInstanceOf(Response);
  expect((thrown as Response).status).toBe(status);
  return thrown as Response;
}

const SPEC_RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504];
const ok = { status: 200, body: { ok: true } };

// ---------------------------------------------------------------------------------------------

describe("retry statuses", () => {
  it("are exactly the spec's (section 7)", () => {
    expect([...RETRY_STATUSES].sort((a, b) => a - b)).toEqual(SPEC_RETRY_STATUSES);
  });
});

describe.each(SPEC_RETRY_STATUSES)("GET answered %i", (status) => {
  it("is retried once and returns the answer of the retry", async () => {
    const { api, fetch, logger } = setup([{ status, body: { error: "momentáneo" } }, ok]);

    await expect(api.get("/things")).resolves.toEqual({ ok: true });

    expect(fetch.calls).toHaveLength(2);
    expect(fetch.calls.map((c) => c.method)).toEqual(["GET", "GET"]);
    expect(fetch.calls[1].url.href).toBe(fetch.calls[0].url.href);
    expect(logger.warn).toHaveBeenCalledWith("api retry", expect.objectContaining({ status }));
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("is retried once only when the retry fails too", async () => {
    const { api, fetch, logger } = setup([
      { status, body: { error: "primero" } },
      { status, body: { error: "segundo", fieldErrors: { campo: ["mal"] } } },
      ok,
    ]);

    const promise = api.get("/things");
    if (status < 500) {
      const error = await expectApiError(promise, status);
      // The error is the retry's answer, not the first one.
      expect(error.body).toEqual({ error: "segundo", fieldErrors: { campo: ["mal"] } });
      expect(error.message).toBe("segundo");
      expect(logger.error).not.toHaveBeenCalled();
    } else {
      await expectThrownResponse(promise, status);
      expect(logger.error).toHaveBeenCalledWith("api error", expect.objectContaining({ method: "GET", path: "/things", status }));
    }
    expect(fetch.calls).toHaveLength(2);
  });
});

describe("HEAD", () => {
  it.each([429, 503])("answered %i is retried once and succeeds", async (status) => {
    const { api, fetch } = setup([{ status }, { status: 200 }]);

    await expect(api.head("/things/1")).resolves.toBeUndefined();

    expect(fetch.calls.map((c) => c.method)).toEqual(["HEAD", "HEAD"]);
  });

  it("answered 503 twice: no third call, thrown 503 Response, logged", async () => {
    const { api, fetch, logger } = setup([{ status: 503 }, { status: 503 }, { status: 200 }]);

    await expectThrownResponse(api.head("/things/1"), 503);

    expect(fetch.calls).toHaveLength(2);
    expect(logger.error).toHaveBeenCalledWith("api error", expect.objectContaining({ method: "HEAD", status: 503 }));
  });

  it("answered 408 twice: no third call, ApiError 408", async () => {
    const { api, fetch } = setup([{ status: 408 }, { status: 408 }, { status: 200 }]);

    const error = await expectApiError(api.head("/things/1"), 408);

    expect(error.body).toEqual({ error: "Error 408" });
    expect(fetch.calls).toHaveLength(2);
  });

  it("answered 404 is not retried", async () => {
    const { api, fetch } = setup([{ status: 404 }, { status: 200 }]);

    await expectApiError(api.head("/things/1"), 404);

    expect(fetch.calls).toHaveLength(1);
  });
});

describe("statuses that are not retried", () => {
  it.each([400, 401, 403, 404, 410, 418, 422])("GET answered %i: one call, ApiError with the server's body", async (status) => {
    const body = { error: "Datos no válidos", fieldErrors: { email: ["El email no es válido"] } };
    const { api, fetch, logger } = setup([{ status, body }, ok]);

    const error = await expectApiError(api.get("/things"), status);

    expect(error.body).toEqual(body);
    expect(error.message).toBe("Datos no válidos");
    expect(error.name).toBe("ApiError");
    expect(fetch.calls).toHaveLength(1);
    expect(logger.warn).not.toHaveBeenCalled();
    expect(logger.error).not.toHaveBeenCalled();
  });

  it.each([501, 505, 511])("GET answered %i: one call, thrown Response with the status, logged", async (status) => {
    const { api, fetch, logger } = setup([{ status, body: { error: "roto" } }, ok]);

    const thrown = await expectThrownResponse(api.get("/things"), status);

    // Never pass the API's own body through to the page.
    expect(await thrown.text()).not.toContain("roto");
    expect(fetch.calls).toHaveLength(1);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledWith("api error", { method: "GET", path: "/things", status });
  });

  it("a 4xx without a JSON error body gives a generic message", async () => {
    const { api } = setup([{ status: 404, body: "<html>Not found</html>" }]);

    const error = await expectApiError(api.get("/things/9"), 404);

    expect(error.body).toEqual({ error: "Error 404" });
  });

  it("a 4xx whose error field is not a string gives a generic message", async () => {
    const { api } = setup([{ status: 400, body: { error: { code: 1 } } }]);

    const error = await expectApiError(api.get("/things"), 400);

    expect(error.body).toEqual({ error: "Error 400" });
  });
});

describe.each(["POST", "PUT", "PATCH", "DELETE"] as const)("%s (a write)", (method) => {
  const call = (api: ReturnType<typeof createApiClient>) => {
    const opts = { body: { name: "Ana" } };
    if (method === "POST") return api.post("/things", opts);
    if (method === "PUT") return api.put("/things/1", opts);
    if (method === "PATCH") return api.patch("/things/1", opts);
    return api.delete("/things/1", opts);
  };

  it("is never retried on 503: one call, thrown Response, logged", async () => {
    const { api, fetch, logger } = setup([{ status: 503 }, ok]);

    await expectThrownResponse(call(api), 503);

    expect(fetch.calls).toHaveLength(1);
    expect(fetch.calls[0].method).toBe(method);
    expect(logger.warn).not.toHaveBeenCalled();
    expect(logger.error).toHaveBeenCalledWith("api error", expect.objectContaining({ method, status: 503 }));
  });

  it.each([408, 409, 425, 429])("is never retried on %i: one call, ApiError", async (status) => {
    const { api, fetch } = setup([{ status, body: { error: "conflicto" } }, ok]);

    const error = await expectApiError(call(api), status);

    expect(error.body.error).toBe("conflicto");
    expect(fetch.calls).toHaveLength(1);
  });

  it("is not retried when the API cannot be reached", async () => {
    const { api, fetch } = setup([new TypeError("fetch failed"), ok]);

    await expectThrownResponse(call(api), 502);

    expect(fetch.calls).toHaveLength(1);
  });

  it("sends its body as JSON with a content-type", async () => {
    const { api, fetch } = setup([ok]);

    await expect(call(api)).resolves.toEqual({ ok: true });

    expect(fetch.calls[0].headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(fetch.calls[0].body)).toEqual({ name: "Ana" });
  });
});

describe("requests", () => {
  it("send Authorization: Bearer <token> when a token is given", async () => {
    const { api, fetch } = setup([ok, ok], "abc.def.ghi");

    await api.get("/auth/profile");
    await api.post("/admin/auth/logout");

    for (const call of fetch.calls) expect(call.headers.get("authorization")).toBe("Bearer abc.def.ghi");
  });

  it.each([undefined, null, ""])("send no Authorization header when the token is %j", async (token) => {
    const { api, fetch } = setup([ok, ok], token);

    await api.get("/public/site");
    await api.post("/auth/login", { body: { email: "a@b.es", password: "x" } });

    for (const call of fetch.calls) expect(call.headers.has("authorization")).toBe(false);
  });

  it("sends the bearer token again on the retry", async () => {
    const { api, fetch } = setup([{ status: 502 }, ok], "tok");

    await api.get("/admin/auth/me");

    expect(fetch.calls).toHaveLength(2);
    expect(fetch.calls[1].headers.get("authorization")).toBe("Bearer tok");
  });

  it("ask for JSON and join base URL and path with exactly one slash", async () => {
    const { api, fetch } = setup([ok, ok]);

    await api.get("/public/site");
    await api.get("public/site");

    expect(fetch.calls.map((c) => c.url.href)).toEqual(["http://api.test/api/public/site", "http://api.test/api/public/site"]);
    expect(fetch.calls[0].headers.get("accept")).toBe("application/json");
  });

  it("GET sends no body and no content-type", async () => {
    const { api, fetch } = setup([ok]);

    await api.get("/things");

    expect(fetch.calls[0].body).toBe("");
    expect(fetch.calls[0].headers.has("content-type")).toBe(false);
  });

  it("a write without a body sends no content-type", async () => {
    const { api, fetch } = setup([{ status: 204 }]);

    await expect(api.post("/admin/auth/logout")).resolves.toBeUndefined();

    expect(fetch.calls[0].body).toBe("");
    expect(fetch.calls[0].headers.has("content-type")).toBe(false);
  });

  it("encode query params and leave out empty ones", async () => {
    const { api, fetch } = setup([ok]);

    await api.get("/quotes", {
      query: { page: 2, q: "coche & hogar", active: true, none: undefined, nil: null, empty: "", zero: 0, no: false },
    });

    const { searchParams, pathname } = fetch.calls[0].url;
    expect(pathname).toBe("/api/quotes");
    expect(Object.fromEntries(searchParams)).toEqual({
      page: "2",
      q: "coche & hogar",
      active: "true",
      zero: "0",
      no: "false",
    });
  });

  it("forward x-request-id and x-forwarded-for from the incoming request (apiClient)", async () => {
    const fetch = fakeFetch(ok);
    const context = { apiBaseUrl: "http://api.test/api", apiFetch: fetch } as unknown as AppLoadContext;
    const incoming = new Request("http://cotiza.test/", {
      headers: { "x-request-id": "req-1", "x-forwarded-for": "203.0.113.7", cookie: "secret=1" },
    });

    await apiClient(context, incoming, "tok").get("/auth/profile");

    const headers = fetch.calls[0].headers;
    expect(headers.get("x-request-id")).toBe("req-1");
    expect(headers.get("x-forwarded-for")).toBe("203.0.113.7");
    expect(headers.get("authorization")).toBe("Bearer tok");
    expect(headers.has("cookie")).toBe(false);
  });

  it("a 204 answer resolves to undefined", async () => {
    const { api } = setup([{ status: 204 }]);

    await expect(api.delete("/things/1")).resolves.toBeUndefined();
  });
});

describe("network failure", () => {
  it("GET: thrown Response 502, logged, not retried", async () => {
    const { api, fetch, logger } = setup([new TypeError("fetch failed"), ok]);

    const thrown = await expectThrownResponse(api.get("/public/site"), 502);

    expect(thrown.statusText).toBe("Bad Gateway");
    expect(fetch.calls).toHaveLength(1);
    expect(logger.error).toHaveBeenCalledWith("api unreachable", {
      method: "GET",
      path: "/public/site",
      error: "fetch failed",
    });
  });

  it("on the retry: thrown Response 502 after two calls", async () => {
    const { api, fetch, logger } = setup([{ status: 503 }, new Error("ECONNRESET"), ok]);

    await expectThrownResponse(api.get("/public/site"), 502);

    expect(fetch.calls).toHaveLength(2);
    expect(logger.error).toHaveBeenCalledWith("api unreachable", expect.objectContaining({ error: "ECONNRESET" }));
  });

  it("an aborted request rethrows the abort, without logging it as an outage", async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException("This operation was aborted", "AbortError");
    const { api, fetch, logger } = setup([abort, ok]);

    await expect(api.get("/things", { signal: controller.signal })).rejects.toBe(abort);

    expect(fetch.calls).toHaveLength(1);
    expect(logger.error).not.toHaveBeenCalled();
  });
});

describe("schema", () => {
  const Site = z.object({ name: z.string(), phone: z.string().optional() });

  it("parses the answer (unknown keys stripped, types inferred)", async () => {
    const { api } = setup([{ status: 200, body: { name: "Cotiza", phone: "900 000 000", extra: 1 } }]);

    const site = await api.get("/public/site", { schema: Site });

    expect(site).toEqual({ name: "Cotiza", phone: "900 000 000" });
    // Type-level check: the result is the schema's type.
    const name: string = site.name;
    expect(name).toBe("Cotiza");
  });

  it("parses the answer of a write", async () => {
    const Login = z.object({ token: z.string(), user: z.object({ id: z.number() }) });
    const { api } = setup([{ status: 201, body: { token: "t", user: { id: 7 } } }]);

    await expect(api.post("/auth/login", { body: {}, schema: Login })).resolves.toEqual({
      token: "t",
      user: { id: 7 },
    });
  });

  it("rejects an answer that does not match the contract", async () => {
    const { api } = setup([{ status: 200, body: { name: 42 } }]);

    await expect(api.get("/public/site", { schema: Site })).rejects.toBeInstanceOf(z.ZodError);
  });

  it("is not applied to error answers", async () => {
    const { api } = setup([{ status: 400, body: { error: "mal" } }]);

    await expectApiError(api.get("/public/site", { schema: Site }), 400);
  });
});

describe("getResponse (answers that are not JSON)", () => {
  const CSV = "\ufefffecha,actor\r\n01/03/2026 10:00:00,admin\r\n";
  // Bytes, not text(): text() would drop the BOM the file must keep.
  const bytes = async (response: Response) => new Uint8Array(await response.arrayBuffer());
  const CSV_BYTES = new TextEncoder().encode(CSV);

  it("returns the successful Response unread, without parsing it as JSON", async () => {
    const { api, fetch } = setup([{ status: 200, body: CSV }], "tok");

    const response = await api.getResponse("/admin/audit/export", { query: { actor: "admin", from: "" }, accept: "text/csv" });

    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    expect(response.bodyUsed).toBe(false);
    expect(await bytes(response)).toEqual(CSV_BYTES);
    expect(fetch.calls).toHaveLength(1);
    expect(fetch.calls[0].method).toBe("GET");
    expect(fetch.calls[0].url.href).toBe("http://api.test/api/admin/audit/export?actor=admin");
    expect(fetch.calls[0].headers.get("accept")).toBe("text/csv");
    expect(fetch.calls[0].headers.get("authorization")).toBe("Bearer tok");
  });

  it("asks for JSON unless told otherwise", async () => {
    const { api, fetch } = setup([{ status: 200, body: "hola" }]);

    await api.getResponse("/file");

    expect(fetch.calls[0].headers.get("accept")).toBe("application/json");
  });

  it("GET answered 503 is retried once, with the token, and returns the retry's answer", async () => {
    const { api, fetch, logger } = setup(
      [
        { status: 503, body: { error: "momentáneo" } },
        { status: 200, body: CSV },
      ],
      "tok",
    );

    const response = await api.getResponse("/admin/audit/export");

    expect(await bytes(response)).toEqual(CSV_BYTES);
    expect(fetch.calls).toHaveLength(2);
    expect(fetch.calls[1].headers.get("authorization")).toBe("Bearer tok");
    expect(logger.warn).toHaveBeenCalledWith("api retry", expect.objectContaining({ method: "GET", status: 503 }));
  });

  it("answered 503 twice: no third call, thrown 503 Response, logged", async () => {
    const { api, fetch, logger } = setup([{ status: 503 }, { status: 503 }, { status: 200, body: CSV }]);

    await expectThrownResponse(api.getResponse("/admin/audit/export"), 503);

    expect(fetch.calls).toHaveLength(2);
    expect(logger.error).toHaveBeenCalledWith("api error", { method: "GET", path: "/admin/audit/export", status: 503 });
  });

  it.each([400, 401, 403, 404])("answered %i: one call, ApiError with the server's JSON error", async (status) => {
    const body = { error: "Filtros no válidos", fieldErrors: { from: ["Fecha no válida"] } };
    const { api, fetch } = setup([
      { status, body },
      { status: 200, body: CSV },
    ]);

    const error = await expectApiError(api.getResponse("/admin/audit/export"), status);

    expect(error.body).toEqual(body);
    expect(fetch.calls).toHaveLength(1);
  });

  it("a 4xx that is not JSON gives the generic message", async () => {
    const { api } = setup([{ status: 404, body: "no existe" }]);

    const error = await expectApiError(api.getResponse("/file"), 404);

    expect(error.body).toEqual({ error: "Error 404" });
  });

  it("an unreachable API is a thrown 502 Response", async () => {
    const { api } = setup([new TypeError("fetch failed")]);

    await expectThrownResponse(api.getResponse("/file"), 502);
  });
});
