/**
 * A redirect target that stays on this site, or `fallback`.
 *
 * Accepted: a path that starts with exactly one "/" ("/", "/cotizar?linea=auto#x").
 * Refused (→ fallback): anything that is not a string, empty strings, protocol-relative URLs
 * ("//evil.example"), the backslash trick ("/\\evil.example", which browsers read as "//"),
 * absolute URLs with a scheme ("https://…", "javascript:…"), and control characters or
 * whitespace that browsers strip before resolving ("/\t/evil.example" becomes "//evil.example").
 *
 * Shared by server and browser code: no Node APIs here.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  if (value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith("/")) return fallback;
  if (value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // Control characters (incl. tab, CR, LF), spaces and backslashes anywhere are refused:
  // browsers drop or rewrite them, which can turn a path into a host.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f\\]/.test(value)) return fallback;
  // Last line of defence: resolved against a dummy origin, the target must keep that origin.
  try {
    const base = "http://cotiza.invalid";
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
  } catch {
    return fallback;
  }
  return value;
}

/** The `redirectTo` of the URL when it is a same-site path, else "" (then "/" after signing in). */
export function redirectToParam(url: URL): string {
  const value = url.searchParams.get("redirectTo");
  return value && safeRedirectPath(value, "") !== "" ? value : "";
}
