// What screen readers hear while a card is moved on a board (dnd-kit's live region and the
// instructions its handles point to), in Spanish (ADR 041 «Tablero»).
import type { Announcements } from "@dnd-kit/core";

export const INSTRUCTIONS =
  "Para coger la tarjeta, pulsa Espacio o Intro. Con la tarjeta cogida, usa las flechas izquierda y derecha para llevarla a otra columna, " +
  "Espacio o Intro para dejarla y Escape para cancelar.";

export type CardData = { name: string; stage: string } | undefined;

/** What screen readers hear while a card moves (dnd-kit's live region), in Spanish. */
export function spanishAnnouncements(labels: Record<string, string>, needsReason: (to: string) => boolean): Announcements {
  const name = (data: unknown) => (data as CardData)?.name ?? "la tarjeta";
  const label = (id: unknown) => labels[String(id)] ?? String(id);
  let lastOver: string | null = null;
  return {
    onDragStart: ({ active }) => {
      lastOver = (active.data.current as CardData)?.stage ?? null;
      return `Has cogido la tarjeta de ${name(active.data.current)}, en ${label(lastOver)}.`;
    },
    // Only a change of lane: the first "over" of a drag is its own lane, which would replace the pick-up message.
    onDragOver: ({ active, over }) => {
      const id = over ? String(over.id) : null;
      if (id === lastOver) return undefined;
      lastOver = id;
      return id ? `${name(active.data.current)} está sobre ${label(id)}.` : `${name(active.data.current)} no está sobre ninguna columna.`;
    },
    onDragEnd: ({ active, over }) => {
      const from = (active.data.current as CardData)?.stage;
      if (!over || over.id === from) return `${name(active.data.current)} se queda en ${label(from)}.`;
      if (needsReason(String(over.id))) return `Para mover a ${name(active.data.current)} a ${label(over.id)}, indica el motivo.`;
      return `${name(active.data.current)} se ha movido a ${label(over.id)}.`;
    },
    onDragCancel: ({ active }) => `Movimiento cancelado. ${name(active.data.current)} sigue en ${label((active.data.current as CardData)?.stage)}.`,
  };
}
