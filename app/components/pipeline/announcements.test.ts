import type { Active, Over } from "@dnd-kit/core";
import { describe, expect, it } from "vitest";
import { spanishAnnouncements } from "./announcements";

const labels = { nuevo: "Nuevo", contactado: "Contactado", perdido: "Perdido" };
const say = spanishAnnouncements(labels, (to) => to === "perdido");
const active = { id: "card-1", data: { current: { cardId: 1, name: "Ana Pérez", stage: "nuevo" } } } as unknown as Active;
const over = (id: string) => ({ id, data: { current: {} } }) as unknown as Over;

describe("los anuncios del tablero, en español", () => {
  it("dicen qué tarjeta se coge, sobre qué columna está y adónde se ha movido", () => {
    expect(say.onDragStart({ active })).toBe("Has cogido la tarjeta de Ana Pérez, en Nuevo.");
    // Its own lane, right after picking it up, says nothing: the pick-up message stays.
    expect(say.onDragOver({ active, over: over("nuevo") })).toBeUndefined();
    expect(say.onDragOver({ active, over: over("contactado") })).toBe("Ana Pérez está sobre Contactado.");
    expect(say.onDragOver({ active, over: over("nuevo") })).toBe("Ana Pérez está sobre Nuevo.");
    expect(say.onDragEnd({ active, over: over("contactado") })).toBe("Ana Pérez se ha movido a Contactado.");
    expect(say.onDragCancel({ active, over: null })).toBe("Movimiento cancelado. Ana Pérez sigue en Nuevo.");
  });

  it("dejarla en su columna no es un movimiento; perdido pide antes el motivo", () => {
    expect(say.onDragEnd({ active, over: over("nuevo") })).toBe("Ana Pérez se queda en Nuevo.");
    expect(say.onDragEnd({ active, over: null })).toBe("Ana Pérez se queda en Nuevo.");
    expect(say.onDragEnd({ active, over: over("perdido") })).toBe("Para mover a Ana Pérez a Perdido, indica el motivo.");
  });
});
