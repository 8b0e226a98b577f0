// What server.ts hands every loader and action (see createWebHandler in server/app.ts).
import type { Logger } from "../../platform/logger";

export type ApiFetch = (request: Request) => Promise<Response>;

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Per-request CSP nonce for inline scripts. */
    cspNonce: string;
    /** Base URL of the API, e.g. http://cotiza.internal/api or API_BASE_URL. */
    apiBaseUrl: string;
    /** How requests reach the API: in-process when mounted, the network otherwise. */
    apiFetch: ApiFetch;
    /** The running build's id, for the "new version available" check. */
    buildVersion: string;
    /** The process logger (JSON lines). */
    logger: Logger;
    /** SESSION_SECRET as a list (the first signs; all verify), for the session cookies. */
    sessionSecrets: string[];
    /** Secure cookies (NODE_ENV=production). */
    secureCookies: boolean;
    /** The visitor's address as this server saw it, forwarded to the API for audit and rate limits. */
    clientIp: string | null;
  }
}
export {};
