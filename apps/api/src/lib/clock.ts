/**
 * What time it is, for work whose outcome depends on the day (the early warnings' daily job). Injected through
 * `AppDeps.clock`, so a test can set the day instead of waiting for it.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test moves by hand. */
export function fixedClock(start: Date | string): Clock & { set(at: Date | string): void } {
  let at = new Date(start);
  return {
    now: () => new Date(at),
    set: (next) => {
      at = new Date(next);
    },
  };
}
