// What the API reads of a request outside its routes' own input: the caller's address. A low
// module of its own so that audit, limits and auth can all use it without importing each other.

/** The part of a Hono context these helpers read; any route's context fits. */
export type RequestContext = { req: { header(name: string): string | undefined } };

const CLIENT_IP_HEADER = "x-cotiza-client-ip";

/** The caller's address as server/app.ts (or the web's API client) established it. */
export function clientIp(c: RequestContext): string | null {
  const value = c.req.header(CLIENT_IP_HEADER)?.trim();
  return value ? value.slice(0, 64) : null;
}
