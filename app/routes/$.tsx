import type { LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/lib/http";

// Any address no other route takes. Matching it (rather than nothing) lets the root loader run, so
// the 404 page keeps the header of whoever is signed in; /admin/* has its own (admin.$.tsx).
export async function loader(_args: LoaderFunctionArgs) {
  throw notFound("Página no encontrada");
}

// A page (not a resource route), so that the 404 is drawn by the error boundary.
export default function NotFoundPage() {
  return null;
}
