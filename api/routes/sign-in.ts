// Signing in, a customer's or a staff member's: the one way both login routes check the password
// (rate-limited and audited by checkCredentials), sign the session token and record the sign-in.
import { checkCredentials } from "../auth";
import type { Database } from "../db/client";
import { MAX_TOKEN_LIFETIME_SECONDS, signToken, type TokenKind } from "../domain/tokens";
import type { RateLimitName } from "../limits";
import { clientIp } from "../request";

type SignInAccount = { id: number; email: string; passwordHash: string; active: boolean; sessionVersion: number };
type SignInRecord = { id: number; email: string; ip: string | null; at: Date; jti: string; exp: number };

/** Checks the credentials of the account found by email, then signs its token (of the kind's lifetime) and records the sign-in. */
export async function signIn<A extends SignInAccount>(
  c: Parameters<typeof checkCredentials>[0],
  opts: {
    email: string;
    password: string;
    kind: TokenKind;
    addressLimit: RateLimitName;
    findByEmail: (db: Database, email: string) => Promise<A | null>;
    record: (db: Database, signIn: SignInRecord) => Promise<void>;
  },
): Promise<{ account: A; token: string; jti: string; exp: number }> {
  const { db, now, jwtSecret } = c.var.deps;
  const { email, password, kind, addressLimit } = opts;
  const account = await checkCredentials(c, { email, password, account: await opts.findByEmail(db, email), kind, addressLimit });
  const at = now();
  const { token, jti, exp } = signToken({ sub: String(account.id), kind, ver: account.sessionVersion }, jwtSecret, {
    now: at,
    ttlSeconds: MAX_TOKEN_LIFETIME_SECONDS[kind],
  });
  await opts.record(db, { id: account.id, email: account.email, ip: clientIp(c), at, jti, exp });
  return { account, token, jti, exp };
}
