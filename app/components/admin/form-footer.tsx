import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { SubmitButton } from "~/components/ui/submit-button";

/**
 * The end of a back-office form: its submit button (with the page's `intent` when the page has
 * several forms) and, when there is somewhere to go back to, a "Cancelar" link.
 */
export function FormFooter({
  children = "Guardar cambios",
  pendingText = "Guardando…",
  intent,
  cancelTo,
}: {
  children?: ReactNode;
  pendingText?: string;
  intent?: string;
  cancelTo?: string;
}) {
  return (
    <div className="mt-8 flex flex-wrap items-center gap-3">
      <SubmitButton intent={intent} pendingText={pendingText}>
        {children}
      </SubmitButton>
      {cancelTo ? (
        <Link to={cancelTo} className="btn-secondary">
          Cancelar
        </Link>
      ) : null}
    </div>
  );
}
