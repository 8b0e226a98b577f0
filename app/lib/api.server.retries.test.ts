// app/lib/api.server.ts's retries: which statuses are retried, for GET and HEAD; which are not; a
// write (POST, PUT, PATCH, DELETE) is never retried; a network failure. Requests, schemas and
// answers that are not JSON are in api.server.test.ts.
import { describe, expect, it } from "vitest";
import { type createApiClient, RETRY_STATUSES } from "./api.server";
import "./load-context";
import { expectApiError, expectThrownResponse, ok, setup, SPEC_RETRY_STATUSES } from "../../tests/support/api-client-fakes";

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
