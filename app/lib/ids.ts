// The shapes of the ids that appear in the web's URLs, checked before anything is asked of the API
// (a malformed id is a 404, like one that does not exist).

// A quote id is a UUID: isUuid in api/contract/ids.ts, the one definition the API uses too.

/** A policy id or a recibo sequence: a positive integer of up to ten digits. */
export const POSITIVE_INT = /^[1-9]\d{0,9}$/;
