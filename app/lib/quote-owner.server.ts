import type { AppLoadContext } from "@remix-run/node";
import { ClaimQuotesAnswerSchema, MAX_CLAIM_TOKENS, QUOTE_OWNER_HEADER } from "../../api/contract/quotes";
import { ApiError, apiClient, type ApiClient } from "./api.server";
import { getVisitorSession, readQuoteOwnerTokens, visitorSessionStorage, writeQuoteOwnerTokens, type QuoteOwnerTokens } from "./session.server";

/**
 * A quote made without an account belongs to the browser that made it: POST /quotes hands back an
 * `ownerToken` once, and this module keeps it in the visitor cookie session (key
 * `quote_owner_tokens`, quote id → token). Reading the quote sends it as `X-Quote-Owner`; signing in
 * or registering claims every kept quote for the account (`claimAnonymousQuotes`).
 */

/**
 * How many anonymous quotes a browser remembers (the newest win). Each entry costs ~85 bytes
 * before base64, and the whole visitor session (with a JWT) must stay under the 4 KB cookie limit.
 */
export const MAX_REMEMBERED_QUOTES = 20;

/** Adds (or refreshes as newest) a quote's token and drops the oldest beyond `max`. Pure. */
export function withOwnerToken(tokens: QuoteOwnerTokens, quoteId: string, ownerToken: string, max = MAX_REMEMBERED_QUOTES): QuoteOwnerTokens {
  const entries = Object.entries(tokens).filter(([id]) => id !== quoteId);
  entries.push([quoteId, ownerToken]);
  return Object.fromEntries(entries.slice(Math.max(0, entries.length - max)));
}

/** The Set-Cookie that remembers an anonymous quote's owner token in this browser. */
export async function rememberQuoteOwner(request: Request, context: AppLoadContext, quoteId: string, ownerToken: string): Promise<string> {
  const session = await getVisitorSession(request, context);
  writeQuoteOwnerTokens(session, withOwnerToken(readQuoteOwnerTokens(session), quoteId, ownerToken));
  return visitorSessionStorage(context).commitSession(session);
}

/** The owner token this browser keeps for a quote, or null. */
export async function quoteOwnerToken(request: Request, context: AppLoadContext, quoteId: string): Promise<string | null> {
  const session = await getVisitorSession(request, context);
  return readQuoteOwnerTokens(session)[quoteId] ?? null;
}

/**
 * The API client for reading or pricing one quote: the visitor's bearer token when signed in and
 * the quote's owner token when this browser made it (both may go: a quote not claimed yet stays
 * readable right after sign-in).
 */
export function quoteApi(
  context: AppLoadContext,
  request: Request,
  { token, ownerToken }: { token?: string | null; ownerToken?: string | null },
): ApiClient {
  return apiClient(context, request, token, ownerToken ? { [QUOTE_OWNER_HEADER]: ownerToken } : undefined);
}

/**
 * After a successful sign-in or registration: hands this browser's anonymous quotes to the account
 * (POST /me/quotes/claim with the visitor's new token). Never fails the sign-in: an API problem is
 * logged and the quotes stay readable with their owner tokens. Returns how many were claimed.
 */
export async function claimAnonymousQuotes(request: Request, context: AppLoadContext, token: string): Promise<number> {
  const session = await getVisitorSession(request, context);
  const ownerTokens = Object.values(readQuoteOwnerTokens(session)).slice(-MAX_CLAIM_TOKENS);
  if (ownerTokens.length === 0) return 0;
  try {
    const { claimed } = await apiClient(context, request, token).post("/me/quotes/claim", {
      body: { ownerTokens },
      schema: ClaimQuotesAnswerSchema,
    });
    return claimed;
  } catch (error) {
    // ApiError (4xx), a Response (5xx, API unreachable) or an answer off the contract.
    const status = error instanceof ApiError || error instanceof Response ? error.status : undefined;
    context.logger.warn("quote claim failed", { status, count: ownerTokens.length, error: error instanceof Error ? error.message : undefined });
    return 0;
  }
}

/**
 * A quote the visitor may not read answers 404 (and a malformed id 400), like one that does not
 * exist: read them as "no quote" (`api.get(path, { otherwise: QUOTE_NOT_FOUND })`) and assert.
 */
export const QUOTE_NOT_FOUND = { 404: null, 400: null } as const;
