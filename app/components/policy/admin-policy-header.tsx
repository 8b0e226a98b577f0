import { NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import type { AdminPolicy } from "../../../api/contract/admin-policies";
import { BackLink } from "~/components/ui/back-link";
import { PolicyNumber } from "~/components/policy/policy-number";
import { PolicyStatusBadge } from "./policy-status-badge";

export const ADMIN_POLICIES_PATH = "/admin/policies";
export const adminPolicyPath = (id: number) => `${ADMIN_POLICIES_PATH}/${id}`;
export const adminPolicyPaymentsPath = (id: number) => `${adminPolicyPath(id)}/payments`;
export const adminClientPath = (id: number) => `/admin/clients/${id}`;

/**
 * The top of every page of one policy in the back office: the way back to the list, the number
 * and status, what it is and whose, the actions the page offers (`children`), and the tabs
 * between its summary and its recibos.
 */
export function AdminPolicyHeader({
  data,
  payments = true,
  children,
}: {
  data: Pick<AdminPolicy, "policy" | "clientId">;
  /** Whether the recibos tab is offered (payments:read). */
  payments?: boolean;
  children?: ReactNode;
}) {
  const { policy } = data;
  return (
    <div className="space-y-4">
      <BackLink to={ADMIN_POLICIES_PATH}>Pólizas</BackLink>
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight">
            Póliza <PolicyNumber number={policy.number} />
          </h1>
          <PolicyStatusBadge status={policy.status} />
        </div>
        {/* prettier-ignore */}
        <p className="text-slate-700">
          {policy.lineName} · plan {policy.plan.name} · Tomador: <a href={adminClientPath(data.clientId)} className="underline">
            {policy.policyholder.name}
          </a>
          {policy.policyholder.nif ? ` (${policy.policyholder.nif})` : null}
        </p>
        {children}
      </header>
      <nav aria-label="Secciones de la póliza" className="border-b border-slate-300">
        <ul className="-mb-px flex flex-wrap gap-1">
          <Tab to={adminPolicyPath(policy.id)}>Resumen</Tab>
          {payments ? <Tab to={adminPolicyPaymentsPath(policy.id)}>Recibos y cobros</Tab> : null}
        </ul>
      </nav>
    </div>
  );
}

function Tab({ to, children }: { to: string; children: string }) {
  return (
    <li>
      <NavLink
        to={to}
        end
        className={({ isActive }) =>
          [
            "inline-flex min-h-[44px] items-center border-b-4 px-3 font-medium no-underline hover:no-underline",
            isActive ? "border-brand-700 font-semibold text-brand-800" : "border-transparent text-slate-800 hover:border-slate-300",
          ].join(" ")
        }
      >
        {children}
      </NavLink>
    </li>
  );
}
