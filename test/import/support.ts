// A catalogue of a few hundred items in every stage, seeded through the
// client (as the service's own web app would leave it) and the emulator's
// admin handle (failures, a second account of one name).
import type { ServiceClient } from '../../src/service-client/client.ts';
import type {
  Account,
  ContentFields,
  PublishOptions,
  RenderOptions,
} from '../../src/service-client/types.ts';
import { TERMINAL_STATUS_NAMES } from '../../src/interface/enumerations.ts';
import type { Emulator, EmulatorOptions } from '../../src/emulator/index.ts';
import { mapLimit } from '../../src/concurrency.ts';

/** Long enough that a run started just before an import is still running when its plan reads the item. */
const SLOW_PHASES = { audio: 8000, video: 10, upload: 8000 };

export const CATALOGUE_OPTIONS: EmulatorOptions = {
  phaseMs: SLOW_PHASES,
  rateLimit: null,
  credits: 1_000_000,
  dailyVideoCap: 100_000,
  failures: [
    { titleIncludes: '[render fails]', phase: 'video', message: 'Stock footage unavailable: yes' },
    { titleIncludes: '[upload fails]', phase: 'upload', message: 'Channel quota: 1e3 uploads' },
  ],
};

/** Texts YAML would misread or trim if they were written carelessly. */
const AWKWARD_TEXTS: readonly string[] = [
  'Plain text without a trailing newline.',
  'A text that ends in a newline.\n',
  'Two trailing newlines.\n\n',
  'yes',
  'no',
  'on',
  '1e3',
  '012',
  '1:20',
  'null',
  '~',
  'key: value',
  '- looks like a list',
  '#not a comment',
  '  leading spaces',
  '  indented first line\nthen flush\n',
  'trailing blank \nsecond line',
  'Ünïcødé, emoji 🐙 and 日本語 text.',
  'Several lines.\nThe second: with a colon.\n\tTabbed third.\n',
  '',
  '"quoted" and \'single\'',
  'line one\r\nwindows line two',
];

const HASHTAGS: readonly (string | null)[] = [
  '#ocean #facts',
  'ocean facts',
  ' #padded ',
  null,
  '#a  #b',
  '#日本',
  '',
];

type Kind = 'draft' | 'rendered' | 'published' | 'several' | 'failed' | 'upload-failed' | 'in-flight';
const KINDS: readonly Kind[] = [
  'draft',
  'rendered',
  'published',
  'several',
  'failed',
  'upload-failed',
  'in-flight',
];

export interface Seeded {
  id: string;
  title: string;
  kind: Kind;
}

function fieldsOf(i: number, kind: Kind, personas: readonly string[]): ContentFields {
  const text = AWKWARD_TEXTS[i % AWKWARD_TEXTS.length]!;
  const special =
    i < AWKWARD_TEXTS.length && text.trim() !== '' ? ` ${text.replace(/\s+/g, ' ').trim()}` : '';
  const suffix = kind === 'failed' ? ' [render fails]' : kind === 'upload-failed' ? ' [upload fails]' : '';
  return {
    title: i % 50 === 7 ? `日本語のタイトル ${i}${suffix}` : `Item ${i}${special}${suffix}`,
    description: i % 4 === 0 ? null : AWKWARD_TEXTS[(i + 3) % AWKWARD_TEXTS.length]!,
    full_text: i % 23 === 5 ? null : `${text}${i % 2 === 0 ? '' : `\nAbout item ${i}. It is short.`}`,
    // Every third item has a hand-written script; the others get the service's own.
    textover: i % 3 === 0 ? AWKWARD_TEXTS[(i + 5) % AWKWARD_TEXTS.length]! || 'Hand-written.' : null,
    hashtags: HASHTAGS[i % HASHTAGS.length]!,
    fine_tuning: i % 5 === 0 ? { tone: 'yes', temperature: 0.7, nested: { list: [1, '1e3', null] } } : null,
    persona_id: i % 4 === 1 ? (personas[i % personas.length] ?? null) : null,
  };
}

function renderOf(i: number): RenderOptions {
  const render: RenderOptions = {
    video_id: i % 2 === 0 ? 'stock' : 'ai',
    orientation: i % 3 === 0 ? 'horizontal' : 'vertical',
  };
  if (i % 4 === 0) render.zoom_effect_enabled = true;
  if (i % 5 === 0) render.subtitle_settings = { font: 'Inter', size: 42, on: 'yes' };
  if (i % 6 === 0) {
    render.image_overlay_enabled = true;
    render.image_overlay_position = 'top';
  }
  if (i % 7 === 0) render.prefer_real_world = false;
  return render;
}

function publishTo(accounts: readonly Account[]): PublishOptions {
  return {
    account_ids: accounts.map((account) => account.id),
    made_for_kids: false,
    age_restricted: false,
    notify_subscribers: true,
    ai_disclosure: true,
  };
}

async function settle(emulator: Emulator): Promise<void> {
  for (;;) {
    const busy = emulator.admin
      .items()
      // A one-shot run passes VIDEO_PROCESSED on its way to publishing: only
      // no progress snapshot says the run is over (the interface's rule).
      .filter(
        (item) =>
          item.progress !== null ||
          (item.status !== 'NEW' &&
            !(TERMINAL_STATUS_NAMES as readonly string[]).includes(item.status) &&
            item.status !== 'VIDEO_PROCESSED'),
      );
    if (busy.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Seeds `count` items, one kind after another, and waits until every run has
 * ended. The in-flight ones are left as drafts and rendered items: start()
 * sets them running, to be called just before the import.
 */
export async function seedCatalogue(
  emulator: Emulator,
  client: ServiceClient,
  count: number,
): Promise<{ seeded: Seeded[]; start: () => Promise<void> }> {
  const { admin } = emulator;
  // A second YouTube account of the same name: only its id tells the two apart.
  admin.addAccount(admin.defaultUserId, { platform: 'YouTube', name: 'Ocean Facts' });
  const accounts = (await client.listAccounts()).items;
  const byName = (platform: string, name: string): Account =>
    accounts.find((account) => account.platform === platform && account.name === name)!;
  const youtube = byName('YouTube', 'Ocean Facts');
  const several = [
    byName('TikTok', 'oceanfacts'),
    byName('Instagram', 'ocean.facts'),
    accounts.filter((a) => a.name === 'Ocean Facts').at(-1)!,
  ];
  const personas = ['2f8b6d14-9a7c-4e3b-b5d1-0c6e8a4f2d01', '2f8b6d14-9a7c-4e3b-b5d1-0c6e8a4f2d02'];

  const seeded = await mapLimit(
    Array.from({ length: count }, (_, i) => i),
    16,
    async (i) => {
      const kind = KINDS[i % KINDS.length]!;
      const fields = fieldsOf(i, kind, personas);
      const created = await client.createContent(fields);
      const render = renderOf(i);
      if (kind === 'rendered' || kind === 'failed')
        await client.processContent({ content_id: created.id, render });
      if (kind === 'published' || kind === 'upload-failed')
        await client.processContent({ content_id: created.id, render, publish: publishTo([youtube]) });
      if (kind === 'several')
        await client.processContent({ content_id: created.id, render, publish: publishTo(several) });
      return { id: created.id, title: fields.title, kind, render, index: i };
    },
  );
  await settle(emulator);
  const inFlight = seeded.filter((item) => item.kind === 'in-flight');
  const uploading = seeded.filter((item) => item.kind === 'rendered' && item.index % 4 === 1);
  const start = async (): Promise<void> => {
    // Renders (half of them to be published) in their audio phase, and
    // publications of rendered videos in their upload phase.
    await mapLimit(inFlight, 16, async (item) => {
      const publish = item.index % 2 === 0 ? { publish: publishTo([youtube]) } : {};
      await client.processContent({ content_id: item.id, render: item.render, ...publish });
    });
    await mapLimit(uploading, 16, (item) => client.upload(item.id, publishTo(several)));
  };
  return { seeded: seeded.map(({ id, title, kind }) => ({ id, title, kind })), start };
}
