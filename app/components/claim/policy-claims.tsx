import { Link } from "@remix-run/react";
import type { MyClaim } from "../../../api/contract/claim-views";
import { CLAIM_EVENT_TYPE_INFO } from "../../../api/contract/claim-vocabulary";
import { formatDate } from "../../../api/contract/format";
import { ClaimStatusBadge } from "~/components/claim/claim-status-badge";
import { DetailSection } from "~/components/ui/detail";
import { claimPagePath } from "~/lib/claim-step-names";

/**
 * Mi póliza's «Siniestros» (issue 26): «Declarar un siniestro» — or «Continuar la declaración» when
 * a draft waits —, and the policy's claims with their status, each opening its page.
 */
export function PolicyClaims({
  policyId,
  claims,
  draft,
}: {
  policyId: number;
  claims: Pick<MyClaim, "id" | "number" | "eventType" | "status" | "occurredAt">[];
  draft: boolean;
}) {
  return (
    <DetailSection id="siniestros" title="Siniestros" className="mt-8">
      <p className="text-slate-700">
        Si ha tenido un accidente, un daño en su vivienda o un impago, declárelo aquí: le pediremos lo ocurrido paso a paso y le daremos un número de
        siniestro.
      </p>
      <p className="mt-3 flex flex-wrap gap-4">
        {draft ? (
          <Link to={`/mi-poliza/${policyId}/siniestro`} className="btn-primary">
            Continuar la declaración
          </Link>
        ) : (
          <Link to={`/mi-poliza/${policyId}/siniestro`} className="btn-primary">
            Declarar un siniestro
          </Link>
        )}
      </p>
      {claims.length ? (
        <ul className="mt-4 space-y-2">
          {claims.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Link to={claimPagePath(policyId, c.id)} className="font-semibold underline">
                {`Siniestro ${c.number}`}
              </Link>
              <span>{`${CLAIM_EVENT_TYPE_INFO[c.eventType].label}, ${formatDate(c.occurredAt)}`}</span>
              <ClaimStatusBadge status={c.status} />
            </li>
          ))}
        </ul>
      ) : null}
    </DetailSection>
  );
}
