import type { QuoteStatusCode } from "../../api/contract/quotes";
import type { BadgeTone } from "~/components/ui/badge";

/** How a quote's status reads on /mis-cotizaciones and /cotizacion/{id}. */
export const QUOTE_STATUS_LABELS: Record<QuoteStatusCode, string> = {
  cotizada: "Vigente",
  contratada: "Contratada",
  caducada: "Caducada",
  descartada: "Descartada",
};

export const QUOTE_STATUS_TONES: Record<QuoteStatusCode, BadgeTone> = {
  cotizada: "success",
  contratada: "info",
  caducada: "warning",
  descartada: "neutral",
};
