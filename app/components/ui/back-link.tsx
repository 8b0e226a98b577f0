import { Link } from "@remix-run/react";

/** "← Roles": the way back from a detail or form page to its list, above the page's title. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <p>
      <Link to={to}>
        <span aria-hidden="true">← </span>
        {children}
      </Link>
    </p>
  );
}
