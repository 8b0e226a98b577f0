// The clock of the process. The API, its services and the scheduled work take `now` from an
// injected Clock (tests pass a fixed one); domain code receives the instant as a value and never
// reads the time itself.
export type Clock = () => Date;

/** The real time. */
export const systemClock: Clock = () => new Date();
