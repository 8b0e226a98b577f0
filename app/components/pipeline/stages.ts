// The sales board's lane tones (the client stages have theirs in the vocabulary).
import type { LeadStage, StatusTone } from "../../../api/contract/vocabulary";

export const LEAD_STAGE_TONES: Record<LeadStage, StatusTone> = {
  nuevo: "info",
  contactado: "info",
  cotizado: "info",
  negociacion: "warning",
  ganado: "success",
  perdido: "neutral",
};
