import type {
  Account,
  ContentEdit,
  ContentFields,
  ContentStatus,
  PublishOptions,
  RenderOptions,
  Scope,
} from '../api/types.ts';
import type { Flow, Problem, Stage } from '../manifest/types.ts';

// The plan is data: typed steps with typed reasons, no sentences. The report
// layer turns it into words; plan mode is this same value with no writes.

export type Mode = 'validate' | 'plan' | 'apply';

/** How a manifest was matched to a remote item. */
export type Match = 'pinned' | 'title' | 'renamed' | 'new';

export type ManagedField = keyof ContentFields;

export interface FieldChange {
  field: ManagedField;
  from: unknown;
  to: unknown;
}

export type RenderReason = 'never_rendered' | 'script_changed' | 'settings_changed' | 'retry_failed';

export interface PublicationTarget {
  accounts: Account[];
  options: PublishOptions;
}

export type Step =
  | { kind: 'create'; fields: ContentFields }
  /** `send` is the whole PUT body: the changes and every other field as it stands (A13). */
  | { kind: 'edit'; changes: FieldChange[]; cancelGeneration: boolean; send: ContentEdit }
  /** One-shot carries its publication inside the render; stepwise never does. */
  | { kind: 'render'; reason: RenderReason; render: RenderOptions; publish: PublicationTarget | null }
  | { kind: 'upload'; publish: PublicationTarget; retry: boolean }
  /** Something is in flight on the service: poll it to the end, send nothing. */
  | { kind: 'wait'; status: ContentStatus };

/** Why something the manifest asks for does not happen in this run. */
export type Hold =
  | { kind: 'scheduled'; at: string }
  | { kind: 'publish_disabled'; by: 'input' | 'event' }
  | { kind: 'render_disabled'; by: 'event' }
  | { kind: 'generating'; status: ContentStatus }
  | { kind: 'already_retried'; status: ContentStatus }
  /** The item moved on the service between planning and applying: nothing was sent; the next run plans it again. */
  | { kind: 'changed_since_plan'; planned: ContentStatus; found: ContentStatus }
  /** A stepwise script differs from the one the plan showed: it is not rendered unreviewed. */
  | { kind: 'script_changed_since_plan' }
  /** GET /contents could not be proven complete: the item may exist on a page not read, so it is not created (A7). */
  | { kind: 'listing_incomplete'; gap: string }
  /** The service showed a value the interface does not list (A35): nothing is done to this item. */
  | { kind: 'unknown_value'; field: 'status' | 'account platform'; value: string };

/** A difference that apply will not fix: the video is already published. */
export interface Drift {
  field: ManagedField | 'video_settings';
  remote: unknown;
  desired: unknown;
}

export interface RemoteRef {
  id: string;
  title: string;
  status: ContentStatus;
}

export interface PlanItem {
  file: string;
  line: number;
  column: number;
  title: string;
  stage: Stage;
  flow: Flow;
  match: Match;
  /** The title the item had before a rename, found in git history. */
  renamedFrom: string | null;
  remote: RemoteRef | null;
  steps: Step[];
  holds: Hold[];
  drift: Drift[];
  /** publish.at when the manifest sets one. */
  publishAt: string | null;
  /** The script reviewers read: the manifest's textover, else the service's. */
  script: { desired: string | null; remote: string | null };
}

export interface Plan {
  mode: Mode;
  items: PlanItem[];
  /** Remote items no manifest claims; listed, never touched. */
  unmanaged: RemoteRef[];
  /** (item, account) pairs this plan would publish now. */
  publications: number;
  /**
   * Scopes the interface states for this plan's requests (generation needs
   * `generate`), checked before the first write. Any other requirement is
   * learned from the service's first 403 (A29).
   */
  statedScopes: Scope[];
  /** Matching problems found while planning (duplicate remote titles, unknown accounts). */
  problems: Problem[];
}
