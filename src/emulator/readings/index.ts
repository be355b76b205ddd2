// Readings by name, and what a set of them makes of the emulator's options.
import { READINGS } from './catalogue.ts';
import type { Reading, ReadingHooks, ReadingOptions } from './types.ts';

export { READINGS };
export type { Reading, ReadingHooks, ReadingOptions };

const BY_NAME = new Map(READINGS.map((reading) => [reading.name, reading]));

export function readingNamed(name: string): Reading {
  const reading = BY_NAME.get(name);
  if (!reading)
    throw new Error(`Unknown emulator reading "${name}": see src/emulator/readings/catalogue.ts.`);
  return reading;
}

/** The options of the readings merged in order (a later reading's parts win), and their hooks built afresh. */
export function composeReadings(names: readonly string[]): {
  options: ReadingOptions;
  hooks: ReadingHooks[];
} {
  const options: Required<ReadingOptions> = { listing: {}, shapes: {}, behaviours: {}, writes: {} };
  const hooks: ReadingHooks[] = [];
  for (const name of names) {
    const reading = readingNamed(name);
    options.listing = { ...options.listing, ...reading.options?.listing };
    options.shapes = { ...options.shapes, ...reading.options?.shapes };
    options.behaviours = { ...options.behaviours, ...reading.options?.behaviours };
    options.writes = { ...options.writes, ...reading.options?.writes };
    if (reading.hooks) hooks.push(reading.hooks());
  }
  // Readings of how values are written see requests first and answers last.
  hooks.sort((a, b) => Number(a.late ?? false) - Number(b.late ?? false));
  return { options, hooks };
}
