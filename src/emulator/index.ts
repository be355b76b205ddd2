// The emulator's public API.
export { startEmulator, READY_KEY_SCOPES } from './emulator.ts';
export { runEmulatorCommand } from './command.ts';
export { writeScript } from '../api/readings.ts';
export { DEFAULT_ACCOUNTS, DEFAULT_PERSONAS, DEFAULT_USER_ID } from './store.ts';
export { PHASE_PRICES } from './config.ts';
export type { BehaviourOptions } from './types.ts';
export type {
  Emulator,
  EmulatorAdmin,
  EmulatorOptions,
  Fault,
  FaultRule,
  FailureRule,
  ItemRecord,
  KeyInfo,
  LegacyItemInput,
  ListingEnvelope,
  ListingHint,
  ListingOptions,
  Phase,
  Publication,
  PublishSettings,
  RequestLogEntry,
  ShapeOptions,
  VersionRecord,
} from './types.ts';
