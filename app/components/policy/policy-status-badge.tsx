import { POLICY_STATUS_LABELS, type PolicyAnswer } from "../../../api/contract/policies";
import { Badge, type BadgeTone } from "~/components/ui/badge";

const STATUS_TONES: Record<PolicyAnswer["status"], BadgeTone> = {
  pendiente_pago: "warning",
  en_vigor: "success",
  suspendida: "danger",
  anulada: "neutral",
  vencida: "neutral",
};

export function PolicyStatusBadge({ status }: { status: PolicyAnswer["status"] }) {
  return <Badge tone={STATUS_TONES[status]}>{POLICY_STATUS_LABELS[status]}</Badge>;
}
