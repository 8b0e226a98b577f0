// What the server's toasts (toast.server.ts) and the page's Toaster share.

/**
 * How long a toast stays at least, unless dismissed (the timer also waits while it is hovered or
 * focused): long enough to read it (WCAG 2.2.1). What it says is also at the top of the
 * page it lands on (PageNotice), where it stays.
 */
export const MIN_TOAST_DURATION_MS = 10_000;
