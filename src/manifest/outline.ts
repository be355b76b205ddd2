import { locationsOf, selectorOf } from './normalize.ts';
import { accountSchema } from './schema.ts';
import type { PositionMap } from './position-tree.ts';
import type { ManifestOutline, SourceLocation } from './types.ts';

// What can still be read of a manifest whatever else is wrong with it: its
// title, its pinned id and the accounts written well. Duplicate titles and
// unknown accounts are then reported in the same run as a wrong type or a bad
// date, instead of only once those are fixed.

/** A title or an id as a manifest names it: a string with more than blanks. */
export function nonBlankText(value: unknown): string | null {
  return typeof value === 'string' && /\S/.test(value) ? value : null;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** The outline of a manifest's merged value (its defaults under it), valid or not. */
export function outlineOf(file: string, value: unknown, positions: PositionMap): ManifestOutline {
  const locations = locationsOf(positions);
  const start: SourceLocation = { file, line: 1, column: 1 };
  const location = locations['title'] ?? start;
  const written = field(field(value, 'publish'), 'accounts');
  const accounts = Array.isArray(written)
    ? written.flatMap((entry: unknown, index) => {
        const parsed = accountSchema.safeParse(entry);
        const at = locations[`publish.accounts.${index}`] ?? location;
        // An entry that is itself wrong has its own error already; it names no account to look up.
        return parsed.success ? [{ index, selector: selectorOf(parsed.data, at) }] : [];
      })
    : [];
  return {
    file,
    title: nonBlankText(field(value, 'title')),
    id: nonBlankText(field(value, 'id')),
    location,
    locations,
    accounts,
  };
}
