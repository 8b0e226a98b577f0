// Whether an action in this request answered a failed submission (400): the root loader reads it
// to give the page's <title> its "Error: " prefix without JavaScript (see ErrorSummary).
// Per-request flag, keyed by the request's load context (shared by the action and the loaders
// that run after it in a document POST). Plain module: no server APIs, nothing secret.
const failedSubmissions = new WeakSet<object>();

/** Call in an action that answers a failed submission (400), before returning. */
export function markSubmissionFailed(context: object): void {
  failedSubmissions.add(context);
}

/** Whether an action in this request answered a failed submission (read by the root loader). */
export function hasFailedSubmission(context: object): boolean {
  return failedSubmissions.has(context);
}
