// The client pipeline (issue 23, ADR 041 «Clientes») over real HTTP with the API's clock moved by
// the test: a client's life from its first purchase (alta), coming into force (activo), the
// 60-day renewal window (renovación), the renewal (activo), a returned recibo (en riesgo) and its
// payment, a move by hand with its reason, and the end of all its policies (baja); each move in
// the client's timeline and the audit. Then the board and its list: counts, premium, filters.
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { advanceClientStages } from "../../api/db/client-stage.repo";
import { clients, clientStageChanges, policies, recibos } from "../../api/db/schema";
import type { ClientBoard } from "../../api/contract/pipeline";
import type { ClientDetail } from "../../api/contract/clients";
import { adminWith, auditRows, call, database, FORBIDDEN, insertClient, json, login, server, setUpAdminApi } from "../support/admin-api";
import { runToEnd } from "../support/lifecycle-run";
import { checkoutBody } from "../support/checkout";
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "../support/db";
import { insertTestPolicy } from "../support/policies";
import { AUTO } from "../support/quote-inputs";

/** The API's clock: the tests move it forward, never back. */
let now = new Date("2026-03-10T09:00:00.000Z");
setUpAdminApi({ now: () => now });

/** A fresh token on the moved clock (tokens expire by the API's clock). */
const admin = () => login(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
/** Staff who read both boards but may not move clients, and staff who read only the sales pipeline: made while the first token is valid, signed in when needed. */
let readerEmail: string;
let pipelineOnlyEmail: string;
beforeAll(async () => {
  readerEmail = (await adminWith({ "pipeline:read": true, "clients:read": true })).user.email;
  pipelineOnlyEmail = (await adminWith({ "pipeline:read": true })).user.email;
});
const run = async () => expect(await runToEnd(server.url, await admin())).toMatchObject({ status: "hecho" });

let clientId: number;
let policyId: number;

const stageOf = async (id: number) => (await database.db.select().from(clients).where(eq(clients.id, id)))[0]!;
const changesOf = (id: number) =>
  database.db.select().from(clientStageChanges).where(eq(clientStageChanges.clientId, id)).orderBy(asc(clientStageChanges.id));
const lastChange = async (id: number) => (await changesOf(id)).at(-1)!;

describe("los eventos mueven al cliente", () => {
  it("primera compra: de Prospecto a Alta, con su prima y su seguro, en su historial", async () => {
    const email = "embudo@example.com";
    const visitor = await json<{ token: string }>("post", "/auth/register", {
      body: { name: "Lucía Martín Sanz", email, password: "Gazpacho-andaluz-2026" },
      status: 201,
    });
    const quote = await json<{ id: string }>("post", "/quotes", { body: { line: "auto", inputs: AUTO }, token: visitor.token, status: 201 });
    const policy = await json<{ id: number; number: string }>("post", `/quotes/${quote.id}/checkout`, {
      body: checkoutBody("12345678Z"),
      token: visitor.token,
      status: 201,
    });
    policyId = policy.id;
    const [row] = await database.db.select().from(policies).where(eq(policies.id, policy.id));
    clientId = row!.clientId;

    const client = await stageOf(clientId);
    expect(client).toMatchObject({ stage: "alta", premiumCents: row!.totalPremiumCents, lineCode: "auto", lineCodes: ["auto"] });
    expect(client.stageChangedAt).toEqual(now);
    expect(await changesOf(clientId)).toMatchObject([{ fromStage: "prospecto", toStage: "alta", cause: "primera_poliza", policyId }]);
    expect((await auditRows("client.stage_changed", clientId)).map((r) => r.after)).toEqual([{ stage: "alta", cause: "primera_poliza", policyId }]);

    const detail = await json<ClientDetail>("get", `/admin/clients/${clientId}`, { token: await admin(), status: 200 });
    expect(detail.timeline.find((e) => e.code === "client.stage_changed")).toMatchObject({
      label: "Cliente movido en el embudo de clientes",
      summary: `De Prospecto a Alta: Primera póliza (póliza ${policy.number})`,
      policyNumber: policy.number,
      before: null,
      after: null,
    });
  });

  it("entra en vigor al día siguiente: de Alta a Activo por el proceso diario", async () => {
    await run();
    expect((await stageOf(clientId)).stage).toBe("alta");
    now = new Date("2026-03-11T09:00:00.000Z");
    await run();
    expect((await stageOf(clientId)).stage).toBe("activo");
    expect(await lastChange(clientId)).toMatchObject({ fromStage: "alta", toStage: "activo", cause: "poliza_en_vigor", actorAdminId: null });
  });

  it("a 61 días del vencimiento sigue Activo; a 60, pasa a Renovación, una sola vez", async () => {
    const [row] = await database.db.select().from(policies).where(eq(policies.id, policyId));
    expect(row!.endDate).toBe("2027-03-11");
    now = new Date("2027-01-09T09:00:00.000Z");
    await run();
    expect((await stageOf(clientId)).stage).toBe("activo");
    now = new Date("2027-01-10T09:00:00.000Z");
    await run();
    expect((await stageOf(clientId)).stage).toBe("renovacion");
    expect(await lastChange(clientId)).toMatchObject({ toStage: "renovacion", cause: "renovacion_proxima", policyId });
    // The daily step again on the same day: nothing more to move.
    expect(await advanceClientStages(database.db, "2027-01-10", now)).toEqual({ activos: 0, renovaciones: 0 });
    expect((await changesOf(clientId)).filter((c) => c.toStage === "renovacion")).toHaveLength(1);
  });

  it("renovada la póliza, vuelve a Activo", async () => {
    now = new Date("2027-03-11T09:00:00.000Z");
    await run();
    const [row] = await database.db.select().from(policies).where(eq(policies.id, policyId));
    expect(row).toMatchObject({ term: 2, endDate: "2028-03-11" });
    expect((await stageOf(clientId)).stage).toBe("activo");
    expect(await lastChange(clientId)).toMatchObject({ fromStage: "renovacion", toStage: "activo", cause: "renovada", policyId });
  });

  it("un recibo devuelto lo pone En riesgo; cobrado, vuelve a Activo", async () => {
    const [paid] = await database.db
      .select()
      .from(recibos)
      .where(and(eq(recibos.policyId, policyId), eq(recibos.status, "cobrado")))
      .orderBy(asc(recibos.sequence))
      .then((rows) => rows.slice(-1));
    await json("post", `/admin/policies/${policyId}/recibos/${paid!.id}/return`, {
      token: await admin(),
      body: { reason: "Devuelto por el banco" },
      status: 200,
    });
    expect((await stageOf(clientId)).stage).toBe("en_riesgo");
    expect(await lastChange(clientId)).toMatchObject({ toStage: "en_riesgo", cause: "recibo_devuelto", policyId });
    await json("post", `/admin/policies/${policyId}/recibos/${paid!.id}/mark-paid`, {
      token: await admin(),
      body: { reference: "TRF-2027-0001" },
      status: 200,
    });
    expect((await stageOf(clientId)).stage).toBe("activo");
    expect(await lastChange(clientId)).toMatchObject({ fromStage: "en_riesgo", toStage: "activo", cause: "riesgo_resuelto" });
  });
});

describe("mover a mano", () => {
  const move = async (body: unknown, token?: string) =>
    call("post", `/admin/client-pipeline/clients/${clientId}/move`, { token: token ?? (await admin()), body });

  it("pide el motivo y clients:write", async () => {
    const short = await move({ stage: "en_riesgo", reason: "no" });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.reason).toEqual([
      "Escribe por qué lo mueves (3 caracteres o más)",
    ]);
    const denied = await move({ stage: "en_riesgo", reason: "Quiere darse de baja" }, await login(readerEmail));
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual(FORBIDDEN);
    expect((await stageOf(clientId)).stage).toBe("activo");
  });

  it("mueve, audita y lo cuenta en el historial con el motivo y quién; los eventos siguen después", async () => {
    const answer = await move({ stage: "en_riesgo", reason: "Ha llamado para comparar precios" });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ stage: "en_riesgo", card: { id: clientId, line: "auto", canMove: true, owner: null } });
    expect(await lastChange(clientId)).toMatchObject({ toStage: "en_riesgo", cause: "manual", reason: "Ha llamado para comparar precios" });
    const [audit] = (await auditRows("client.stage_changed", clientId)).slice(-1);
    expect(audit).toMatchObject({ actorType: "admin", actorLabel: TEST_ADMIN_EMAIL, before: { stage: "activo" } });
    expect(audit!.after).toEqual({ stage: "en_riesgo", cause: "manual", reason: "Ha llamado para comparar precios" });
    const detail = await json<ClientDetail>("get", `/admin/clients/${clientId}`, { token: await admin(), status: 200 });
    expect(detail.timeline[0]).toMatchObject({
      code: "client.stage_changed",
      summary: "De Activo a En riesgo: Ha llamado para comparar precios",
      actorLabel: TEST_ADMIN_EMAIL,
    });

    // All its policies end: Baja, whatever stage it was moved to.
    const today = "2027-03-12";
    now = new Date(`${today}T09:00:00.000Z`);
    await json("post", `/admin/policies/${policyId}/cancel`, {
      token: await admin(),
      body: { reason: "peticion_cliente", effectiveDate: today },
      status: 200,
    });
    expect((await stageOf(clientId)).stage).toBe("baja");
    expect(await lastChange(clientId)).toMatchObject({ fromStage: "en_riesgo", toStage: "baja", cause: "polizas_terminadas" });
    expect((await stageOf(clientId)).premiumCents).toBe(0);
  });
});

describe("el tablero y su lista", () => {
  const days = (n: number) => new Date(now.getTime() - n * 86_400_000);
  const board = async (query = "") => json<ClientBoard>("get", `/admin/client-pipeline/board${query}`, { token: await admin(), status: 200 });
  const lane = (b: ClientBoard, stage: string) => b.lanes.find((l) => l.stage === stage)!;

  it("cuenta y suma la prima por etapa, y filtra por seguro, antigüedad y sin atender", async () => {
    const before = await board();
    expect(before.lanes.map((l) => l.stage)).toEqual(["prospecto", "alta", "activo", "renovacion", "en_riesgo", "baja"]);
    const stale = await insertClient({ stage: "en_riesgo", premiumCents: 10_000, stageChangedAt: days(8) });
    const fresh = await insertClient({ stage: "en_riesgo", premiumCents: 5_000, stageChangedAt: days(2) });
    const home = await insertTestPolicy(database.db, { startDate: "2027-01-01", createdAt: now, line: "hogar" });
    // Written straight into the database, without the events that keep the client's lines.
    await database.db
      .update(clients)
      .set({ stage: "en_riesgo", stageChangedAt: days(1), premiumCents: 0, lineCode: "hogar", lineCodes: ["hogar"] })
      .where(eq(clients.id, home.clientId));

    const after = await board();
    const risk = lane(after, "en_riesgo");
    expect(risk.count).toBe(lane(before, "en_riesgo").count + 3);
    expect(risk.premiumCents).toBe(lane(before, "en_riesgo").premiumCents + 15_000);
    // Newest in the stage first.
    expect(risk.cards.slice(0, 3).map((c) => c.id)).toEqual([home.clientId, fresh, stale]);
    expect(risk.cards.find((c) => c.id === stale)).toMatchObject({ stale: true, premiumCents: 10_000, owner: null, nextAction: null, canMove: true });
    expect(risk.cards.find((c) => c.id === fresh)).toMatchObject({ stale: false });

    expect(lane(await board("?stale=true"), "en_riesgo").cards.map((c) => c.id)).toEqual([stale]);
    expect(lane(await board("?minAgeDays=2"), "en_riesgo").cards.map((c) => c.id)).toEqual(expect.arrayContaining([fresh, stale]));
    expect(lane(await board("?minAgeDays=2"), "en_riesgo").cards.map((c) => c.id)).not.toContain(home.clientId);
    const hogar = await board("?line=hogar&owner=me");
    expect(lane(hogar, "en_riesgo").cards.map((c) => c.id)).toEqual([home.clientId]);
    expect(lane(hogar, "baja").count).toBe(0);

    const read = await json<ClientBoard>("get", "/admin/client-pipeline/board", { token: await login(readerEmail), status: 200 });
    expect(lane(read, "en_riesgo").cards.every((c) => !c.canMove)).toBe(true);
    expect((await call("get", "/admin/client-pipeline/board", { token: await login(pipelineOnlyEmail) })).status).toBe(403);
  });

  it("la lista: etapa, orden por prima y CSV", async () => {
    const list = await json<{ items: { id: number; premiumCents: number | null; stage: string }[]; total: number }>(
      "get",
      "/admin/client-pipeline/clients?stage=en_riesgo&sort=premium&dir=desc",
      { token: await admin(), status: 200 },
    );
    expect(list.items.every((i) => i.stage === "en_riesgo")).toBe(true);
    expect(list.items[0]!.premiumCents).toBe(10_000);
    const csv = await call("get", "/admin/client-pipeline/clients/export?stage=en_riesgo&sort=premium&dir=desc", { token: await admin() });
    expect(csv.status).toBe(200);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe("Nombre;Etapa;En la etapa desde;Seguro;Prima anual en vigor;Sin atender");
    expect(lines).toHaveLength(list.total + 1);
    expect(lines[1]).toContain(";En riesgo;");
    expect(lines[1]).toMatch(/;100,00;Sí$/);
  });
});

describe("el paso diario", () => {
  it("dos ejecuciones a la vez mueven a cada cliente una vez", async () => {
    const p = await insertTestPolicy(database.db, { startDate: "2027-03-01", createdAt: now });
    await database.db.update(clients).set({ stage: "alta" }).where(eq(clients.id, p.clientId));
    const [a, b] = await Promise.all([advanceClientStages(database.db, "2027-03-12", now), advanceClientStages(database.db, "2027-03-12", now)]);
    expect(a.activos + b.activos).toBe(1);
    expect((await changesOf(p.clientId)).map((c) => c.toStage)).toEqual(["activo"]);
    expect((await stageOf(p.clientId)).stage).toBe("activo");
  });
});
