// The one board of both pipelines (ADR 041 «Tablero»): lanes side by side that scroll sideways on
// their own, each with its count, premium total and first cards. A card moves three ways, all
// through the page's action (intent=move): its «Mover a» form (no JavaScript), a drag with the
// mouse or a finger, or the keyboard (Space/Enter picks it up, ←/→ changes lane, Space/Enter
// drops, Escape cancels), announced in Spanish. With JavaScript the move is optimistic: the card
// shows in its new lane while the fetcher is on its way; when the server refuses, the board read
// again puts it back and the toast says why. dnd-kit is imported here only (board pages' chunk).
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from "@dnd-kit/core";
import { Link, useFetchers, useFormAction, useLocation, useSubmit } from "@remix-run/react";
import { useMemo, useState } from "react";
import { useAuthenticityToken } from "remix-utils/csrf/react";
import { formatCount, formatMoney } from "../../../api/contract/format";
import type { Board, BoardCard } from "../../../api/contract/pipeline";
import { PipelineCard, type MoveReason, type Option } from "./board-card";
import { applyMoves, filtersSearch, keyboardTarget, laneOf, type BoardLane, type PendingMove } from "./board-model";
import { INSTRUCTIONS, spanishAnnouncements, type CardData } from "./announcements";
import { MoveReasonDialog, type ReasonRequest } from "./move-dialog";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { INTENT_FIELD, TARGET_FIELD } from "~/lib/form-intent";

export type PipelineBoardProps = {
  board: Board;
  /** The stages in order, with their labels and tones. */
  stages: readonly (Option & { tone: BadgeTone })[];
  cardHref: (card: BoardCard) => string;
  /** The list view of the same board («Ver las N en la lista»). */
  listPath: string;
  reason: MoveReason;
  /** The server's clock and Spain's calendar day, so that ages and overdue days match the first render. */
  now: string;
  today: string;
  /** «No hay oportunidades con estos filtros». */
  emptyText: string;
};

const CSRF_FIELD = "csrf";
const MOVE_KEY = "mover-tarjeta-";

/** The moves on their way (their fetchers submitting or reloading the board after): the optimistic board. */
function usePendingMoves(lanes: readonly BoardLane[]): PendingMove[] {
  const fetchers = useFetchers();
  return fetchers.flatMap((fetcher) => {
    const data = fetcher.formData;
    if (!fetcher.key.startsWith(MOVE_KEY) || fetcher.state === "idle" || !data || data.get(INTENT_FIELD) !== "move") return [];
    const cardId = Number(data.get(TARGET_FIELD));
    const from = laneOf(lanes, cardId);
    return from ? [{ cardId, from, to: String(data.get("stage")) }] : [];
  });
}

export function PipelineBoard({ board, stages, cardHref, listPath, reason, now, today, emptyText }: PipelineBoardProps) {
  const { search } = useLocation();
  const submit = useSubmit();
  const action = useFormAction();
  const csrf = useAuthenticityToken();
  const serverLanes = board.lanes as BoardLane[];
  const pending = usePendingMoves(serverLanes);
  const lanes = useMemo(() => applyMoves(serverLanes, pending), [serverLanes, pending]);
  const [active, setActive] = useState<{ card: BoardCard; stage: string } | null>(null);
  const [asking, setAsking] = useState<ReasonRequest | null>(null);
  const labels = useMemo(() => Object.fromEntries(stages.map((s) => [s.value, s.label])), [stages]);
  const clock = useMemo(() => new Date(now), [now]);

  const sensors = useSensors(
    // A few pixels before a drag starts: a click on the handle or the card's link stays a click.
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: laneCoordinates }),
  );

  function send(cardId: number, to: string, fields: Record<string, string> = {}) {
    const formData = new FormData();
    formData.set(CSRF_FIELD, csrf);
    formData.set(INTENT_FIELD, "move");
    formData.set(TARGET_FIELD, String(cardId));
    formData.set("stage", to);
    for (const [name, value] of Object.entries(fields)) formData.set(name, value);
    submit(formData, { method: "post", action, navigate: false, fetcherKey: `${MOVE_KEY}${cardId}`, preventScrollReset: true });
  }

  function needsReason(to: string): boolean {
    return reason.kind === "reason" || to === reason.stage;
  }

  function onDragEnd({ active: dragged, over }: DragEndEvent) {
    setActive(null);
    const data = dragged.data.current as { cardId: number; name: string; stage: string } | undefined;
    if (!data || !over || over.id === data.stage) return;
    const to = String(over.id);
    if (needsReason(to)) setAsking({ cardId: data.cardId, name: data.name, from: data.stage, to, toLabel: labels[to] ?? to });
    else send(data.cardId, to);
  }

  function closeDialog(cardId: number | undefined) {
    setAsking(null);
    // Back to the card's handle (the card may have left: then the board keeps the focus where it was).
    if (cardId !== undefined) document.querySelector<HTMLElement>(`[data-card-id="${cardId}"] [aria-roledescription]`)?.focus();
  }

  const announcements = useMemo(() => spanishAnnouncements(labels, needsReason), [labels, reason]); // eslint-disable-line react-hooks/exhaustive-deps
  const empty = lanes.every((lane) => lane.count === 0);

  return (
    <section aria-label="Tablero" className="space-y-3">
      {empty ? <p className="rounded-md border border-slate-200 bg-slate-50 p-4">{emptyText}</p> : null}
      <DndContext
        id="tablero"
        sensors={sensors}
        accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
        onDragStart={({ active: dragged }: DragStartEvent) => {
          const data = dragged.data.current as { cardId: number; stage: string };
          const card = lanes.find((l) => l.stage === data.stage)?.cards.find((c) => c.id === data.cardId);
          setActive(card ? { card, stage: data.stage } : null);
        }}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActive(null)}
      >
        {/* The lanes scroll sideways here, never the page (390 px wide). */}
        <ScrollRegion label="Columnas del tablero" className="-mx-1 px-1 pb-3">
          <ol className="flex min-w-max gap-3">
            {lanes.map((lane) => {
              const stage = stages.find((s) => s.value === lane.stage);
              return (
                <Lane
                  key={lane.stage}
                  lane={lane}
                  label={stage?.label ?? lane.stage}
                  tone={stage?.tone ?? "neutral"}
                  listHref={`${listPath}${filtersSearch(search, { stage: lane.stage })}`}
                >
                  {lane.cards.map((card) => (
                    <li key={card.id}>
                      <PipelineCard
                        card={card}
                        stage={lane.stage}
                        stages={stages}
                        href={cardHref(card)}
                        reason={reason}
                        now={clock}
                        today={today}
                        dragging={active?.card.id === card.id}
                      />
                    </li>
                  ))}
                </Lane>
              );
            })}
          </ol>
        </ScrollRegion>
        <DragOverlay>
          {active ? (
            <div className="w-64 rotate-1 rounded-md border-2 border-brand-700 bg-white p-3 shadow-xl">
              <p className="font-semibold">{active.card.name}</p>
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
      <MoveReasonDialog
        request={asking}
        reason={reason}
        onCancel={() => closeDialog(asking?.cardId)}
        onSend={(request, fields) => {
          send(request.cardId, request.to, fields);
          closeDialog(request.cardId);
        }}
      />
    </section>
  );
}

function Lane({
  lane,
  label,
  tone,
  listHref,
  children,
}: {
  lane: BoardLane;
  label: string;
  tone: BadgeTone;
  listHref: string;
  children: React.ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: lane.stage, data: { label } });
  const headingId = `columna-${lane.stage}`;
  const hidden = lane.count - lane.cards.length;
  return (
    <li
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-stage={lane.stage}
      className={`flex w-72 shrink-0 flex-col rounded-lg border p-3 ${isOver ? "border-brand-700 bg-brand-50" : "border-slate-200 bg-slate-50"}`}
    >
      <h2 id={headingId} className="flex flex-wrap items-center gap-2 text-lg font-bold">
        <Badge tone={tone}>{label}</Badge>
        {/* Said, and shown by a text browser, between the stage and its count. */}
        <span className="sr-only">: </span>
        <span className="text-base font-semibold" data-lane-count>
          {formatCount(lane.count)}
        </span>
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        <span className="sr-only">Prima total: </span>
        {formatMoney(lane.premiumCents)}
      </p>
      <ol className="mt-3 flex min-h-[6rem] flex-col gap-2" aria-label={`Tarjetas en ${label}`}>
        {children}
      </ol>
      {hidden > 0 ? (
        <Link to={listHref} className="mt-3 text-sm font-semibold">
          {`Ver las ${formatCount(lane.count)} en la lista`}
        </Link>
      ) : null}
    </li>
  );
}

/** ←/→ take the picked-up card to the previous/next lane (board-model's keyboardTarget); other keys do nothing. */
const laneCoordinates: KeyboardCoordinateGetter = (event, { active, context }) => {
  if (event.code !== "ArrowRight" && event.code !== "ArrowLeft") return undefined;
  event.preventDefault();
  const rects = [...context.droppableRects.entries()].map(([id, rect]) => ({
    id: String(id),
    left: rect.left,
    top: rect.top,
    width: rect.width,
    height: rect.height,
  }));
  const current = context.over?.id ?? (context.active?.data.current as CardData)?.stage ?? null;
  const size = context.collisionRect ?? { width: 0, height: 0 };
  void active;
  return keyboardTarget(rects, current === null ? null : String(current), event.code, size) ?? undefined;
};
