// The sales pipeline's leads (issue 23, ADR 041): made by the daily run from unbought quotes (once
// per quote, after the setting's hours), by hand and merged into an open duplicate, won by a web
// purchase or a phone sale, moved and edited by whoever may (403 otherwise), all audited.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { LeadBoard } from "../../api/contract/pipeline";
import type { LeadDetail } from "../../api/contract/pipeline-leads";
import { pipelineLeadQuotes, pipelineLeads } from "../../api/db/schema";
import { nifCheckLetter } from "../../api/domain/nif";
import { leadsFromQuotes } from "../../api/services/pipeline-daily";
import { adminWith, auditRows, database, FORBIDDEN, json, login, setUpAdminApi, superToken, unique } from "../support/admin-api";
import { TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD } from "../support/db";
import { checkoutBody } from "../support/checkout";
import { AUTO } from "../support/quote-inputs";
import { memoryLogger } from "../support/server";

const START = new Date("2026-03-08T09:00:00Z");
const HOUR = 3_600_000;
let clock = START;
setUpAdminApi({ now: () => clock });

let nifs = 0;
const nextNif = () => {
  const digits = String(62_000_000 + ++nifs);
  return `${digits}${nifCheckLetter(digits)}`;
};

async function visitor() {
  const email = `${unique("visitante")}@example.com`;
  const { token } = await json<{ token: string }>("post", "/auth/register", {
    body: { name: "Lucía Martín", email, password: "Gazpacho-andaluz-2026" },
    status: 201,
  });
  return { token, email };
}
const quoteOf = async (token: string) =>
  (await json<{ id: string }>("post", "/quotes", { token, body: { line: "auto", inputs: AUTO }, status: 201 })).id;
const runStep = (at: Date) => leadsFromQuotes({ db: database.db, logger: memoryLogger() }, at);
const leadsOfQuote = (quoteId: string) =>
  database.db.select({ leadId: pipelineLeadQuotes.leadId }).from(pipelineLeadQuotes).where(eq(pipelineLeadQuotes.quoteId, quoteId));
/** The superadmin signed in at the clock's time (a token signed days earlier has expired). */
const boss = () => login(TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
const lead = async (id: number, token?: string) =>
  json<LeadDetail>("get", `/admin/pipeline/leads/${id}`, { token: token ?? (await boss()), status: 200 });

describe("oportunidades desde cotizaciones web sin contratar (proceso diario)", () => {
  it("a las 23 h no hay oportunidad, a las 25 h sí, una sola aunque el paso se repita; otra cotización de la misma persona se une", async () => {
    clock = START;
    const v = await visitor();
    const quoteId = await quoteOf(v.token);
    expect((await runStep(new Date(START.getTime() + 23 * HOUR))).leads).toBe(0);
    expect(await leadsOfQuote(quoteId)).toEqual([]);

    expect((await runStep(new Date(START.getTime() + 25 * HOUR))).leads).toBe(1);
    expect((await runStep(new Date(START.getTime() + 26 * HOUR))).leads).toBe(0);
    const [held] = await leadsOfQuote(quoteId);
    const made = await lead(held!.leadId);
    expect(made).toMatchObject({ source: "cotizacion_web", stage: "cotizado", owner: null, email: v.email, line: "auto" });
    expect(made.premiumCents).toBeGreaterThan(0);
    expect(made.quotes.map((q) => q.id)).toEqual([quoteId]);
    expect((await auditRows("pipeline_lead.created", held!.leadId)).map((r) => r.actorType)).toEqual(["system"]);

    // The same visitor quotes again: the quote joins the open lead.
    clock = new Date(START.getTime() + 26 * HOUR);
    const second = await quoteOf(v.token);
    await runStep(new Date(clock.getTime() + 25 * HOUR));
    expect(await leadsOfQuote(second)).toEqual([{ leadId: held!.leadId }]);
    expect(await auditRows("pipeline_lead.merged", held!.leadId)).toHaveLength(1);
  });
});

describe("oportunidades a mano y duplicadas", () => {
  it("un teléfono escrito de otra forma o un correo en mayúsculas se unen a la abierta del mismo seguro", async () => {
    clock = START;
    const first = await json<{ id: number; merged: boolean }>("post", "/admin/pipeline/leads", {
      token: superToken,
      body: { name: "Pedro Ruiz", phone: "+34 611 22 33 44", line: "hogar", estimatedPremiumCents: "349,90", nextActionOn: "15/03/2026" },
      status: 201,
    });
    expect(first.merged).toBe(false);
    const again = await json<{ id: number; merged: boolean }>("post", "/admin/pipeline/leads", {
      token: superToken,
      body: { name: "Pedro", phone: "611-223-344", email: "Pedro@Example.com", line: "hogar" },
      status: 201,
    });
    expect(again).toEqual({ id: first.id, merged: true });
    const merged = await lead(first.id);
    expect(merged).toMatchObject({
      name: "Pedro Ruiz",
      phone: "611223344",
      email: "Pedro@Example.com",
      premiumCents: 34_990,
      nextActionOn: "2026-03-15",
    });
    const byEmail = await json<{ id: number; merged: boolean }>("post", "/admin/pipeline/leads", {
      token: superToken,
      body: { name: "P. Ruiz", email: "pedro@example.COM", line: "hogar" },
      status: 201,
    });
    expect(byEmail.id).toBe(first.id);
    // Another line is another lead.
    const auto = await json<{ id: number }>("post", "/admin/pipeline/leads", {
      token: superToken,
      body: { name: "Pedro", phone: "611223344", line: "auto" },
      status: 201,
    });
    expect(auto.id).not.toBe(first.id);
  });

  it("pide el correo o el teléfono, y solo pipeline:write:any elige otro comercial", async () => {
    const answer = await json("post", "/admin/pipeline/leads", { token: superToken, body: { name: "Sin contacto" }, status: 400 });
    expect(JSON.stringify(answer)).toContain("Escribe el correo o el teléfono (uno de los dos)");
    const comercial = await adminWith({ "pipeline:read": true, "pipeline:write": true });
    await json("post", "/admin/pipeline/leads", {
      token: comercial.token,
      body: { name: "Ana", email: "ana-otra@example.com", ownerId: 1 },
      status: 403,
    });
    const mine = await json<{ id: number }>("post", "/admin/pipeline/leads", {
      token: comercial.token,
      body: { name: "Ana", email: "ana@example.com" },
      status: 201,
    });
    expect((await lead(mine.id)).owner?.id).toBe(comercial.user.id);
  });
});

describe("mover y reasignar", () => {
  it("un comercial mueve las suyas y las sin comercial (que pasan a ser suyas), no las de otro (403); un gestor mueve cualquiera", async () => {
    clock = START;
    const comercial = await adminWith({ "pipeline:read": true, "pipeline:write": true });
    const other = await adminWith({ "pipeline:read": true, "pipeline:write": true });
    const gestor = await adminWith({ "pipeline:read": true, "pipeline:write": true, "pipeline:write:any": true });
    const [own, free, theirs] = await database.db
      .insert(pipelineLeads)
      .values([{ name: "Propia", assignedAdminId: comercial.user.id }, { name: "Libre" }, { name: "Ajena", assignedAdminId: other.user.id }])
      .returning({ id: pipelineLeads.id });
    const move = (id: number, token: string, body: unknown, status: number) =>
      json("post", `/admin/pipeline/leads/${id}/move`, { token, body, status });

    const moved = await move(own!.id, comercial.token, { stage: "contactado" }, 200);
    expect(moved).toMatchObject({ stage: "contactado", card: { id: own!.id, canMove: true } });
    await move(free!.id, comercial.token, { stage: "negociacion" }, 200);
    expect((await lead(free!.id)).owner?.id).toBe(comercial.user.id);
    expect(await move(theirs!.id, comercial.token, { stage: "contactado" }, 403)).toEqual(FORBIDDEN);
    await move(theirs!.id, gestor.token, { stage: "contactado" }, 200);

    const refused = await move(own!.id, comercial.token, { stage: "perdido" }, 400);
    expect(JSON.stringify(refused)).toContain("Elige por qué se ha perdido");
    await move(own!.id, comercial.token, { stage: "perdido", lostReason: "precio" }, 200);
    expect(await lead(own!.id)).toMatchObject({ stage: "perdido", lostReason: "precio" });
    // Reopening a closed lead needs pipeline:write:any.
    await move(own!.id, comercial.token, { stage: "contactado" }, 403);
    await move(own!.id, gestor.token, { stage: "contactado" }, 200);
    expect(await lead(own!.id)).toMatchObject({ stage: "contactado", lostReason: null, closedAt: null });

    const audits = await auditRows("pipeline_lead.moved", own!.id);
    expect(audits.map((a) => (a.after as { stage: string }).stage)).toEqual(["contactado", "perdido", "contactado"]);
    expect(audits[0]!.actorId).toBe(String(comercial.user.id));
  });

  it("reasignar sin pipeline:write:any se rechaza; con él queda auditado; editar sube la última actividad", async () => {
    clock = START;
    const comercial = await adminWith({ "pipeline:read": true, "pipeline:write": true });
    const [row] = await database.db
      .insert(pipelineLeads)
      .values({ name: "Para reasignar", assignedAdminId: comercial.user.id, lastActivityAt: START })
      .returning();
    const path = `/admin/pipeline/leads/${row!.id}`;
    expect(await json("patch", path, { token: comercial.token, body: { ownerId: 1 }, status: 403 })).toMatchObject({
      error: expect.stringContaining("Solo quien"),
    });
    clock = new Date(START.getTime() + 10 * 24 * HOUR);
    const edited = await json<LeadDetail>("patch", path, {
      token: await login(comercial.user.email),
      body: { nextAction: "Llamar el lunes", nextActionOn: "16/03/2026" },
      status: 200,
    });
    expect(edited).toMatchObject({ nextAction: "Llamar el lunes", nextActionOn: "2026-03-16", lastActivityAt: clock.toISOString() });
    const reassigned = await json<LeadDetail>("patch", path, { token: await boss(), body: { ownerId: null }, status: 200 });
    expect(reassigned.owner).toBeNull();
    expect(await auditRows("pipeline_lead.reassigned", row!.id)).toHaveLength(1);
    expect(await auditRows("pipeline_lead.updated", row!.id)).toHaveLength(1);
  });

  it("solo se reasigna a quien puede llevar oportunidades: la lista de comerciales y un 400 para cualquier otro", async () => {
    clock = START;
    const comercial = await adminWith({ "pipeline:read": true, "pipeline:write": true });
    const reader = await adminWith({ "pipeline:read": true });
    const { owners } = await json<{ owners: { id: number; name: string }[] }>("get", "/admin/pipeline/owners", { token: reader.token, status: 200 });
    const ids = owners.map((o) => o.id);
    expect(ids).toContain(comercial.user.id);
    expect(ids).toContain(1); // the superadmin
    expect(ids).not.toContain(reader.user.id);

    const [row] = await database.db.insert(pipelineLeads).values({ name: "Sin dueño" }).returning();
    const path = `/admin/pipeline/leads/${row!.id}`;
    const refused = await json("patch", path, { token: await boss(), body: { ownerId: reader.user.id }, status: 400 });
    expect(refused).toMatchObject({ fieldErrors: { ownerId: ["Elige un comercial de la lista"] } });
    await json("post", "/admin/pipeline/leads", { token: await boss(), body: { name: "Otra", phone: "611000111", ownerId: 999_999 }, status: 400 });
    const given = await json<LeadDetail>("patch", path, { token: await boss(), body: { ownerId: comercial.user.id }, status: 200 });
    expect(given.owner).toEqual({ id: comercial.user.id, name: comercial.user.username });
  });

  it("una oportunidad abierta sin actividad más días de los del ajuste está parada", async () => {
    clock = START;
    const [row] = await database.db
      .insert(pipelineLeads)
      .values({ name: unique("Parada"), lineCode: "alquiler", lastActivityAt: START })
      .returning();
    const stale = async () =>
      (await json<LeadBoard>("get", "/admin/pipeline/board?line=alquiler", { token: await boss(), status: 200 })).lanes[0]!.cards.find(
        (c) => c.id === row!.id,
      )!.stale;
    clock = new Date(START.getTime() + 7 * 24 * HOUR - HOUR);
    expect(await stale()).toBe(false);
    clock = new Date(START.getTime() + 7 * 24 * HOUR + HOUR);
    expect(await stale()).toBe(true);
  });
});

describe("ganada al contratar", () => {
  it("una compra web gana la oportunidad que tiene su cotización", async () => {
    clock = START;
    const v = await visitor();
    const quoteId = await quoteOf(v.token);
    await runStep(new Date(START.getTime() + 25 * HOUR));
    const [held] = await leadsOfQuote(quoteId);
    clock = new Date("2026-03-10T09:00:00Z");
    const policy = await json<{ id: number }>("post", `/quotes/${quoteId}/checkout`, { token: v.token, body: checkoutBody(nextNif()), status: 201 });
    expect(await lead(held!.leadId)).toMatchObject({ stage: "ganado", wonPolicy: { id: policy.id }, closedAt: clock.toISOString() });
    expect(await auditRows("pipeline_lead.won", held!.leadId)).toHaveLength(1);
  });

  it("una venta por teléfono gana la oportunidad abierta del mismo seguro con el teléfono del tomador", async () => {
    clock = new Date("2026-03-10T09:00:00Z");
    const token = await boss();
    const made = await json<{ id: number }>("post", "/admin/pipeline/leads", {
      token,
      body: { name: "Lucía por teléfono", phone: "600123456", line: "auto" },
      status: 201,
    });
    const staffQuote = (await json<{ id: string }>("post", "/admin/policies/quotes", { token, body: { line: "auto", inputs: AUTO }, status: 201 }))
      .id;
    const policy = await json<{ id: number }>("post", "/admin/policies", {
      token,
      body: { quoteId: staffQuote, ...checkoutBody(nextNif()) },
      status: 201,
    });
    const won = await lead(made.id);
    expect(won).toMatchObject({ stage: "ganado", wonPolicy: { id: policy.id } });
    expect(won.quotes.map((q) => q.id)).toContain(staffQuote);
    const rows = await database.db
      .select()
      .from(pipelineLeads)
      .where(and(eq(pipelineLeads.id, made.id), eq(pipelineLeads.stage, "ganado")));
    expect(rows).toHaveLength(1);
  });
});

describe("el panel: Mis oportunidades", () => {
  it("cuenta las abiertas de quien pregunta y lista sus próximas acciones de hoy o atrasadas", async () => {
    clock = START;
    const comercial = await adminWith({ "dashboard:read": true, "pipeline:read": true });
    await database.db.insert(pipelineLeads).values([
      { name: "Hoy", assignedAdminId: comercial.user.id, nextAction: "Llamar", nextActionOn: "2026-03-08" },
      { name: "Atrasada", assignedAdminId: comercial.user.id, nextAction: "Enviar cotización", nextActionOn: "2026-03-01" },
      { name: "Mañana", assignedAdminId: comercial.user.id, nextActionOn: "2026-03-09" },
      { name: "Ganada", stage: "ganado", assignedAdminId: comercial.user.id, nextActionOn: "2026-03-01" },
    ]);
    const panel = await json<{ myLeads: { open: number; due: { name: string }[] } }>("get", "/admin/dashboard", {
      token: comercial.token,
      status: 200,
    });
    expect(panel.myLeads.open).toBe(3);
    expect(panel.myLeads.due.map((d) => d.name)).toEqual(["Atrasada", "Hoy"]);
    const without = await adminWith({ "dashboard:read": true });
    expect((await json<{ myLeads: unknown }>("get", "/admin/dashboard", { token: without.token, status: 200 })).myLeads).toBeNull();
  });
});
