// The question a dropped card asks before it is sent when the move needs a reason (a lead to
// perdido, any client): a native modal <dialog> (focus inside, Escape cancels), JavaScript only —
// without it, the card's «Mover a» form has the same field.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { selectClass, type MoveReason } from "./board-card";

export type ReasonRequest = { cardId: number; name: string; from: string; to: string; toLabel: string };

export function MoveReasonDialog({
  request,
  reason,
  onSend,
  onCancel,
}: {
  request: ReasonRequest | null;
  reason: MoveReason;
  onSend: (request: ReasonRequest, fields: Record<string, string>) => void;
  onCancel: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const fieldRef = useRef<HTMLSelectElement & HTMLInputElement>(null);
  const titleId = useId();
  const fieldId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (request && !dialog.open) {
      setError(null);
      dialog.showModal();
      fieldRef.current?.focus();
    }
    if (!request && dialog.open) dialog.close();
  }, [request]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!request) return;
    const value = new FormData(event.currentTarget).get("value");
    const text = typeof value === "string" ? value.trim() : "";
    if (reason.kind === "reason" && text.length < 3) return setError("Escribe por qué lo mueves (3 caracteres o más)");
    if (reason.kind === "lostReason" && !text) return setError("Elige por qué se ha perdido");
    onSend(request, { [reason.kind]: text });
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      className="w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-slate-300 p-6 shadow-xl backdrop:bg-slate-900/50"
      onClose={onCancel}
    >
      {request ? (
        <form onSubmit={submit} noValidate>
          <h2 id={titleId} className="text-xl font-bold">
            {`¿Por qué mueves a ${request.name} a ${request.toLabel}?`}
          </h2>
          <label htmlFor={fieldId} className="mt-4 block font-semibold text-slate-900">
            Motivo
          </label>
          {error ? (
            <p id={errorId} className="mt-1 font-semibold text-red-700">
              <span className="sr-only">Error: </span>
              {error}
            </p>
          ) : null}
          {reason.kind === "lostReason" ? (
            <select
              id={fieldId}
              ref={fieldRef}
              name="value"
              defaultValue=""
              className={selectClass}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            >
              <option value="">Elige un motivo</option>
              {reason.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={fieldId}
              ref={fieldRef}
              name="value"
              maxLength={500}
              autoComplete="off"
              className={selectClass}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          )}
          <div className="mt-6 flex flex-wrap gap-3">
            <button type="submit" className="btn-primary">
              Mover
            </button>
            <button type="button" className="btn-secondary" onClick={onCancel}>
              Cancelar
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
