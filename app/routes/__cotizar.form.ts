// Temporary re-export: the helpers moved to ~/lib/quote-form. mis-cotizaciones.tsx still imports
// this path while another branch rewrites it; delete this file once that rewrite has landed.
export { lineOption } from "~/lib/quote-form";
