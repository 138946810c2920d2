// One clock for every time rule of the emulator (durations, deadline, retention, rate window,
// the 5 s refresh floor, video URL expiry). It runs at real speed and can be moved forward,
// so tests can cross a 30-minute deadline or a 30-day retention in milliseconds.
export class Clock {
  constructor(private offsetMs = 0) {}

  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(seconds: number): number {
    this.offsetMs += Math.round(seconds * 1000);
    return this.now();
  }

  get offset(): number {
    return this.offsetMs;
  }
}
