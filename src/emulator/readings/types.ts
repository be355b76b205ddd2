// What one reading of the interface is, and the hooks through which it
// changes the emulator's answers. Readings compose: their options merge, and
// their hooks run in turn around every request.
import type { BehaviourOptions, ListingOptions, ReadingHooks, ShapeOptions } from '../types.ts';

export type { Exchange, Interception, ReadingHooks } from '../types.ts';
import type { Scope } from '../../interface/enumerations.ts';

/** How POST /contents and PUT /contents/{id} answer (A14). */
export type WriteAnswer =
  'item' | 'id' | 'wrapped' | 'empty' | 'empty-object' | 'content-id' | 'location' | 'accepted';

/** What the emulator's writes do, besides their answers' shapes. */
interface WriteOptions {
  create?: WriteAnswer;
  edit?: WriteAnswer;
  /** A13: `partial` leaves absent fields alone; `replace` clears them. */
  put?: 'partial' | 'replace';
  /** The scope POST /contents and PUT /contents/{id} need (A29). */
  contentWrites?: Scope;
  /** An account and an unmanaged item with values beyond the interface's enums (A35). */
  newValues?: boolean;
}

/** The emulator options a reading sets; merged in the order the readings are given. */
export interface ReadingOptions {
  listing?: ListingOptions;
  shapes?: ShapeOptions;
  behaviours?: BehaviourOptions;
  writes?: WriteOptions;
}

/** How the client must come out of a story under this reading. */
type Expectation =
  /** Every apply ends without an error, and every item is done within two. */
  | 'clean'
  /** Every item done within two applies; the apply that meets the reading may fail an item. */
  | 'converge'
  /** Done, or held with a message that says which answer it could not read. */
  | 'converge-or-hold';

/** One reading of the interface: the sentence it interprets, and how the emulator answers under it. */
export interface Reading {
  /** Stable, kebab-case: tests and regressions name it. */
  name: string;
  /** Readings of one family exclude each other (one listing envelope at a time). */
  family: string;
  /** Where the sentence is: `interface, GET /contents` or `RFC 9110 §15.6.4`. */
  where: string;
  /** The sentence interpreted, quoted exactly. */
  source: string;
  /** How the emulator answers under it, in one line. */
  answers: string;
  expect: Expectation;
  options?: ReadingOptions;
  hooks?: () => ReadingHooks;
}
