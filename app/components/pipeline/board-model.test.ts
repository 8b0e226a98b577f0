import { describe, expect, it } from "vitest";
import type { BoardCard } from "../../../api/contract/pipeline";
import { ageText, applyMoves, filtersSearch, isOverdue, keyboardTarget, laneOf, type BoardLane } from "./board-model";

function card(id: number, premiumCents: number | null = 10_000): BoardCard {
  return {
    id,
    name: `Persona ${id}`,
    line: "auto",
    premiumCents,
    owner: null,
    nextAction: null,
    nextActionOn: null,
    stageSince: "2026-11-20T10:00:00.000Z",
    stale: false,
    canMove: true,
  };
}

const lanes: BoardLane[] = [
  { stage: "nuevo", count: 25, premiumCents: 50_000, cards: [card(1), card(2, null)] },
  { stage: "contactado", count: 1, premiumCents: 10_000, cards: [card(3)] },
  { stage: "perdido", count: 0, premiumCents: 0, cards: [] },
];

describe("applyMoves (el movimiento optimista)", () => {
  it("lleva la tarjeta a la cabeza de su nueva columna y ajusta cuentas y primas", () => {
    const moved = applyMoves(lanes, [{ cardId: 1, from: "nuevo", to: "contactado" }]);
    expect(moved[0]).toMatchObject({ count: 24, premiumCents: 40_000 });
    expect(moved[0]!.cards.map((c) => c.id)).toEqual([2]);
    expect(moved[1]).toMatchObject({ count: 2, premiumCents: 20_000 });
    expect(moved[1]!.cards.map((c) => c.id)).toEqual([1, 3]);
    expect(laneOf(moved, 1)).toBe("contactado");
  });

  it("no toca el tablero que recibe (al deshacerse, el del servidor vuelve tal cual)", () => {
    applyMoves(lanes, [{ cardId: 1, from: "nuevo", to: "perdido" }]);
    expect(laneOf(lanes, 1)).toBe("nuevo");
    expect(lanes[0]!.count).toBe(25);
  });

  it("una tarjeta sin prima no cambia los totales; una que ya no está en su columna no se cuenta dos veces", () => {
    const moved = applyMoves(lanes, [
      { cardId: 2, from: "nuevo", to: "perdido" },
      { cardId: 3, from: "nuevo", to: "perdido" },
    ]);
    expect(moved[0]).toMatchObject({ count: 24, premiumCents: 50_000 });
    expect(moved[1]).toMatchObject({ count: 1 });
    expect(moved[2]).toMatchObject({ count: 1, premiumCents: 0 });
  });
});

describe("keyboardTarget (← y → entre columnas)", () => {
  const rects = [
    { id: "contactado", left: 300, top: 100, width: 280, height: 600 },
    { id: "nuevo", left: 0, top: 100, width: 280, height: 600 },
    { id: "perdido", left: 600, top: 100, width: 280, height: 600 },
  ];
  const size = { width: 260, height: 120 };

  it("→ va a la columna siguiente en pantalla y ← a la anterior", () => {
    expect(keyboardTarget(rects, "nuevo", "ArrowRight", size)).toEqual({ x: 310, y: 148 });
    expect(keyboardTarget(rects, "perdido", "ArrowLeft", size)).toEqual({ x: 310, y: 148 });
  });

  it("no sale por los extremos y no atiende otras teclas", () => {
    expect(keyboardTarget(rects, "perdido", "ArrowRight", size)).toBeNull();
    expect(keyboardTarget(rects, "nuevo", "ArrowLeft", size)).toBeNull();
    expect(keyboardTarget(rects, "nuevo", "ArrowDown", size)).toBeNull();
  });
});

describe("la tarjeta", () => {
  const now = new Date("2026-11-23T09:00:00.000Z");
  it("dice su antigüedad en la etapa", () => {
    expect(ageText("2026-11-23T08:00:00.000Z", now)).toBe("hoy");
    expect(ageText("2026-11-22T08:00:00.000Z", now)).toBe("hace 1 día");
    expect(ageText("2026-11-20T08:00:00.000Z", now)).toBe("hace 3 días");
  });
  it("marca vencida la próxima acción de un día pasado, no la de hoy", () => {
    expect(isOverdue("2026-11-22", "2026-11-23")).toBe(true);
    expect(isOverdue("2026-11-23", "2026-11-23")).toBe(false);
    expect(isOverdue(null, "2026-11-23")).toBe(false);
  });
});

describe("filtersSearch", () => {
  it("lleva los filtros del tablero (y solo ellos) a otra página", () => {
    expect(filtersSearch("?owner=me&line=auto&sort=name&page=2", { stage: "nuevo" })).toBe("?owner=me&line=auto&stage=nuevo");
    expect(filtersSearch("")).toBe("");
  });
});
