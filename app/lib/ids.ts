// The shapes of the ids that appear in the web's URLs, checked before anything is asked of the API
// (a malformed id is a 404, like one that does not exist).

/** A quote id (UUID). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A policy id or a recibo sequence: a positive integer of up to ten digits. */
export const POSITIVE_INT = /^[1-9]\d{0,9}$/;
