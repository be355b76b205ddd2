import { parse } from 'yaml';
import type { PublishOptions } from '../service-client/types.ts';
import { defaultsFilesAbove } from '../manifest/catalogue-files.ts';
import { nonBlankText } from '../manifest/outline.ts';
import { isRecord } from '../record.ts';
import type { DesiredItem } from '../manifest/types.ts';
import { sameTitle, titleKey } from '../text/service-terms.ts';

// Manifests as they were before this change, read through any source of
// earlier versions (git here, the PR's file listing in the action): the
// title a renamed manifest had, and what a published video was published with.

/**
 * Reads a manifest as it was at an earlier commit, to find renamed titles.
 * Ask for every file at once rather than a few at a time: git answers the
 * reads of one turn of the event loop from one process, and GitHub's client
 * spaces its own requests.
 */
export interface PreviousVersions {
  /** The file at the run's base commit; null when it did not exist there. */
  read(file: string): Promise<string | null>;
  /**
   * The file as each earlier commit of the history had it, newest first (a
   * bounded number): a rename whose own run applied nothing is still found.
   * Absent where no history is at hand (the PR's file listing of a shallow clone).
   */
  earlier?(file: string): Promise<string[]>;
  /**
   * Whether the base can be read at all: `read` answers null both for a file
   * the base did not have and when there is no base to read. Absent: it
   * cannot be told, and whatever needs to know takes it as unreadable.
   */
  readable?(): Promise<boolean>;
}

/**
 * `previous` asked once per file for the run: the plan reads a base from
 * several stages (renames, service edits, a preview's reach, the
 * publication settings of a published video).
 */
export function rememberedVersions(previous: PreviousVersions): PreviousVersions {
  const reads = new Map<string, Promise<string | null>>();
  const histories = new Map<string, Promise<string[]>>();
  let readable: Promise<boolean> | null = null;
  const once = <T>(cache: Map<string, Promise<T>>, file: string, ask: () => Promise<T>): Promise<T> => {
    let answer = cache.get(file);
    if (answer === undefined) {
      answer = ask();
      cache.set(file, answer);
    }
    return answer;
  };
  return {
    read: (file) => once(reads, file, () => previous.read(file)),
    ...(previous.earlier
      ? { earlier: (file: string) => once(histories, file, () => previous.earlier!(file)) }
      : {}),
    ...(previous.readable ? { readable: () => (readable ??= previous.readable!()) } : {}),
  };
}

/**
 * Asks for each file at the base, and for the defaults files above it, all
 * at once and without waiting: a change's plan compares what it touches
 * with the base, and these reads go on while the catalogue is parsed. A read
 * that fails is left to whoever needs it.
 */
export function askAhead(previous: PreviousVersions, files: Iterable<string>): void {
  const paths = new Set<string>();
  for (const file of files) for (const path of [file, ...defaultsFilesAbove(file).flat()]) paths.add(path);
  void previous.readable?.().catch(() => undefined);
  for (const path of paths) void previous.read(path).catch(() => undefined);
}

/** The title and pinned id a manifest's text names, as its outline reads them; null without a title. */
export function identityIn(text: string | null): { title: string; id: string | null } | null {
  if (text === null) return null;
  try {
    const doc: unknown = parse(text);
    if (!isRecord(doc)) return null;
    const { title, id } = doc;
    const written = nonBlankText(title);
    return written === null ? null : { title: written, id: nonBlankText(id) };
  } catch {
    return null; // an unparsable earlier version names nothing
  }
}

/** The title a manifest's earlier text names, when it is not `current`. */
function titleIn(text: string | null, current: string): string | null {
  const title = identityIn(text)?.title ?? null;
  return title !== null && !sameTitle(title, current) ? title : null;
}

/**
 * The title a manifest had before, through any PreviousVersions source (git,
 * the PR's file listing): the one at the base commit, or else the newest title in the
 * file's history that a remote item still has (a rename whose own run applied
 * nothing, a scheduled run with no base).
 */
export async function previousTitle(
  previous: PreviousVersions,
  item: DesiredItem,
  remoteTitles: ReadonlySet<string> = new Set(),
): Promise<string | null> {
  const atBase = titleIn(await previous.read(item.file), item.fields.title);
  if ((atBase !== null && remoteTitles.has(titleKey(atBase))) || !previous.earlier) return atBase;
  for (const text of await previous.earlier(item.file)) {
    const title = titleIn(text, item.fields.title);
    if (title !== null && remoteTitles.has(titleKey(title))) return title;
  }
  return atBase;
}

// The service does not report a published video's privacy or other
// publication settings, only its accounts. What it was published with is read
// from the manifest as it was before this change (the base commit), so that a
// change to them after publication is reported as drift, like the script.

type Settings = Omit<PublishOptions, 'account_ids'>;

/** The publication settings a manifest text sets, with the schema's defaults; null when it has none. */
function publishSettingsIn(text: string): Settings | null {
  let doc: unknown;
  try {
    doc = parse(text);
  } catch {
    return null; // an unparsable earlier version says nothing
  }
  if (!isRecord(doc) || !isRecord(doc.publish)) return null;
  const p = doc.publish;
  const flag = (value: unknown, fallback: boolean): boolean =>
    typeof value === 'boolean' ? value : fallback;
  const settings: Settings = {
    privacy: typeof p.privacy === 'string' ? p.privacy : 'public',
    category: typeof p.category === 'string' || typeof p.category === 'number' ? String(p.category) : '22',
    made_for_kids: flag(p.made_for_kids, false),
    age_restricted: flag(p.age_restricted, false),
    notify_subscribers: flag(p.notify_subscribers, true),
    ai_disclosure: flag(p.ai_disclosure, true),
  };
  const tiktok = isRecord(p.tiktok) ? p.tiktok : {};
  if (tiktok.post_mode === 'direct' || tiktok.post_mode === 'draft')
    settings.tiktok_post_mode = tiktok.post_mode;
  if (typeof tiktok.privacy === 'string') settings.tiktok_privacy = tiktok.privacy;
  return settings;
}

/** file → publication settings at the base, for the given (published) manifests that had them there. */
export async function publishedWith(
  previous: PreviousVersions | undefined,
  items: readonly DesiredItem[],
): Promise<Map<string, Settings>> {
  const found = new Map<string, Settings>();
  if (!previous) return found;
  await Promise.all(
    items.map(async (item) => {
      const text = await previous.read(item.file);
      const settings = text === null ? null : publishSettingsIn(text);
      if (settings !== null) found.set(item.file, settings);
    }),
  );
  return found;
}

// A persona the service shows otherwise than the manifest is written only
// when the change being applied set it (plan/types.ts, personaChanged): the
// persona as the base commit had it, in the manifest or the nearest folder
// `_defaults.yml` above it.

function personaIn(text: string | null): string | null | undefined {
  if (text === null) return undefined;
  let doc: unknown;
  try {
    doc = parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(doc) || !('persona' in doc)) return null;
  const persona = isRecord(doc.persona) ? doc.persona.id : doc.persona;
  return typeof persona === 'string' ? persona : null;
}

/** The persona a manifest had at the base; undefined when the manifest did not exist there. */
async function personaAtBase(previous: PreviousVersions, file: string): Promise<string | null | undefined> {
  const own = personaIn(await previous.read(file));
  if (own !== null) return own;
  // The nearest folder's defaults first.
  for (const folder of defaultsFilesAbove(file).reverse()) {
    for (const path of folder) {
      const inherited = personaIn(await previous.read(path));
      if (typeof inherited === 'string') return inherited;
    }
  }
  return null;
}

/** Whether the manifest's persona differs from the one it had at the base commit (false when it is new since). */
export async function personaChangedSince(previous: PreviousVersions, item: DesiredItem): Promise<boolean> {
  const before = await personaAtBase(previous, item.file);
  return before !== undefined && before !== (item.fields.persona_id ?? null);
}
