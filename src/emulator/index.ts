// The emulator's public API.
export { startEmulator } from './emulator.ts';
export { writeScript } from './script.ts';
export { DEFAULT_ACCOUNTS, DEFAULT_PERSONAS } from './store.ts';
export type { BehaviourOptions } from './types.ts';
export { READINGS, readingNamed } from './readings/index.ts';
export type { Emulator, EmulatorOptions, FailureRule, ItemRecord } from './types.ts';
