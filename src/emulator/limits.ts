// Rate limits, the daily video cap and credit reservations (interface,
// Limits; A30, A31). Windows run on the emulator clock.
import type { Clock, Config } from './config.ts';
import { PHASE_PRICES } from './config.ts';
import type { UserRecord } from './store.ts';
import type { Phase } from './types.ts';

const DAY_MS = 86_400_000;

/**
 * Counts one generation request against the user's fixed window. Returns the
 * whole seconds to wait when the allowance is spent (the request is not counted then).
 */
export function takeGenerationAllowance(user: UserRecord, clock: Clock, config: Config): number | null {
  const limit = config.rateLimit;
  if (!limit) return null;
  const now = clock.now();
  const windowMs = limit.windowSeconds * 1000;
  if (!user.rateWindow || now - user.rateWindow.start >= windowMs) {
    user.rateWindow = { start: now, count: 0 };
  }
  if (user.rateWindow.count >= limit.requests) {
    return Math.max(1, Math.ceil((user.rateWindow.start + windowMs - now) / 1000));
  }
  user.rateWindow.count += 1;
  return null;
}

function currentDay(user: UserRecord, clock: Clock): { day: number; now: number } {
  const now = clock.now();
  const day = Math.floor(now / DAY_MS);
  if (user.videoDay.day !== day) user.videoDay = { day, count: 0 };
  return { day, now };
}

/** Seconds until the next UTC midnight of the emulator clock when the cap is reached. */
export function videoCapReached(user: UserRecord, clock: Clock, config: Config): number | null {
  const { day, now } = currentDay(user, clock);
  if (user.videoDay.count < config.dailyVideoCap) return null;
  return Math.max(1, Math.ceil(((day + 1) * DAY_MS - now) / 1000));
}

export function countVideo(user: UserRecord, clock: Clock): void {
  currentDay(user, clock);
  user.videoDay.count += 1;
}

function priceOf(phases: readonly Phase[]): number {
  return phases.reduce((sum, phase) => sum + PHASE_PRICES[phase], 0);
}

/** Reserves every phase at once, or nothing (A30). */
export function reserve(
  user: UserRecord,
  phases: readonly Phase[],
): { ok: true } | { ok: false; balance: number; required: number } {
  const required = priceOf(phases);
  if (user.credits < required) return { ok: false, balance: user.credits, required };
  user.credits -= required;
  return { ok: true };
}

export function refund(user: UserRecord, phases: readonly Phase[]): void {
  user.credits += priceOf(phases);
}
