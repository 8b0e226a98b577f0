// One card of a board: what a commercial needs without opening it, the handle that drags it (mouse,
// touch, keyboard) and its «Mover a» form, which works without JavaScript.
import { useDraggable } from "@dnd-kit/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { BoardCard } from "../../../api/contract/pipeline";
import { formatIsoDate, formatMoney } from "../../../api/contract/format";
import { LINE_LABELS } from "../../../api/contract/vocabulary";
import { ageText, isOverdue } from "./board-model";
import { Badge } from "~/components/ui/badge";
import { SubmitButton } from "~/components/ui/submit-button";
import { TARGET_FIELD } from "~/lib/form-intent";

export type Option = { value: string; label: string };

/** What a move asks besides the stage: a lost reason from a list (sales, for perdido) or a written reason (clients, always). */
export type MoveReason = { kind: "lostReason"; stage: string; options: readonly Option[] } | { kind: "reason" };

export const selectClass =
  "mt-1 block min-h-[44px] w-full rounded-md border-2 border-slate-600 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-700 focus:outline focus:outline-2 focus:outline-brand-700";

export type CardProps = {
  card: BoardCard;
  stage: string;
  stages: readonly Option[];
  href: string;
  reason: MoveReason;
  now: Date;
  today: string;
  /** Faded while it is being dragged (the overlay shows it under the pointer). */
  dragging?: boolean;
};

export function PipelineCard({ card, stage, stages, href, reason, now, today, dragging }: CardProps) {
  const hydrated = useHydrated();
  const { attributes, listeners, setNodeRef } = useDraggable({
    id: `card-${card.id}`,
    data: { cardId: card.id, name: card.name, stage },
    disabled: !card.canMove,
    attributes: { roleDescription: "tarjeta movible" },
  });
  const overdue = isOverdue(card.nextActionOn, today);
  const headingId = `tarjeta-${card.id}`;

  return (
    <article
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-card-id={card.id}
      className={`rounded-md border border-slate-300 bg-white p-3 shadow-sm ${dragging ? "opacity-40" : ""}`}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 break-words font-semibold">
          <Link to={href}>{card.name}</Link>
        </h3>
        {hydrated && card.canMove ? (
          <button
            type="button"
            {...attributes}
            {...listeners}
            aria-label={`Mover la tarjeta de ${card.name}`}
            className="-mr-1 -mt-1 inline-flex h-11 w-11 shrink-0 touch-none items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus:outline focus:outline-2 focus:outline-brand-700"
          >
            <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
              <circle cx="9" cy="6" r="1.6" />
              <circle cx="15" cy="6" r="1.6" />
              <circle cx="9" cy="12" r="1.6" />
              <circle cx="15" cy="12" r="1.6" />
              <circle cx="9" cy="18" r="1.6" />
              <circle cx="15" cy="18" r="1.6" />
            </svg>
          </button>
        ) : null}
      </div>
      <dl className="mt-2 space-y-1 text-sm text-slate-700">
        <div className="flex flex-wrap gap-x-2">
          <dt className="sr-only">Seguro</dt>
          <dd>{card.line ? LINE_LABELS[card.line] : "Sin seguro"}</dd>
          <dt className="sr-only">Prima</dt>
          <dd className="font-semibold text-slate-900">{card.premiumCents === null ? "Sin prima" : formatMoney(card.premiumCents)}</dd>
        </div>
        <div>
          <dt className="inline">Comercial: </dt>
          <dd className="inline">{card.owner?.name ?? "Sin asignar"}</dd>
        </div>
        {card.nextAction || card.nextActionOn ? (
          <div className={overdue ? "font-semibold text-red-800" : undefined}>
            <dt className="inline">{overdue ? "Próxima acción (vencida): " : "Próxima acción: "}</dt>
            <dd className="inline">{[card.nextAction, card.nextActionOn ? formatIsoDate(card.nextActionOn) : null].filter(Boolean).join(", ")}</dd>
          </div>
        ) : null}
        <div>
          <dt className="inline">En la etapa: </dt>
          <dd className="inline">{ageText(card.stageSince, now)}</dd>
        </div>
      </dl>
      {card.stale ? (
        <p className="mt-2">
          <Badge tone="warning">Sin actividad</Badge>
        </p>
      ) : null}
      {card.canMove ? <MoveForm card={card} stage={stage} stages={stages} reason={reason} /> : null}
    </article>
  );
}

/** «Mover a»: a select of the other stages and the reason the move needs; a plain POST, so it works without JavaScript. */
function MoveForm({ card, stage, stages, reason }: Pick<CardProps, "card" | "stage" | "stages" | "reason">) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get(TARGET_FIELD) === String(card.id);
  const others = stages.filter((s) => s.value !== stage);
  const [to, setTo] = useState(others[0]?.value ?? "");
  const id = `mover-${card.id}`;
  // Without JavaScript the lost reason is always there (it is only read for perdido); with it, only when perdido is chosen.
  const showLost = reason.kind === "lostReason" && (!hydrated || to === reason.stage);

  return (
    <details className="mt-2 text-sm">
      <summary className="inline-flex min-h-[44px] cursor-pointer items-center font-semibold text-brand-700">Mover a…</summary>
      <Form method="post" preventScrollReset className="mt-1 space-y-2" aria-label={`Mover la tarjeta de ${card.name}`}>
        <AuthenticityTokenInput />
        <input type="hidden" name={TARGET_FIELD} value={card.id} />
        <div>
          <label htmlFor={`${id}-etapa`} className="block font-semibold text-slate-900">
            Etapa
          </label>
          <select id={`${id}-etapa`} name="stage" className={selectClass} value={to} onChange={(event) => setTo(event.target.value)}>
            {others.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        {showLost && reason.kind === "lostReason" ? (
          <div>
            <label htmlFor={`${id}-motivo`} className="block font-semibold text-slate-900">
              {hydrated ? "Motivo" : "Motivo (solo para Perdido)"}
            </label>
            <select id={`${id}-motivo`} name="lostReason" className={selectClass} defaultValue="" required={hydrated}>
              <option value="">Elige un motivo</option>
              {reason.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {reason.kind === "reason" ? (
          <div>
            <label htmlFor={`${id}-motivo`} className="block font-semibold text-slate-900">
              Motivo
            </label>
            <input id={`${id}-motivo`} name="reason" required minLength={3} maxLength={500} autoComplete="off" className={selectClass} />
          </div>
        ) : null}
        <SubmitButton intent="move" variant="secondary" pendingText="Moviendo…" pending={pending}>
          Mover
        </SubmitButton>
      </Form>
    </details>
  );
}
