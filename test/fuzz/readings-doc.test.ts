// The catalogue of readings and its table in docs/service-assumptions.md are
// one thing: the table is generated (node scripts/readings-table.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { READINGS } from '../../src/emulator/index.ts';
import { DOC, withTable } from '../../scripts/readings-table.ts';
import { KNOWN_FAILURES } from './known-failures.ts';

describe('the catalogue of readings', () => {
  it('holds at least 60 readings, each named once and citing its source sentence', () => {
    expect(READINGS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(READINGS.map((r) => r.name)).size).toBe(READINGS.length);
    for (const reading of READINGS) {
      expect(reading.source.length, reading.name).toBeGreaterThan(15);
      expect(reading.where, reading.name).toMatch(/^(interface, |RFC (9110|9112|6585) §)/);
      expect(reading.name, reading.name).toMatch(/^[a-z0-9]+(-[a-z0-9_]+)*$/);
    }
  });

  it('names only readings of the catalogue as known failures', () => {
    const names = new Set(READINGS.map((r) => r.name));
    expect(KNOWN_FAILURES.map((entry) => entry.reading).filter((name) => !names.has(name))).toEqual([]);
  });

  it('is listed as it is in docs/service-assumptions.md (node scripts/readings-table.ts)', () => {
    const doc = readFileSync(DOC, 'utf8');
    expect(withTable(doc)).toBe(doc);
  });
});
