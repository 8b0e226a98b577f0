// One web page is several API calls made in the same process (the root's loader, the page's
// loader; an admin list and its filters), and each call authenticated its bearer token by reading
// the account again: 4 of /checkout's 10 statements. The web hands the calls of one web request a
// memo of those reads (server/app.ts, as the Hono env of the in-process fetch); a call then still
// checks the token's signature, expiry and kind itself, and reads the account only if no earlier
// read call of the same web request did.
//
// Only reads share: a call that may write (callMayWrite: any method but GET and HEAD, save a POST
// its route declares a read, as the price of a plan: the guards' readsOnly) forgets what was read
// and reads for itself, so that a password change, a sign-out or a deactivation made during the web
// request is seen by the calls after it. Calls from outside (another process, a browser) get no
// memo: node-server's env has none.

/** The account reads of one web request, by kind, id and token id. */
export type AccountReads = Map<string, Promise<unknown>>;

export const ACCOUNT_READS_ENV_KEY = "cotizaAccountReads";

/** The memo of this call's web request, or null (a call from outside, or no memo given). */
function memoOf(env: unknown): AccountReads | null {
  if (typeof env !== "object" || env === null) return null;
  const memo = (env as Record<string, unknown>)[ACCOUNT_READS_ENV_KEY];
  return memo instanceof Map ? (memo as AccountReads) : null;
}

/** Whether a call may write: any method but GET and HEAD, unless its route declares that it only reads. */
export function callMayWrite(method: string, readsOnly = false): boolean {
  return !readsOnly && method !== "GET" && method !== "HEAD";
}

/**
 * `read()` once per web request for `key` when this call only reads; otherwise (a call that may
 * write, or no memo) the memo is emptied and `read()` runs. A failed read is not kept.
 */
export function readAccountOnce<T>(env: unknown, mayWrite: boolean, key: string, read: () => Promise<T>): Promise<T> {
  const memo = memoOf(env);
  if (!memo) return read();
  if (mayWrite) {
    memo.clear();
    return read();
  }
  const known = memo.get(key) as Promise<T> | undefined;
  if (known) return known;
  const reading = read();
  memo.set(key, reading);
  reading.catch(() => memo.delete(key));
  return reading;
}
