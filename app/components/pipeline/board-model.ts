// The pure half of the board (ADR 041 «Tablero»): the optimistic move, the lane the keyboard goes
// to, the card's age in words and the link to the list with the board's filters. No React here,
// so each rule is unit-tested on its own (board-model.test.ts).
import type { BoardCard } from "../../../api/contract/pipeline";

export type BoardLane = { stage: string; count: number; premiumCents: number; cards: BoardCard[] };

/** A move on its way to the server: the card, where it was, where it goes. */
export type PendingMove = { cardId: number; from: string; to: string };

/**
 * The board as it will be once `moves` are accepted: each card leaves its lane and opens the
 * target's, counts and premium totals follow. A move whose card is not on the board (already
 * moved by the server's answer) changes nothing, so a late answer never counts a card twice.
 */
export function applyMoves(lanes: readonly BoardLane[], moves: readonly PendingMove[]): BoardLane[] {
  let result = lanes.map((lane) => ({ ...lane, cards: [...lane.cards] }));
  for (const move of moves) {
    if (move.from === move.to) continue;
    const from = result.find((lane) => lane.stage === move.from);
    const to = result.find((lane) => lane.stage === move.to);
    const card = from?.cards.find((c) => c.id === move.cardId);
    if (!from || !to || !card) continue;
    const premium = card.premiumCents ?? 0;
    result = result.map((lane) => {
      if (lane === from)
        return {
          ...lane,
          count: Math.max(0, lane.count - 1),
          premiumCents: lane.premiumCents - premium,
          cards: lane.cards.filter((c) => c !== card),
        };
      if (lane === to) return { ...lane, count: lane.count + 1, premiumCents: lane.premiumCents + premium, cards: [card, ...lane.cards] };
      return lane;
    });
  }
  return result;
}

/** The lane a card is in (on the board as drawn). */
export function laneOf(lanes: readonly BoardLane[], cardId: number): string | null {
  return lanes.find((lane) => lane.cards.some((c) => c.id === cardId))?.stage ?? null;
}

/** A lane's box on the screen, as dnd-kit measures droppables. */
export type LaneRect = { id: string; left: number; top: number; width: number; height: number };

/**
 * Where the keyboard takes a picked-up card: ←/→ go to the previous/next lane (in screen order;
 * nothing past the ends), the point returned is the top of that lane with the card's own offset,
 * so dnd-kit's collision finds that lane. `current` is the lane it is over (or came from).
 */
export function keyboardTarget(
  rects: readonly LaneRect[],
  current: string | null,
  key: string,
  card: { width: number; height: number },
): { x: number; y: number } | null {
  const step = key === "ArrowRight" ? 1 : key === "ArrowLeft" ? -1 : 0;
  if (step === 0) return null;
  const ordered = [...rects].sort((a, b) => a.left - b.left);
  const index = ordered.findIndex((r) => r.id === current);
  const next = ordered[index === -1 ? 0 : index + step];
  if (!next) return null;
  // The card's top-left corner inside the lane, centred across it: its collision rect lies wholly in that lane.
  return { x: next.left + Math.max(0, (next.width - card.width) / 2), y: next.top + Math.min(48, Math.max(0, next.height - card.height)) };
}

const DAY_MS = 86_400_000;

/** How long a card has been in its stage, as the back office says it: «hoy», «hace 1 día», «hace 3 días». */
export function ageText(stageSince: string, now: Date): string {
  const days = Math.floor((now.getTime() - new Date(stageSince).getTime()) / DAY_MS);
  if (days <= 0) return "hoy";
  return days === 1 ? "hace 1 día" : `hace ${days} días`;
}

/** Whether a next action's day (aaaa-mm-dd) is before `today` (aaaa-mm-dd, Spain's calendar day). */
export function isOverdue(nextActionOn: string | null, today: string): boolean {
  return nextActionOn !== null && nextActionOn < today;
}

/** The board's filters as they are in its URL, carried to another page (the list, a lane's «Ver las N»). */
export const BOARD_FILTER_NAMES = ["owner", "line", "minAgeDays", "stale"] as const;

export function filtersSearch(search: string, extra: Record<string, string> = {}): string {
  const from = new URLSearchParams(search);
  const params = new URLSearchParams();
  for (const name of BOARD_FILTER_NAMES) {
    const value = from.get(name);
    if (value) params.set(name, value);
  }
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}
