import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLATFORMS } from '../../src/api/types.ts';
import { FLOWS, STAGES, parseManifest, printManifest } from '../../src/manifest/index.ts';
import type { AccountSelector, DesiredItem } from '../../src/manifest/index.ts';

// Any desired state the loader can produce, printed back to YAML, loads to the
// same desired state. Positions differ (the printed file is laid out anew), so
// they are left out of the comparison.

const here = { file: 'generated.yml', line: 1, column: 1 };

const text = fc.string({ unit: 'binary', maxLength: 40 });
const word = text.filter((s) => /\S/.test(s));
const key = fc.string({ unit: 'binary', maxLength: 12 }).filter((s) => s !== '__proto__');

const json: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer({ min: -1e9, max: 1e9 }).map((n) => (Object.is(n, -0) ? 0 : n)),
    text,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
})).value;
const mapping = fc.dictionary(key, json, { maxKeys: 5 });

const account: fc.Arbitrary<AccountSelector> = fc.oneof(
  word.map((id): AccountSelector => ({ kind: 'id', id, location: here })),
  fc
    .record({ platform: fc.constantFrom(...PLATFORMS), name: word })
    .map((a): AccountSelector => ({ kind: 'name', ...a, location: here })),
);

const instant = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

const publish = fc.record(
  {
    accounts: fc.array(account, { maxLength: 3 }),
    at: fc.option(instant, { nil: null }),
    options: fc.record(
      {
        privacy: word,
        category: fc.oneof(word, fc.nat(99).map(String)),
        made_for_kids: fc.boolean(),
        age_restricted: fc.boolean(),
        notify_subscribers: fc.boolean(),
        ai_disclosure: fc.boolean(),
        tiktok_post_mode: fc.constantFrom('direct' as const, 'draft' as const),
        tiktok_privacy: word,
      },
      {
        requiredKeys: [
          'privacy',
          'category',
          'made_for_kids',
          'age_restricted',
          'notify_subscribers',
          'ai_disclosure',
        ],
      },
    ),
  },
  { requiredKeys: ['accounts', 'at', 'options'] },
);

const item: fc.Arbitrary<DesiredItem> = fc
  .record({
    id: fc.option(word, { nil: null }),
    fields: fc.record(
      {
        title: word,
        description: text,
        full_text: fc.oneof(
          text,
          fc.array(text, { maxLength: 4 }).map((lines) => lines.join('\n')),
        ),
        textover: text,
        hashtags: text.map((s) => s.trim()),
        fine_tuning: mapping,
        persona_id: word,
      },
      { requiredKeys: ['title'] },
    ),
    stage: fc.constantFrom(...STAGES),
    flow: fc.constantFrom(...FLOWS),
    render: fc.record(
      {
        video_id: word,
        orientation: word,
        prefer_real_world: fc.boolean(),
        image_overlay_enabled: fc.boolean(),
        image_overlay_position: word,
        zoom_effect_enabled: fc.boolean(),
        subtitle_settings: mapping,
      },
      { requiredKeys: ['video_id', 'orientation'] },
    ),
    publish: fc.option(publish, { nil: null }),
  })
  .map((generated): DesiredItem => ({ file: here.file, location: here, locations: {}, ...generated }))
  // The states the loader can produce: a published item has accounts, and a
  // video made for kids is never age-restricted.
  .filter((i) => i.stage !== 'published' || (i.publish?.accounts.length ?? 0) > 0)
  .filter((i) => !(i.publish?.options.made_for_kids && i.publish.options.age_restricted));

function comparable(i: DesiredItem): unknown {
  return {
    id: i.id,
    fields: i.fields,
    stage: i.stage,
    flow: i.flow,
    render: i.render,
    publish: i.publish && {
      ...i.publish,
      accounts: i.publish.accounts.map(({ location: _location, ...rest }) => rest),
    },
  };
}

describe('printManifest', () => {
  it('prints any valid desired state to YAML that loads to the same desired state', () => {
    fc.assert(
      fc.property(item, (original) => {
        const yaml = printManifest(original);
        const loaded = parseManifest('generated.yml', yaml);
        expect(loaded.problems.filter((p) => p.severity === 'error')).toEqual([]);
        expect(comparable(loaded.item!)).toEqual(comparable(original));
      }),
      { numRuns: 300 },
    );
  });

  it('is stable: printing what was loaded prints the same text', () => {
    fc.assert(
      fc.property(item, (original) => {
        const once = printManifest(original);
        const again = printManifest(parseManifest('generated.yml', once).item!);
        expect(again).toBe(once);
      }),
      { numRuns: 100 },
    );
  });

  it('writes the editor modeline when asked', () => {
    const { item: loaded } = parseManifest('a.yml', 'title: Hello\n');
    expect(printManifest(loaded!, { schemaPath: '../schema/content.schema.json' })).toBe(
      [
        '# yaml-language-server: $schema=../schema/content.schema.json',
        'title: Hello',
        'stage: draft',
        'flow: oneshot',
        'video:',
        '  source: stock',
        '  orientation: vertical',
        '',
      ].join('\n'),
    );
  });
});
