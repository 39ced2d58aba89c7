import type { Clock } from '../clock';

/**
 * The app's clock in sandbox mode: the system's (or a test's) time plus an offset that the sandbox
 * moves forward (`POST /api/sandbox/clock/advance`), so a tester can see a break end or a limit's
 * cooling-off pass. The offset lives in this process only and only grows. Live mode never builds it.
 */
export class MovableClock implements Clock {
  private offsetMs = 0;

  constructor(private readonly base: Clock) {}

  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }

  advance(ms: number): void {
    if (ms > 0) this.offsetMs += ms;
  }

  get offsetMinutes(): number {
    return this.offsetMs / 60_000;
  }
}
