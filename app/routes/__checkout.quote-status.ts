// Temporary re-export: the quote status labels and tones come from api/contract/vocabulary.ts.
// mis-cotizaciones.tsx still imports this path while another branch rewrites it; delete this file
// once that rewrite has landed.
export { QUOTE_STATUS_LABELS, QUOTE_STATUS_TONES } from "../../api/contract/vocabulary";
