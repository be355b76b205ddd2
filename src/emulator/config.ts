// Options resolved once into one typed object, and the emulator's clock.
import { dialectNamed } from './dialects.ts';
import { composeReadings, type ReadingHooks } from './readings/index.ts';
import type { WriteAnswer } from './readings/types.ts';
import type { Scope } from '../interface/enumerations.ts';
import type { BehaviourOptions } from './types.ts';
import type { EmulatorOptions, FailureRule, ListingOptions, ShapeOptions } from './types.ts';

export interface Config {
  host: string;
  port: number;
  phaseMs: { audio: number; video: number; upload: number };
  secondMs: number;
  stallThresholdSeconds: number;
  rateLimit: { requests: number; windowSeconds: number } | null;
  dailyVideoCap: number;
  maxItems: number;
  credits: number;
  /** How writes answer and what they need (the dialect's and the readings' choices). */
  writes: {
    create: WriteAnswer;
    edit: WriteAnswer;
    put: 'partial' | 'replace';
    contentWrites: Scope;
    newValues: boolean;
  };
  /** The readings' hooks around every request, built for this emulator. */
  hooks: ReadingHooks[];
  listing: ListingOptions & { maxPageSize: number };
  shapes: ShapeOptions;
  failures: FailureRule[];
  behaviours: BehaviourOptions;
}

/** Prices per phase in credits (A30). */
export const PHASE_PRICES = { audio: 1, video: 3, upload: 1 } as const;

function nonNegative(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0) {
    throw new Error(`Emulator option ${name} must be a number ≥ 0, got ${String(value)}`);
  }
  return value;
}

export function resolveOptions(options: EmulatorOptions): Config {
  const secondMs = nonNegative('secondMs', options.secondMs, 1000);
  if (secondMs === 0) throw new Error('Emulator option secondMs must be greater than 0');
  const rateLimit =
    options.rateLimit === null ? null : (options.rateLimit ?? { requests: 60, windowSeconds: 60 });
  if (rateLimit && (rateLimit.requests < 1 || rateLimit.windowSeconds <= 0)) {
    throw new Error('Emulator option rateLimit needs requests ≥ 1 and windowSeconds > 0');
  }
  const dialect = dialectNamed(options.dialect ?? 'reference');
  const readings = composeReadings([...dialect.readings, ...(options.readings ?? [])]);
  const size = dialect.defaultSize === undefined ? {} : { defaultSize: dialect.defaultSize };
  const maxPageSize = nonNegative('listing.maxPageSize', options.listing?.maxPageSize, 100);
  if (maxPageSize < 1) throw new Error('Emulator option listing.maxPageSize must be at least 1');
  return {
    host: options.host ?? '127.0.0.1',
    port: nonNegative('port', options.port, 0),
    phaseMs: {
      audio: nonNegative('phaseMs.audio', options.phaseMs?.audio, 1500),
      video: nonNegative('phaseMs.video', options.phaseMs?.video, 2500),
      upload: nonNegative('phaseMs.upload', options.phaseMs?.upload, 1000),
    },
    secondMs,
    stallThresholdSeconds: nonNegative('stallThresholdSeconds', options.stallThresholdSeconds, 30),
    rateLimit,
    dailyVideoCap: nonNegative('dailyVideoCap', options.dailyVideoCap, 50),
    maxItems: nonNegative('maxItems', options.maxItems, Infinity),
    credits: nonNegative('credits', options.credits, 1000),
    writes: {
      create: 'item',
      edit: 'item',
      put: 'partial',
      contentWrites: 'generate',
      newValues: false,
      ...readings.options.writes,
    },
    hooks: readings.hooks,
    listing: { ...readings.options.listing, ...size, ...options.listing, maxPageSize },
    shapes: { ...readings.options.shapes, ...options.shapes },
    failures: (options.failures ?? []).map((rule) => ({ ...rule })),
    behaviours: {
      ...readings.options.behaviours,
      ...options.behaviours,
      queueMs: nonNegative(
        'behaviours.queueMs',
        options.behaviours?.queueMs ?? readings.options.behaviours?.queueMs,
        0,
      ),
    },
  };
}

/**
 * The emulator's own time. It starts at the wall clock and runs 1000/secondMs
 * times faster, so rate windows, the stall threshold and the UTC day of the
 * video cap shrink with secondMs while timestamps stay readable.
 */
export class Clock {
  readonly #origin = Date.now();
  readonly #secondMs: number;

  constructor(secondMs: number) {
    this.#secondMs = secondMs;
  }

  /** Emulated epoch milliseconds. */
  now(): number {
    return this.#origin + ((Date.now() - this.#origin) * 1000) / this.#secondMs;
  }

  /** Real milliseconds that `seconds` emulated seconds last. */
  realMs(seconds: number): number {
    return seconds * this.#secondMs;
  }
}
