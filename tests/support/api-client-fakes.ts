// Fakes for the tests of app/lib/api.server.ts (api.server.test.ts, api.server.retries.test.ts): a
// fetch that answers from a script and records every request, a logger of spies, a client wired
// to both, and the checks of what a call rejects with.
import { expect, vi } from "vitest";
import type { Logger } from "../../platform/logger";
import { ApiError, createApiClient } from "../../app/lib/api.server";

export type Answer = { status: number; body?: unknown; statusText?: string } | Error;
export type Call = { method: string; url: URL; headers: Headers; body: string };

/** A fetch that answers from a script, in order, and records every request it receives. */
export function fakeFetch(...answers: Answer[]) {
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

export function fakeLogger() {
  return { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies Logger;
}

export function setup(answers: Answer[], token?: string | null) {
  const fetch = fakeFetch(...answers);
  const logger = fakeLogger();
  const api = createApiClient({ baseUrl: "http://api.test/api/", fetch, token, logger });
  return { api, fetch, logger };
}

/** The value a promise rejects with (fails the test if it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to reject");
}

export async function expectApiError(promise: Promise<unknown>, status: number) {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(status);
  return error as ApiError;
}

export async function expectThrownResponse(promise: Promise<unknown>, status: number) {
  const thrown = await rejection(promise);
  expect(thrown).toBeInstanceOf(Response);
  expect((thrown as Response).status).toBe(status);
  return thrown as Response;
}

export const SPEC_RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504];
export const ok = { status: 200, body: { ok: true } };
