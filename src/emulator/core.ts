// What a route handler receives and returns.
import type { Clock, Config } from './config.ts';
import type { Jobs } from './lifecycle.ts';
import type { ShapeContext } from './shapes.ts';
import type { Store, UserRecord } from './store.ts';
import type { FailureRule, KeyInfo, Reply } from './types.ts';

export type { Reply };

export interface Core {
  store: Store;
  config: Config;
  clock: Clock;
  jobs: Jobs;
  shapes: ShapeContext;
  failures: FailureRule[];
}

export interface Call {
  core: Core;
  user: UserRecord;
  key: KeyInfo;
  url: URL;
  body: unknown;
  /** Captured path parameters (the content id). */
  params: string[];
}
