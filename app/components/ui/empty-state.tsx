import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** An empty list says so and offers the next step (one primary action, an optional hint). */
export function EmptyState({ message, hint, action }: { message: string; hint?: ReactNode; action: { to: string; label: string } }) {
  return (
    <div className="mt-6">
      <p className="text-lg text-slate-700">{message}</p>
      {hint ? <p className="mt-2 text-slate-700">{hint}</p> : null}
      <p className="mt-4">
        <Link to={action.to} className="btn-primary">
          {action.label}
        </Link>
      </p>
    </div>
  );
}
