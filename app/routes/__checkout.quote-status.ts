// Temporary re-export: the quote status labels moved to ~/lib/quote-status. mis-cotizaciones.tsx
// still imports this path while another branch rewrites it; delete this file once that has landed.
export { QUOTE_STATUS_LABELS, QUOTE_STATUS_TONES } from "~/lib/quote-status";
