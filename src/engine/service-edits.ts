import { parse } from 'yaml';
import type { ContentDetail } from '../service-client/types.ts';
import { mapLimit } from '../concurrency.ts';
import type { PreviousVersions } from '../git/earlier-versions.ts';
import { defaultsFilesAbove } from '../manifest/index.ts';
import { hashtagsField } from '../manifest/schema.ts';
import type { DesiredItem } from '../manifest/types.ts';
import { fieldChanges, sameInServiceTerms } from '../plan/diff.ts';
import type { Matched } from '../plan/types.ts';
import { withoutIgnored } from '../plan/service-edits.ts';
import type { FieldChange, FieldOrigin, ManagedField } from '../plan/types.ts';
import { manifestAtBase, type AtBase } from './preview-reach.ts';
import type { EngineOptions } from './types.ts';
import { isRecord } from '../record.ts';

// Who made each difference between a manifest and its item: what the plan
// needs to keep a person's edit made in the service (plan/service-edits.ts).
// Read from what git recorded, never guessed:
// - every value the repository ever asked for a field: the manifest and the
//   `_defaults.yml` above it, at the run's base and in their history. A
//   service that still holds one of them is behind the repository (a run
//   that failed, a schedule not yet run): the manifest's value is written.
// - what pull requests' script previews wrote (their records, when the run
//   has them): a preview's draft is the repository asking on a branch, and
//   main puts it back.
// - the base: a field the change being applied starts to set is the
//   repository's to write; one it sets otherwise than the base did, while
//   the service holds neither, changed on both sides: a conflict.
// A field the service holds nothing in is written as ever: no work is lost.
// Anything else was changed in the service since the repository last asked.
// A draft may also have been written by a preview whose record could not be
// read: that is not known, and the field is held.

/**
 * Fields with rules of their own, never taken for an edit made in the
 * service: a title the service shows otherwise is a rename (held, pin the
 * id to adopt it), and a persona is written only when a commit changed it
 * (plan/types.ts, personaChanged).
 */
const OWN_RULES: ReadonlySet<ManagedField> = new Set(['title', 'persona_id']);

type Asked = Partial<Record<ManagedField, unknown>>;

/** The fields one version of a manifest or defaults file asks for, in the plan's terms; {} when unreadable. */
function askedIn(text: string): Asked {
  let doc: unknown;
  try {
    doc = parse(text);
  } catch {
    return {}; // an unparsable earlier version asked for nothing
  }
  if (!isRecord(doc)) return {};
  const asked: Asked = {};
  for (const field of ['description', 'full_text', 'textover'] as const)
    if (typeof doc[field] === 'string') asked[field] = doc[field];
  const hashtags = hashtagsField.safeParse(doc.hashtags);
  if (hashtags.success) asked.hashtags = hashtags.data;
  if (isRecord(doc.fine_tuning)) asked.fine_tuning = doc.fine_tuning;
  return asked;
}

/** Reads each file's history once for the run: files under one `_defaults.yml` share it. */
class AskedHistory {
  readonly #cache = new Map<string, Promise<Asked[]>>();
  #readable: Promise<boolean> | null = null;

  readonly previous: PreviousVersions;

  constructor(previous: PreviousVersions) {
    this.previous = previous;
  }

  /** The manifest at the run's base; `no_base` when the run has none (a schedule) or cannot read it. */
  async base(file: string): Promise<AtBase> {
    this.#readable ??= this.previous.readable?.().catch(() => false) ?? Promise.resolve(false);
    if (!(await this.#readable)) return { kind: 'none', why: 'no_base' };
    return manifestAtBase(this.previous, file);
  }

  /** What the manifest and the defaults files above it asked for in the history at hand. */
  async of(file: string): Promise<Asked[]> {
    const defaults = defaultsFilesAbove(file).flat();
    const all = await Promise.all([file, ...defaults].map((path) => this.#versions(path)));
    return all.flat();
  }

  #versions(path: string): Promise<Asked[]> {
    let found = this.#cache.get(path);
    if (found === undefined) {
      found = this.#read(path);
      this.#cache.set(path, found);
    }
    return found;
  }

  async #read(path: string): Promise<Asked[]> {
    const texts: string[] = [];
    try {
      const atBase = await this.previous.read(path);
      if (atBase !== null) texts.push(atBase);
      texts.push(...((await this.previous.earlier?.(path)) ?? []));
    } catch {
      // An earlier version that cannot be read asked for nothing this run can name.
    }
    return texts.map(askedIn);
  }
}

/** A matched item whose service values differ from its manifest's. */
interface Differing {
  item: DesiredItem;
  detail: ContentDetail;
  changes: readonly FieldChange[];
}

/** Everything the origin of one item's differences is decided from. */
interface ItemEvidence {
  base: AtBase;
  /** The manifest's and its defaults' earlier versions, read on first need. */
  history: () => Promise<Asked[]>;
  detail: ContentDetail;
  previewWrites: EngineOptions['deps']['previewWrites'];
}

/** A field the service holds nothing in: no one's work is there to keep. */
function isEmpty(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    value === '' ||
    (isRecord(value) && Object.keys(value).length === 0)
  );
}

/**
 * How long after an item's creation the service may stamp its own work on
 * it (text put in its normal form, defaults filled in) as an update, within
 * the request that created it. Anything later may be a person's or a
 * script's edit: kept and said, never overwritten, where a wrong guess the
 * other way would lose it.
 */
const CREATION_SETTLES_MS = 50;

/** The service shows the item unchanged since its creation: it holds what its creator wrote, nobody's edit since. */
function unchangedSinceCreated(detail: ContentDetail): boolean {
  const created = Date.parse(detail.creation_date ?? '');
  const updated = Date.parse(detail.updated_at ?? '');
  return Number.isFinite(created) && Number.isFinite(updated) && updated - created <= CREATION_SETTLES_MS;
}

/** Who made one difference (see the rules above). */
async function originOf(change: FieldChange, evidence: ItemEvidence): Promise<FieldOrigin> {
  const { field, from: service, to: manifest } = change;
  const { base, history, detail, previewWrites } = evidence;
  const atBase = base.kind === 'item' ? (base.item.fields as Asked)[field] : undefined;
  const askedAtBase = atBase !== undefined && sameInServiceTerms(field, atBase, service);
  if (isEmpty(service) || askedAtBase) return { kind: 'repository' };
  if (base.kind === 'item' && atBase === undefined) return { kind: 'repository' };
  if (base.kind === 'none' && base.why === 'not_at_base' && unchangedSinceCreated(detail))
    return { kind: 'repository' };
  // The history is read only when the base does not decide: a catalogue's change touches many files.
  const versions = await history();
  // No base and no history at all (outside a repository, a manifest never committed): there is no
  // earlier ask to tell an edit from, and the manifest being written now is the repository asking.
  if (base.kind === 'none' && base.why === 'no_base' && versions.length === 0) return { kind: 'repository' };
  const asked = versions.flatMap((version) => (version[field] === undefined ? [] : [version[field]]));
  if (asked.some((value) => sameInServiceTerms(field, value, service))) return { kind: 'repository' };
  const previewed = previewWrites ? await previewWrites.wrote(detail.id, field, service) : null;
  if (previewed === true) return { kind: 'repository' };
  if (atBase !== undefined && !sameInServiceTerms(field, atBase, manifest))
    return { kind: 'conflict', asked: atBase };
  // A preview writes only drafts: where its records are unknown, a draft's writer cannot be told.
  if (detail.status === 'NEW' && previewed === null) return { kind: 'unknown', why: 'preview_unrecorded' };
  return { kind: 'service' };
}

/**
 * The origins of one item's differences. A manifest new since the base that
 * claims an item the service already holds asks for nothing it asked before:
 * an item changed since its creation holds someone's work, kept like any
 * edit made in the service; one unchanged since is adopted as the manifest says.
 */
async function itemOrigins(
  history: AskedHistory,
  { item, detail, changes, base }: Differing & { base: AtBase },
  previewWrites: EngineOptions['deps']['previewWrites'],
): Promise<Map<ManagedField, FieldOrigin>> {
  const origins = new Map<ManagedField, FieldOrigin>();
  let versions: Promise<Asked[]> | null = null;
  const evidence: ItemEvidence = {
    base,
    history: () => (versions ??= history.of(item.file)),
    detail,
    previewWrites,
  };
  for (const change of changes) origins.set(change.field, await originOf(change, evidence));
  return origins;
}

/**
 * file → field → origin, for every matched item whose service value differs
 * from its manifest. Undefined when the run has no earlier versions at all
 * (and a manifest with neither a base nor a history is the repository's
 * too): every difference is then the repository's to write, as it always was.
 */
export async function serviceEditOrigins(
  options: EngineOptions,
  matched: readonly Matched[],
  details: ReadonlyMap<string, ContentDetail>,
  personaAsked: (file: string) => boolean,
): Promise<Map<string, Map<ManagedField, FieldOrigin>> | undefined> {
  const previous = options.deps.previous;
  if (!previous) return undefined;
  const history = new AskedHistory(previous);
  const differing = matched.flatMap((entry): Differing[] => {
    const detail = entry.remote === null ? undefined : details.get(entry.remote.id);
    if (detail === undefined) return [];
    const changes = withoutIgnored(
      entry.item,
      fieldChanges(entry.item.fields, detail, personaAsked(entry.item.file)),
    ).filter((change) => !OWN_RULES.has(change.field));
    return changes.length > 0 ? [{ item: entry.item, detail, changes }] : [];
  });
  // The bases are asked all at once (PreviousVersions); a history is a git
  // process of its own, read 8 at a time where a base does not decide.
  const bases = await Promise.all(differing.map(({ item }) => history.base(item.file)));
  const found = await mapLimit(differing, 8, (entry, index) =>
    itemOrigins(history, { ...entry, base: bases[index]! }, options.deps.previewWrites),
  );
  return new Map(differing.map(({ item }, index) => [item.file, found[index]!]));
}
