// Every page title of the web comes from here: "Mis cotizaciones | Cotiza" on the public site,
// "Usuarios | Back office Cotiza" in the back office, and "Error: " before either after a failed
// submit (GOV.UK). Plain module: meta functions run on the server and in the browser.

export const SITE_NAME = "Cotiza";
/** The home page's title (also the document's title when a route sets none). */
export const HOME_TITLE = `${SITE_NAME} | Seguros de coche, hogar y alquiler`;
export const ERROR_TITLE_PREFIX = "Error: ";

type MatchLike = { id: string; data?: unknown };

/**
 * Whether the page shows a failed submission: either the route's meta `matches` (the root loader
 * exposes `failedSubmission` after an action answered 400 without JavaScript, see
 * `markSubmissionFailed`), or a flag the route computes itself (a GET filter form's errors).
 */
export type FailedSubmission = readonly MatchLike[] | boolean | undefined;

function failed(signal: FailedSubmission): boolean {
  if (typeof signal === "boolean") return signal;
  const root = signal?.find((match) => match.id === "root")?.data;
  return Boolean(root && typeof root === "object" && (root as { failedSubmission?: unknown }).failedSubmission === true);
}

/** `title` with the "Error: " prefix when `isFailed` (never twice). */
export function withErrorPrefix(title: string, isFailed: boolean): string {
  if (!isFailed || title.startsWith(ERROR_TITLE_PREFIX)) return title;
  return `${ERROR_TITLE_PREFIX}${title}`;
}

/** A public page: siteTitle("Mis cotizaciones") → "Mis cotizaciones | Cotiza". */
export function siteTitle(page: string, failedSubmission?: FailedSubmission): string {
  return withErrorPrefix(`${page} | ${SITE_NAME}`, failed(failedSubmission));
}

/** A back-office page: adminTitle("Usuarios") → "Usuarios | Back office Cotiza". */
export function adminTitle(page: string, failedSubmission?: FailedSubmission): string {
  return withErrorPrefix(`${page} | Back office ${SITE_NAME}`, failed(failedSubmission));
}
