// Whether an error means "the database cannot be reached right now" (restarted, backend
// terminated, connection refused or cut) rather than a bug: the API answers those with 503 and
// Retry-After, and the pool reconnects by itself once the server is back.

/** SQLSTATE classes and codes of a lost or refused connection (PostgreSQL appendix A). */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const CONNECTION_SQLSTATE_CLASS = "08";
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "ECONNABORTED"]);
const MESSAGES = [
  /connection terminated/i,
  /not currently accepting connections/i,
  /timeout exceeded when trying to connect/i,
  /not queryable/i,
  /connection (?:is )?closed/i,
  /terminating connection due to administrator command/i,
];

export const DATABASE_UNAVAILABLE_MESSAGE = "El servicio no está disponible en este momento. Inténtelo de nuevo en unos segundos.";
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps a driver's error as `cause`; follow the chain a few links.
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (
      typeof code === "string" &&
      (UNAVAILABLE_SQLSTATES.has(code) || (code.startsWith(CONNECTION_SQLSTATE_CLASS) && code.length === 5) || NETWORK_CODES.has(code))
    )
      return true;
    if (typeof message === "string" && MESSAGES.some((pattern) => pattern.test(message))) return true;
    current = cause;
  }
  return false;
}
