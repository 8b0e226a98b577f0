// The names of the two session cookies, on their own so that the HTTP server (server/app.ts, which
// keeps signed-in pages out of shared caches) can know them without the session code.
export const VISITOR_COOKIE = "cotiza_session";
export const ADMIN_COOKIE = "cotiza_admin";
