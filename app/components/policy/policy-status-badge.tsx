import { POLICY_STATUS_LABELS, POLICY_STATUS_TONES, type PolicyStatus } from "../../../api/contract/vocabulary";
import { Badge } from "~/components/ui/badge";

export function PolicyStatusBadge({ status }: { status: PolicyStatus }) {
  return <Badge tone={POLICY_STATUS_TONES[status]}>{POLICY_STATUS_LABELS[status]}</Badge>;
}
