import { describe, expect, it } from 'vitest';
import type { ContentDetail, VideoSettings } from '../../src/service-client/types.ts';
import {
  coversKeys,
  createFields,
  fieldChanges,
  putBody,
  sameInServiceTerms,
  sameValue,
  settingsChanges,
} from '../../src/plan/diff.ts';
import { sameTitle, serviceText } from '../../src/text/service-terms.ts';
import { desired, remote as itemOf } from '../support/fixtures.ts';

// The field-level comparison of a manifest with an item, one rule at a time:
// what counts as the same value in the service's terms, which fields are
// compared, and what a create or a PUT carries. The same comparisons inside a
// whole plan are in test/plan/plan.test.ts.

/** The managed fields the item holds, persona aside. */
const HELD = {
  title: 'Title',
  description: 'Description',
  full_text: 'Source',
  textover: 'Script',
  hashtags: '#a',
  fine_tuning: { tone: 'calm' },
};

/** An item holding every managed field, as the service reports it. */
function remote(fields: Partial<ContentDetail> = {}): ContentDetail {
  return itemOf(desired('a.yaml'), { ...HELD, persona: { id: 'p-1', name: 'Ann' }, ...fields });
}

/** The settings of a last render: those given, every other one not reported (null). */
const settings = (fields: Partial<VideoSettings>): VideoSettings => {
  const keys = 'video_id orientation prefer_real_world image_overlay_enabled image_overlay_position';
  const none = Object.fromEntries(
    `${keys} zoom_effect_enabled subtitle_settings`.split(' ').map((k) => [k, null]),
  );
  return { ...none, ...fields } as VideoSettings;
};

describe('sameValue', () => {
  it('primitives by identity', () => {
    expect(sameValue('a', 'a')).toBe(true);
    expect(sameValue(1, '1')).toBe(false);
    expect(sameValue(null, null)).toBe(true);
    expect(sameValue(null, {})).toBe(false);
    expect(sameValue({}, null)).toBe(false);
    expect(sameValue('a', { 0: 'a' })).toBe(false);
    expect(sameValue({ 0: 'a' }, 'a')).toBe(false);
  });

  it('arrays in order, never equal to an object', () => {
    expect(sameValue([1, [2]], [1, [2]])).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue([1, 2], [1, 3])).toBe(false);
    expect(sameValue([1, undefined], [1])).toBe(false);
    expect(sameValue([1], [1, 1])).toBe(false);
    expect(sameValue([1, 1], [1])).toBe(false);
    expect(sameValue([], {})).toBe(false);
    expect(sameValue({}, [])).toBe(false);
  });

  it('objects whatever the key order, keys set to undefined left out', () => {
    expect(sameValue({ a: 1, b: { c: [1] } }, { b: { c: [1] }, a: 1 })).toBe(true);
    expect(sameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameValue({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(sameValue({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameValue({ a: undefined }, { b: undefined })).toBe(true);
  });
});

describe('serviceText', () => {
  it('line breaks as \\n, no white space at line ends or around the text; indentation inside kept', () => {
    expect(serviceText('  a  \r\nb\t\r  c \n\n')).toBe('a\nb\n  c');
  });

  it('titles are the same when they differ only there', () => {
    expect(sameTitle('Tall kelp ', 'Tall kelp')).toBe(true);
    expect(sameTitle('Tall kelp', 'tall kelp')).toBe(false);
  });
});

describe('coversKeys', () => {
  it('every key the manifest sets has its value; keys the service added do not count', () => {
    expect(coversKeys({ a: 1, n: { b: 2 } }, { a: 1, n: { b: 2, extra: 3 }, extra: true })).toBe(true);
    expect(coversKeys({ a: 1 }, { a: 2 })).toBe(false);
    expect(coversKeys({ n: { b: 2 } }, { n: { b: 3 } })).toBe(false);
    expect(coversKeys({ n: { b: 2 } }, { n: null })).toBe(false);
    expect(coversKeys({ n: {} }, { n: null })).toBe(true);
    expect(coversKeys({ n: null }, { n: null })).toBe(true);
    expect(coversKeys({ n: null }, { n: {} })).toBe(false);
  });

  it('null or nothing on the service is {}; anything else that is no object covers nothing', () => {
    expect(coversKeys({}, null)).toBe(true);
    expect(coversKeys({}, undefined)).toBe(true);
    expect(coversKeys({ a: 1 }, null)).toBe(false);
    expect(coversKeys({}, [])).toBe(false);
    expect(coversKeys({}, 'x')).toBe(false);
  });
});

describe('sameInServiceTerms', () => {
  it('every text field compares as service text: a service may trim any of them', () => {
    expect(sameInServiceTerms('full_text', 'a\r\nb ', 'a\nb')).toBe(true);
    expect(sameInServiceTerms('textover', 'a \n', 'a')).toBe(true);
    expect(sameInServiceTerms('full_text', 'a', null)).toBe(false);
    expect(sameInServiceTerms('textover', null, null)).toBe(true);
    expect(sameInServiceTerms('title', 'a ', 'a')).toBe(true);
    expect(sameInServiceTerms('description', 'Tall kelp.  ', 'Tall kelp.')).toBe(true);
    expect(sameInServiceTerms('hashtags', '#kelp\r\n', '#kelp')).toBe(true);
    expect(sameInServiceTerms('description', 'Tall kelp.', 'Tall  kelp.')).toBe(false);
    expect(sameInServiceTerms('description', 'a', null)).toBe(false);
  });

  it('fine_tuning compares by the keys the manifest sets; other objects whole', () => {
    expect(sameInServiceTerms('fine_tuning', { tone: 'calm' }, { tone: 'calm', pace: 1 })).toBe(true);
    expect(sameInServiceTerms('fine_tuning', { tone: 'calm' }, { tone: 'loud' })).toBe(false);
    expect(sameInServiceTerms('hashtags', { a: 1 }, { a: 1, b: 2 })).toBe(false);
  });
});

describe('fieldChanges', () => {
  it('only the fields the manifest sets, in a fixed order, from the service value to the manifest value', () => {
    const changes = fieldChanges(
      { title: 'New', persona_id: 'p-2', hashtags: '#a', textover: 'Other', fine_tuning: { tone: 'calm' } },
      remote(),
    );
    expect(changes).toEqual([
      { field: 'title', from: 'Title', to: 'New' },
      { field: 'textover', from: 'Script', to: 'Other' },
      { field: 'persona_id', from: 'p-1', to: 'p-2' },
    ]);
  });

  it('a field the service does not hold is null; a persona it does not report is not compared', () => {
    expect(fieldChanges({ title: 'Title', description: 'D' }, remote({ description: null }))).toEqual([
      { field: 'description', from: null, to: 'D' },
    ]);
    expect(fieldChanges({ title: 'Title', persona_id: 'p-2' }, remote({ persona: null }))).toEqual([]);
    expect(fieldChanges({ title: 'Title', full_text: 'Source \n' }, remote())).toEqual([]);
  });
});

describe('createFields', () => {
  it('every field, those the manifest leaves out as null', () => {
    expect(createFields({ title: 'T', full_text: 'S' })).toStrictEqual({
      title: 'T',
      description: null,
      full_text: 'S',
      textover: null,
      hashtags: null,
      fine_tuning: null,
      persona_id: null,
    });
    expect(
      createFields({
        title: 'T',
        description: 'D',
        textover: 'X',
        hashtags: '#h',
        fine_tuning: { a: 1 },
        persona_id: 'p',
      }),
    ).toMatchObject({
      description: 'D',
      textover: 'X',
      hashtags: '#h',
      fine_tuning: { a: 1 },
      persona_id: 'p',
    });
  });
});

describe('putBody', () => {
  const item = remote();
  const current = { ...HELD, persona_id: 'p-1' };

  it('every field: the changes with the manifest values, the rest as the item has them', () => {
    const changes = [{ field: 'title' as const, from: 'Title', to: 'New' }];
    expect(putBody(changes, { title: 'New' }, item)).toStrictEqual({ ...current, title: 'New' });
  });

  it('leaves out the script the service wrote when the source text changes', () => {
    const changes = [
      { field: 'title' as const, from: 'Title', to: 'New' },
      { field: 'full_text' as const, from: 'Source', to: 'Other' },
    ];
    const { textover, ...rest } = current;
    expect(textover).toBe('Script');
    expect(putBody(changes, { title: 'New', full_text: 'Other' }, item)).toStrictEqual({
      ...rest,
      title: 'New',
      full_text: 'Other',
    });
  });

  it('keeps a script the manifest sets, and the script when only other fields change', () => {
    const both = [
      { field: 'full_text' as const, from: 'Source', to: 'Other' },
      { field: 'textover' as const, from: 'Script', to: 'Mine' },
    ];
    expect(putBody(both, { title: 'Title', full_text: 'Other', textover: 'Mine' }, item)).toStrictEqual({
      ...current,
      full_text: 'Other',
      textover: 'Mine',
    });
    const same = [{ field: 'full_text' as const, from: 'Source', to: 'Other' }];
    expect(putBody(same, { title: 'Title', full_text: 'Other', textover: 'Script' }, item)).toStrictEqual({
      ...current,
      full_text: 'Other',
    });
    const other = [{ field: 'description' as const, from: 'Description', to: 'D' }];
    expect(putBody(other, { title: 'Title', description: 'D' }, item)).toStrictEqual({
      ...current,
      description: 'D',
    });
  });
});

describe('settingsChanges (A19)', () => {
  const desired = { video_id: 'v-1', orientation: 'vertical', zoom_effect_enabled: true };

  it('nothing to compare without the settings of a last render', () => {
    expect(settingsChanges(desired, null)).toEqual([]);
  });

  it('each setting both sides give that differs, as its own drift', () => {
    expect(
      settingsChanges(
        desired,
        settings({ video_id: 'v-2', orientation: 'vertical', zoom_effect_enabled: false }),
      ),
    ).toEqual([
      { field: 'video_settings', remote: { video_id: 'v-2' }, desired: { video_id: 'v-1' } },
      {
        field: 'video_settings',
        remote: { zoom_effect_enabled: false },
        desired: { zoom_effect_enabled: true },
      },
    ]);
  });

  it('a setting the manifest leaves out or the service does not report is not compared', () => {
    expect(settingsChanges(desired, settings({ prefer_real_world: true }))).toEqual([]);
    const partial = settings({ video_id: 'v-1' }) as unknown as Record<string, unknown>;
    delete partial.orientation;
    expect(settingsChanges(desired, partial as unknown as VideoSettings)).toEqual([]);
  });

  it('subtitle settings the service completed with its defaults are no change; others are', () => {
    const wanted = { ...desired, subtitle_settings: { font: 'A' } };
    expect(settingsChanges(wanted, settings({ subtitle_settings: { font: 'A', size: 3 } }))).toEqual([]);
    expect(settingsChanges(wanted, settings({ subtitle_settings: { font: 'B' } }))).toEqual([
      {
        field: 'video_settings',
        remote: { subtitle_settings: { font: 'B' } },
        desired: { subtitle_settings: { font: 'A' } },
      },
    ]);
  });
});
