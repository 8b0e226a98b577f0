// app/lib/api.server.ts's requests (URL, headers, token, body), the schema an answer is read
// with, and answers that are not JSON. Retries and network failures are in api.server.retries.test.ts.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { AppLoadContext } from "@remix-run/node";
import { apiClient } from "./api.server";
import "./load-context";
import { expectApiError, expectThrownResponse, fakeFetch, ok, setup } from "../../tests/support/api-client-fakes";

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
