// Durations as people write them in inputs, flags and the release file:
// `90m`, `24h`, `7d`, or a bare number of hours. One reader, so that the
// late window and the age at which a pause warns are written alike.

const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `90m`, `24h`, `7d` (or a bare number of hours) → milliseconds; null when the text is not such a duration. */
export function parseDuration(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*([mhd]?)$/.exec(text.trim());
  if (!match) return null;
  const amount = Number(match[1]);
  const unit = UNITS[match[2] || 'h']!;
  return Number.isFinite(amount) ? Math.round(amount * unit) : null;
}

export const DURATION_FORM = 'expected a duration such as 90m, 24h or 7d';
