// The daily run as staff start it through the API (ADR 044): POST /api/admin/lifecycle/run answers
// 202 at once with the run, GET /api/admin/lifecycle/runs/{id} says how it goes until it ends.
import { expect } from "vitest";
import { LifecycleRunSchema, LifecycleRunStartSchema, type LifecycleRun, type LifecycleRunStart } from "../../api/contract/admin-policies";

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** POST /admin/lifecycle/run: its 202 answer, checked against the contract. */
export async function startRun(baseUrl: string, token: string): Promise<LifecycleRunStart> {
  const response = await fetch(`${baseUrl}/api/admin/lifecycle/run`, { method: "POST", headers: auth(token) });
  const text = await response.text();
  expect(response.status, text).toBe(202);
  const run = LifecycleRunStartSchema.parse(JSON.parse(text));
  expect(response.headers.get("location")).toBe(`/api/admin/lifecycle/runs/${run.id}`);
  return run;
}

export async function readRun(baseUrl: string, token: string, id: number): Promise<LifecycleRun> {
  const response = await fetch(`${baseUrl}/api/admin/lifecycle/runs/${id}`, { headers: auth(token) });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return LifecycleRunSchema.parse(JSON.parse(text));
}

/** Reads the run again until it is no longer en_curso (the test's own time limit bounds the wait), not too often: on PGlite each read waits its turn with the run's queries. */
export async function untilEnded(baseUrl: string, token: string, id: number): Promise<LifecycleRun> {
  for (;;) {
    const run = await readRun(baseUrl, token, id);
    if (run.status !== "en_curso") return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The run started and followed to its end, as a client polling it would: its last answer. */
export async function runToEnd(baseUrl: string, token: string): Promise<LifecycleRun> {
  const started = await startRun(baseUrl, token);
  return untilEnded(baseUrl, token, started.id);
}
