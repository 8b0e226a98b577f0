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

/** Error details for a log line: message and stack, never sent to a client. */
export function errorFields(error: unknown): LogFields {
  return error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) };
}
