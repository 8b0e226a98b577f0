import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { parseTrustProxy } from "./client-address";
import { parseRateLimits } from "../api/limits";
import type { S3StoreConfig } from "../api/services/document-store/s3";

// Configuration comes from environment variables, validated once here. An empty variable
// counts as unset, so `FOO= npm start` behaves like not setting FOO.
const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const postgresUrl = z
  .string()
  .url()
  .refine((url) => /^postgres(ql)?:\/\//.test(url), "debe empezar por postgres:// o postgresql://");

const DOCUMENTS_S3_KEYS = [
  "DOCUMENTS_S3_ENDPOINT",
  "DOCUMENTS_S3_BUCKET",
  "DOCUMENTS_S3_REGION",
  "DOCUMENTS_S3_ACCESS_KEY_ID",
  "DOCUMENTS_S3_SECRET_ACCESS_KEY",
] as const;

const EnvSchema = z
  .object({
    NODE_ENV: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["development", "production", "test"]).default("development")),
    PORT: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: optional(z.string()),
    DATA_DIR: z.preprocess((v) => (v === "" ? undefined : v), z.string().default("./data")),
    DATABASE_URL: optional(postgresUrl),
    API_BASE_URL: optional(
      z
        .string()
        .url()
        .refine((url) => /^https?:\/\//.test(url), "debe ser una URL http(s)"),
    ),
    SESSION_SECRET: optional(z.string().min(32, "debe tener al menos 32 caracteres (lista separada por comas para rotar)")),
    JWT_SECRET: optional(z.string().min(32, "debe tener al menos 32 caracteres")),
    ADMIN_EMAIL: optional(z.string().email("debe ser un correo electrónico válido")),
    ADMIN_PASSWORD: optional(z.string().min(12, "debe tener al menos 12 caracteres")),
    SMTP_URL: optional(
      z
        .string()
        .url()
        .refine((url) => /^smtps?:\/\//.test(url), "debe empezar por smtp:// o smtps://"),
    ),
    PUBLIC_BASE_URL: optional(
      z
        .string()
        .url()
        .refine((url) => /^https?:\/\//.test(url), "debe ser una URL http(s)"),
    ),
    /** PostgreSQL: how long to keep trying to reach the server at start-up before giving up. */
    DB_CONNECT_TIMEOUT_SECONDS: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(600).default(30)),
    CATALOGUE_CACHE_SECONDS: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(3600).default(30)),
    /** Minutes between checks of the daily policy run (0: never in this instance). */
    LIFECYCLE_INTERVAL_MINUTES: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(1440).default(15)),
    /** Proxies in front of the app whose X-Forwarded-For is believed: a hop count or addresses/networks (server/client-address.ts). */
    TRUST_PROXY: optional(
      z.string().superRefine((value, ctx) => {
        try {
          parseTrustProxy(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: error instanceof Error ? error.message : String(error) });
        }
      }),
    ),
    /** Per-address limits that differ from the defaults: "register=10/3600,anonymousQuote=60/600" (api/limits.ts). */
    RATE_LIMITS: optional(
      z.string().superRefine((value, ctx) => {
        try {
          parseRateLimits(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: error instanceof Error ? error.message : String(error) });
        }
      }),
    ),
    /** Demo customers, quotes and policies on a first start: "1" always, "0" never; unset, only on the embedded database outside production. */
    DEMO_DATA: optional(z.enum(["0", "1"], { message: "debe ser 0 o 1" })),
    // The document store in an S3-compatible bucket (ADR 037): all five or none; none keeps DATA_DIR/documents.
    DOCUMENTS_S3_ENDPOINT: optional(
      z
        .string()
        .url("debe ser una URL http(s)")
        .refine((url) => /^https?:\/\//.test(url), "debe ser una URL http(s)"),
    ),
    DOCUMENTS_S3_BUCKET: optional(
      z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "debe ser un nombre de bucket válido (3 a 63 minúsculas, cifras, puntos o guiones)"),
    ),
    DOCUMENTS_S3_REGION: optional(z.string().regex(/^[a-z0-9-]{2,32}$/, "debe ser una región como eu-west-1 o us-east-1")),
    DOCUMENTS_S3_ACCESS_KEY_ID: optional(z.string().min(3, "debe tener al menos 3 caracteres")),
    DOCUMENTS_S3_SECRET_ACCESS_KEY: optional(z.string().min(8, "debe tener al menos 8 caracteres")),
    LOG_LEVEL: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["debug", "info", "warn", "error", "silent"]).default("info")),
  })
  .superRefine((env, ctx) => {
    const given = DOCUMENTS_S3_KEYS.filter((key) => env[key] !== undefined);
    if (given.length > 0 && given.length < DOCUMENTS_S3_KEYS.length) {
      for (const key of DOCUMENTS_S3_KEYS.filter((k) => env[k] === undefined)) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `falta: el almacén S3 de documentos necesita las cinco variables (se han dado ${given.join(", ")})`,
        });
      }
    }
    if (env.NODE_ENV !== "production") return;
    for (const key of ["SESSION_SECRET", "JWT_SECRET"] as const) {
      if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "es obligatoria cuando NODE_ENV=production" });
    }
  });

export type Env = z.infer<typeof EnvSchema>;
export type Config = Env & {
  sessionSecrets: string[];
  jwtSecret: string;
  /** Which secrets were generated for this data directory rather than given. */
  generatedSecrets: string[];
};

export class ConfigError extends Error {}

/** Validates the environment. Throws ConfigError with one readable line per bad variable. */
export function parseEnv(env: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  throw new ConfigError(`Configuración no válida: ${lines.join("; ")}`);
}

/**
 * Outside production, missing secrets are generated once and kept in DATA_DIR/secrets.json
 * so sessions survive restarts on a developer's machine. Production must set them.
 */
export function resolveSecrets(env: Env): Config {
  const generatedSecrets: string[] = [];
  let stored: Record<string, string> = {};
  const file = path.join(env.DATA_DIR, "secrets.json");
  const needsFile = !env.SESSION_SECRET || !env.JWT_SECRET;
  if (needsFile) {
    try {
      stored = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
    } catch {
      stored = {};
    }
  }
  const pick = (key: "SESSION_SECRET" | "JWT_SECRET") => {
    const given = env[key];
    if (given) return given;
    generatedSecrets.push(key);
    stored[key] ??= randomBytes(48).toString("base64url");
    return stored[key];
  };
  const session = pick("SESSION_SECRET");
  const jwtSecret = pick("JWT_SECRET");
  if (needsFile) {
    mkdirSync(env.DATA_DIR, { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return {
    ...env,
    sessionSecrets: session
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    jwtSecret,
    generatedSecrets,
  };
}

/** The bucket of the document store when the five DOCUMENTS_S3_* variables are set (parseEnv refuses some without the others), else null. */
export function documentsS3Config(env: Env): S3StoreConfig | null {
  if (!env.DOCUMENTS_S3_ENDPOINT || !env.DOCUMENTS_S3_BUCKET || !env.DOCUMENTS_S3_REGION) return null;
  if (!env.DOCUMENTS_S3_ACCESS_KEY_ID || !env.DOCUMENTS_S3_SECRET_ACCESS_KEY) return null;
  return {
    endpoint: env.DOCUMENTS_S3_ENDPOINT,
    bucket: env.DOCUMENTS_S3_BUCKET,
    region: env.DOCUMENTS_S3_REGION,
    accessKeyId: env.DOCUMENTS_S3_ACCESS_KEY_ID,
    secretAccessKey: env.DOCUMENTS_S3_SECRET_ACCESS_KEY,
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  return resolveSecrets(parseEnv(env));
}
