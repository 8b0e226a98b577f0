import { RECIBO_STATUS_LABELS, RECIBO_STATUS_TONES, type ReciboStatus } from "../../../api/contract/vocabulary";
import { Badge } from "~/components/ui/badge";

export function ReciboStatusBadge({ status }: { status: ReciboStatus }) {
  return <Badge tone={RECIBO_STATUS_TONES[status]}>{RECIBO_STATUS_LABELS[status]}</Badge>;
}
