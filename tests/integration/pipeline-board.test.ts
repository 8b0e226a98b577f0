// The sales board (GET /admin/pipeline/board, ADR 041): lanes with their counts and premium totals,
// the newest cards first, the filters, the stale flag and canMove for the reader.
import { describe, expect, it } from "vitest";
import type { LeadBoard } from "../../api/contract/pipeline";
import { pipelineLeads } from "../../api/db/schema";
import { adminWith, database, json, setUpAdminApi, superToken } from "../support/admin-api";

const clock = new Date("2026-11-20T10:00:00Z");
setUpAdminApi({ now: () => clock });

const DAY = 86_400_000;
const board = (token: string, query = "") => json<LeadBoard>("get", `/admin/pipeline/board${query}`, { token, status: 200 });
const lane = (b: LeadBoard, stage: string) => b.lanes.find((l) => l.stage === stage)!;

describe("el tablero del embudo comercial", () => {
  it("cuenta y suma por etapa, con las tarjetas más recientes primero, y dice quién puede mover cada una", async () => {
    const comercial = await adminWith({ "pipeline:read": true, "pipeline:write": true });
    const other = await adminWith({ "pipeline:read": true, "pipeline:write": true });
    const at = (days: number) => new Date(clock.getTime() - days * DAY);
    await database.db.insert(pipelineLeads).values([
      {
        name: "Ana Mía",
        stage: "nuevo",
        lineCode: "auto",
        estimatedPremiumCents: 30_000,
        assignedAdminId: comercial.user.id,
        stageChangedAt: at(1),
        lastActivityAt: at(1),
      },
      { name: "Berta Libre", stage: "nuevo", lineCode: "hogar", estimatedPremiumCents: 20_000, stageChangedAt: at(0.5), lastActivityAt: at(0.5) },
      { name: "Carlos Ajeno", stage: "nuevo", lineCode: "auto", assignedAdminId: other.user.id, stageChangedAt: at(3), lastActivityAt: at(30) },
      {
        name: "Dora Ganada",
        stage: "ganado",
        lineCode: "auto",
        estimatedPremiumCents: 50_000,
        assignedAdminId: comercial.user.id,
        stageChangedAt: at(2),
        lastActivityAt: at(30),
      },
    ]);

    const all = await board(comercial.token);
    expect(all.lanes.map((l) => l.stage)).toEqual(["nuevo", "contactado", "cotizado", "negociacion", "ganado", "perdido"]);
    expect(lane(all, "nuevo")).toMatchObject({ count: 3, premiumCents: 50_000 });
    expect(lane(all, "nuevo").cards.map((c) => [c.name, c.canMove, c.stale])).toEqual([
      ["Berta Libre", true, false],
      ["Ana Mía", true, false],
      ["Carlos Ajeno", false, true],
    ]);
    // A closed lead is reopened only with pipeline:write:any, and is never stale.
    expect(lane(all, "ganado").cards[0]).toMatchObject({ name: "Dora Ganada", canMove: false, stale: false, owner: { id: comercial.user.id } });
    expect((await board(superToken, "?stale=true")).lanes.flatMap((l) => l.cards.map((c) => c.name))).toEqual(["Carlos Ajeno"]);
    expect(lane(await board(superToken), "ganado").cards[0]!.canMove).toBe(true);

    const mine = await board(comercial.token, "?owner=me");
    expect(mine.lanes.flatMap((l) => l.cards.map((c) => c.name))).toEqual(["Ana Mía", "Dora Ganada"]);
    expect(lane(await board(comercial.token, "?line=hogar"), "nuevo").cards.map((c) => c.name)).toEqual(["Berta Libre"]);
    expect(lane(await board(comercial.token, "?minAgeDays=2"), "nuevo").cards.map((c) => c.name)).toEqual(["Carlos Ajeno"]);
  });

  it("rechaza filtros que no son de la lista con su mensaje, y sin pipeline:read responde 403", async () => {
    const answer = await json<{ fields: Record<string, string[]> }>("get", "/admin/pipeline/board?line=barco", { token: superToken, status: 400 });
    expect(JSON.stringify(answer)).toContain("Elige un seguro de la lista");
    const reader = await adminWith({ "clients:read": true });
    await json("get", "/admin/pipeline/board", { token: reader.token, status: 403 });
  });
});
