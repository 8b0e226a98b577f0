import { CLAIM_STATUS_LABELS, CLAIM_STATUS_TONES, type ClaimStatus } from "../../../api/contract/claim-vocabulary";
import { Badge } from "~/components/ui/badge";

/** A claim's status as the vocabulary names and colours it. */
export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  return <Badge tone={CLAIM_STATUS_TONES[status]}>{CLAIM_STATUS_LABELS[status]}</Badge>;
}
