import type { AppLoadContext } from "@remix-run/node";
import { notFound } from "~/lib/http";
import { ApiError } from "~/lib/api.server";
import { getVisitor } from "~/lib/auth.server";
import { quoteApi, quoteOwnerToken } from "~/lib/quote-owner.server";

/**
 * The resource routes under /documentos: the API's PDF streamed with the visitor's bearer token
 * (and a quote's owner token when this browser made it), its name and type passed on. A visitor
 * not signed in, a bad id, or someone else's document: 404, like the API.
 */
const PASSED_HEADERS = ["content-type", "content-disposition", "content-length"] as const;

export const documentNotFound = () => notFound("Documento no encontrado");

export async function streamDocument(
  request: Request,
  context: AppLoadContext,
  apiPath: string,
  { quoteId, onRefusal }: { quoteId?: string; onRefusal?: (message: string, headers: Headers) => Response } = {},
): Promise<Response> {
  const visitor = await getVisitor(request, context);
  const ownerToken = quoteId ? await quoteOwnerToken(request, context, quoteId) : null;
  if (!visitor && !ownerToken) throw documentNotFound();
  const api = quoteApi(context, request, { token: visitor?.token, ownerToken });
  let response: Response;
  try {
    response = await api.getResponse(apiPath, { accept: "application/pdf", signal: request.signal });
  } catch (error) {
    // A stored document that cannot be read back (ADR 036) is the API's 500 with its Spanish message: said, not hidden as a 404.
    if (error instanceof ApiError && error.status >= 500)
      throw new Response(error.message, { status: error.status, statusText: "Documento no disponible" });
    // A document the API refuses to issue now (409, e.g. a certificate with a recibo unpaid): the route says why.
    if (error instanceof ApiError && error.status === 409 && onRefusal) return onRefusal(error.body.error, new Headers(visitor?.headers));
    if (error instanceof ApiError) throw documentNotFound();
    throw error;
  }
  const headers = new Headers(visitor?.headers);
  for (const name of PASSED_HEADERS) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set("Cache-Control", "private, no-store");
  return new Response(response.body, { status: 200, headers });
}
