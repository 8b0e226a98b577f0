// The one logger of the process: JSON lines on stdout (stderr for warn/error), so any log
// collector can parse them. Lives in platform/, below server/, api/ and app/, which all import it
// downwards (the web only from *.server modules and entry.server, never in the browser bundle).
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof LEVELS;
export type LogFields = Record<string, unknown>;

function threshold(): number {
  const level = (process.env.LOG_LEVEL ?? "info") as LogLevel;
  return LEVELS[level] ?? LEVELS.info;
}

function write(level: Exclude<LogLevel, "silent">, msg: string, fields?: LogFields) {
  if (LEVELS[level] < threshold()) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === "warn" || level === "error") process.stderr.write(line + "\n");
  else process.stdout.write(line + "\n");
}

export const logger = {
  debug: (msg: string, fields?: LogFields) => write("debug", msg, fields),
  info: (msg: string, fields?: LogFields) => write("info", msg, fields),
  warn: (msg: string, fields?: LogFields) => write("warn", msg, fields),
  error: (msg: string, fields?: LogFields) => write("error", msg, fields),
};
export type Logger = typeof logger;

/** Error details for a log line: message and stack, never sent to a client; a database error without what it carried. */
export function errorFields(error: unknown): LogFields {
  if (!(error instanceof Error)) return { error: String(error) };
  const database = databaseErrorFields(error);
  if (database) return { ...database, stack: stackFrames(error.stack) };
  return { error: error.message, stack: error.stack };
}

/** An error's message for a log line; a database error's as errorFields says it. */
export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const database = databaseErrorFields(error);
  return database
    ? ["database error", database.code, database.statement, database.constraint, database.reason].filter(Boolean).join(" ")
    : error.message;
}

// ─── Database errors (no personal data or secrets in logs) ─────────────────────────
// Drizzle's message is "Failed query: <sql> params: <every bound value>" (password hashes, NIF,
// names, addresses were seen in the log), and the driver's own message may quote a value
// ('invalid input syntax for type uuid: "…"'). A database error is logged by what names it —
// SQLSTATE, statement, table, column, constraint — never by a message or a parameter.

type DatabaseCause = { code: string; table?: string; column?: string; constraint?: string };

function databaseCause(error: unknown): DatabaseCause | null {
  for (let at = error, depth = 0; at && typeof at === "object" && depth < 5; at = (at as { cause?: unknown }).cause, depth++) {
    const { code, severity } = at as { code?: unknown; severity?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) && typeof severity === "string") return at as DatabaseCause;
  }
  return null;
}

/** "insert into clients", "select from policies": the statement's kind and first table, no values. */
function statementName(sql: string): string {
  const kind = /^\s*(?:with\b[\s\S]*?\)\s*)?(select|insert|update|delete)\b/i.exec(sql)?.[1]?.toLowerCase() ?? "statement";
  // A table name, not a column inside a call ("extract(epoch from "at")").
  const name = /\b(?:from|into|update)\s+(?:"([a-z_]\w*)"|([a-z_]\w*))(?!["\w]|\s*\))/i.exec(sql);
  const table = name?.[1] ?? name?.[2];
  return table ? `${kind} ${table}` : kind;
}

function databaseErrorFields(
  error: Error,
): { error: string; code?: string; reason?: string; statement?: string; table?: string; column?: string; constraint?: string } | null {
  const query = (error as { query?: unknown }).query;
  const isQueryError = typeof query === "string" && "params" in error;
  const cause = databaseCause(error);
  if (!isQueryError && !cause) return null;
  // A query that never reached the server (connection refused, terminated): the network's words carry no values.
  const network = isQueryError && !cause && error.cause instanceof Error ? error.cause.message : undefined;
  return {
    error: "database error",
    code: cause?.code,
    reason: network,
    statement: isQueryError ? statementName(query) : undefined,
    table: cause?.table,
    column: cause?.column,
    constraint: cause?.constraint,
  };
}

/** A stack's "at …" lines only: its first line repeats the message. */
function stackFrames(stack: string | undefined): string | undefined {
  return stack
    ?.split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
}
