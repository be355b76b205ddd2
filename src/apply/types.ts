import type { ContentDetail, ContentStatus } from '../service-client/types.ts';
import type { AccountPublication, Confirmation } from '../plan/types.ts';
import type { Hold, PlanItem } from '../plan/types.ts';
import type { ServiceTermsNote } from './readback.ts';

/** Every outcome, in the order reports count them. */
export const OUTCOMES = [
  'created',
  'updated',
  'rendered',
  'published',
  'unchanged',
  'drifted',
  'held',
  'running',
  'unknown',
  'skipped',
  'failed',
  'error',
] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface PublishedUrl {
  title: string;
  platform: string;
  url: string;
}

export interface ItemResult {
  file: string;
  title: string;
  id: string | null;
  outcome: Outcome;
  /** Status last seen on the service. */
  status: ContentStatus | null;
  publishedUrls: PublishedUrl[];
  /**
   * Whether the service shows the publication live on every account asked
   * (plan/confirmation.ts); absent when the item is not published.
   */
  confirmation?: { state: Confirmation['state']; accounts: AccountPublication[] };
  /** When a publishing request whose answer was lost was sent, while the service has not shown the item published. */
  unknownSince?: string | null;
  /** That request was sent again after its answer was lost: the service may publish it twice. */
  resentAfterLoss?: boolean;
  /** The service's last_error for FAILED_* items. */
  lastError: string | null;
  /** What stopped the engine on this item (an HTTP error, a timeout), already free of secrets. */
  error: string | null;
  durationMs: number;
  /** Holds that arose while applying (a retried render that failed again: `already_retried`). */
  holds?: Hold[];
  /** Values the service stored in its own terms, found by reading back this run's writes. */
  notes?: ServiceTermsNote[];
}

export interface ApplyResult {
  items: ItemResult[];
  creditsBefore: number | null;
  creditsAfter: number | null;
  /** True when any write reached the service. */
  changed: boolean;
  /** True when any item failed or errored: the run must fail. */
  failed: boolean;
}

/**
 * One item's run as it happens: what was sent and what the service answered.
 * Read-only outside src/apply/item-run.ts, whose named transitions are the
 * only way it changes.
 */
/** What a race for a title is settled by of this run's new item: read back, or as created when it could not be. */
export type NewItem = Pick<ContentDetail, 'id' | 'title' | 'creation_date'>;

export interface ItemRun {
  readonly item: PlanItem;
  readonly id: string | null;
  readonly status: ContentStatus | null;
  readonly created: boolean;
  readonly edited: boolean;
  readonly rendered: boolean;
  readonly published: boolean;
  /** Still in flight when the run stopped waiting. */
  readonly running: boolean;
  /** Holds that arose while applying (a retried render that failed again). */
  readonly holds: readonly Hold[];
  /** Values the service stored in its own terms (read back after this run's writes). */
  readonly notes: readonly ServiceTermsNote[];
  /** This run's new item while a race for its title may still be unsettled (see race.ts). */
  readonly unsettled: NewItem | null;
  readonly lastError: string | null;
  /**
   * When a publishing request whose answer was lost was sent: the publication
   * is unknown until the service shows the item published.
   */
  readonly unknownSince: string | null;
  /** The publishing request whose answer was lost was sent again (no sign past the stall threshold). */
  readonly resent: boolean;
  readonly error: string | null;
  readonly durationMs: number;
}
