// Amounts as banks write them: "120.00" (XML, CSV with a point) or "1.234,56" / "120,00" (Spanish CSV).
/** Cents of a positive amount, or null when it is not one. */
export function parseCents(text: string): number | null {
  const value = text.trim().replace(/\s*€$/, "");
  let normalized: string;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(value) || /^\d+,\d{1,2}$/.test(value)) normalized = value.replaceAll(".", "").replace(",", ".");
  else if (/^\d+(\.\d{1,2})?$/.test(value)) normalized = value;
  else return null;
  const [euros, decimals = ""] = normalized.split(".");
  const cents = Number(euros) * 100 + Number(decimals.padEnd(2, "0"));
  return Number.isSafeInteger(cents) && cents > 0 ? cents : null;
}
