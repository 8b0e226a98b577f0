import { redirect, type AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { expiredCookie, mergeHeaders } from "./session.server";
import { MIN_TOAST_DURATION_MS } from "./toast";
import "./load-context";

/**
 * Flash notifications ("toasts") that survive one redirect, in their own cookie `cotiza_toast`.
 *
 * The cookie is written by hand (base64url JSON) rather than with a signed Remix cookie so that
 * `redirectWithToast` and the guards stay synchronous and need no secrets: a toast only ever shows
 * text to the browser that holds it (rendered as text, never HTML), it is validated with zod and
 * size-limited on the way in, and forging one gains nothing a person could not type into their
 * own page. `getToast` reads it once and answers the Set-Cookie that removes it.
 */
export const TOAST_COOKIE = "cotiza_toast";

export const ToastSchema = z.object({
  id: z.string().min(1).max(64),
  type: z.enum(["success", "info", "warning", "error"]),
  title: z.string().min(1).max(200),
  description: z.string().max(500).optional(),
  durationMs: z.number().int().min(MIN_TOAST_DURATION_MS).max(60_000).optional(),
});
export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = Omit<Toast, "id"> & { id?: string };

/**
 * The spec's 403 notification: warning 'Acceso Denegado'. Not the spec's 3000 ms: every toast
 * stays at least MIN_TOAST_DURATION_MS, time to read it.
 */
export const FORBIDDEN_TOAST: ToastInput = {
  type: "warning",
  title: "Acceso Denegado",
  description: "No tienes permisos para realizar esta accion",
};

// Read at run time: the Remix compiler inlines a literal process.env.NODE_ENV at build time.
const runtimeEnv = process.env;
const secureByDefault = () => runtimeEnv.NODE_ENV === "production";

export function encodeToast(toast: ToastInput): string {
  const full = ToastSchema.parse({ ...toast, id: toast.id ?? crypto.randomUUID() });
  return Buffer.from(JSON.stringify(full), "utf8").toString("base64url");
}

export function decodeToast(value: string | null | undefined): Toast | null {
  if (!value) return null;
  try {
    const parsed = ToastSchema.safeParse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The Set-Cookie value that carries `toast` to the next page. */
export function toastCookie(toast: ToastInput, secure: boolean = secureByDefault()): string {
  return `${TOAST_COOKIE}=${encodeToast(toast)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60${secure ? "; Secure" : ""}`;
}

/** The value of one cookie in a Cookie header, or null. */
export function readCookie(cookieHeader: string | null, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return null;
}

/** A redirect (303 by default after a POST's work) that shows `toast` on the page it lands on. */
export function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit): Response {
  const headers = mergeHeaders(init?.headers);
  headers.append("Set-Cookie", toastCookie(toast));
  return redirect(url, { ...init, headers });
}

/** The pending toast, if any, and the headers that consume it (for the root loader). */
export function getToast(request: Request, context: AppLoadContext): { toast: Toast | null; headers: Headers } {
  const headers = new Headers();
  const raw = readCookie(request.headers.get("Cookie"), TOAST_COOKIE);
  if (raw === null) return { toast: null, headers };
  headers.append("Set-Cookie", expiredCookie(TOAST_COOKIE, context.secureCookies));
  return { toast: decodeToast(raw), headers };
}
