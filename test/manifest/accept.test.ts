import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptManifest } from '../../src/manifest/accept.ts';
import { readSource } from '../../src/manifest/read-yaml.ts';
import { manifestSchema } from '../../src/manifest/schema.ts';
import type { Source } from '../../src/manifest/tree.ts';
import { asDefaults, layer } from '../../src/manifest/validate.ts';

// acceptManifest is a fast path that must never disagree with the zod schema:
// when it answers, zod accepts the same value and returns the same output.
// Returning null only costs speed, but the ordinary manifests must not need zod.

/** What zod returns for a value, or null when it rejects it. */
function zod(value: unknown): unknown {
  const result = manifestSchema.safeParse(value);
  return result.success ? result.data : null;
}

/** The hard rule: a non-null answer is zod's output, exactly. Returns whether it answered. */
function agrees(value: unknown): boolean {
  const fast = acceptManifest(value);
  if (fast === null) return false;
  const result = manifestSchema.safeParse(value);
  expect(result.success, JSON.stringify(value)).toBe(true);
  expect(fast).toStrictEqual(result.data);
  return true;
}

// ---------------------------------------------------------------------------
// The manifests on disk, merged with their _defaults.yml by the loader's own functions.

const root = (relative: string) => fileURLToPath(new URL(`../../${relative}`, import.meta.url));

/** A file through the loader's own full reader; defaults files as the loader takes them. */
function readTree(file: string, defaults = false): Source {
  const source = readSource(file, readFileSync(file, 'utf8'));
  return defaults ? asDefaults(source) : source;
}

/** Every manifest under a folder, each merged under the defaults of its folders, outermost first. */
function manifestsUnder(folder: string): Array<{ file: string; value: unknown }> {
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.ya?ml$/.test(file) && !/^_defaults\.ya?ml$/.test(path.basename(file)))
    .sort();
  return files.map((file) => {
    const layers: string[] = [];
    for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
      layers.unshift(path.join(folder, dir, '_defaults.yml'));
      if (dir === '.') break;
    }
    const defaults = layers.filter((layer) => existsSync(layer)).map((layer) => readTree(layer, true));
    // A fixture of broken YAML has no value to check.
    const value = layer(readTree(path.join(folder, file)), defaults)?.value;
    return { file, value };
  });
}

describe('acceptManifest on the manifests on disk', () => {
  it('accepts every example, with the output of zod', () => {
    const examples = manifestsUnder(root('examples/content'));
    let accepted = 0;
    for (const { file, value } of examples) {
      expect(zod(value), file).not.toBeNull();
      if (agrees(value)) accepted++;
    }
    expect(accepted).toBeGreaterThanOrEqual(5);
    expect(accepted).toBe(examples.length);
  });

  it('agrees with zod on every fixture, and accepts the good ones', () => {
    const fixtures = manifestsUnder(root('test/fixtures/manifests'));
    expect(fixtures.length).toBeGreaterThan(30);
    const good = fixtures.filter(({ file }) => file.startsWith('good'));
    for (const { file, value } of fixtures) {
      const answered = agrees(value);
      if (zod(value) !== null) expect(answered, file).toBe(true);
    }
    expect(good.length).toBeGreaterThanOrEqual(3);
    expect(good.filter(({ value }) => acceptManifest(value) !== null)).toHaveLength(good.length);
  });
});

// ---------------------------------------------------------------------------
// Generated manifests near the edges: each field drawn from valid and invalid values.

const junk = [
  undefined,
  null,
  0,
  -1,
  1.5,
  22,
  NaN,
  Infinity,
  2 ** 53,
  true,
  false,
  '',
  ' ',
  '\t\n',
  '\u00a0',
  [],
  {},
  { x: 1 },
];

/**
 * Manifest-like values where about one value in `odds` is wrong (junk) or odd (an edge, mostly still
 * valid). Many odds and few odds are mixed: the first are mostly accepted, the second test the edges.
 */
function manifestLike(odds: number): fc.Arbitrary<object> {
  /** Mostly `common`, sometimes `rare`. */
  const mostly = <T, U>(common: fc.Arbitrary<T>, rare: fc.Arbitrary<U>) =>
    fc.oneof({ arbitrary: common, weight: odds }, { arbitrary: rare, weight: 1 });
  /** Mostly `valid`, sometimes a wrong value: junk, or one of `odd`. */
  const near = <T>(valid: fc.Arbitrary<T>, ...odd: unknown[]) =>
    mostly(valid, fc.constantFrom(...junk, ...odd));

  const word = mostly(
    fc.constantFrom('x', 'A title', ' padded ', 'é', '0', '#'),
    fc.string({ maxLength: 6 }),
  );
  const flag = near(fc.boolean());
  const record = near(
    mostly(
      fc.dictionary(fc.string({ maxLength: 4 }), fc.anything({ maxDepth: 1 }), { maxKeys: 3 }),
      fc.constantFrom({ constructor: 'x' }, { __proto__: null, a: 1 }),
    ),
  );

  /** Now and then a key zod does not know (added as the loader adds keys, __proto__ included). */
  function sometimesExtra<T extends object>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T> {
    const extra = fc.constantFrom('titel', 'Title', 'extra', '__proto__', 'constructor', 'stage ');
    return fc.tuple(arbitrary, mostly(fc.constant(null), extra)).map(([object, key]) => {
      if (key === null) return object;
      // A copy: fast-check may hand the same object again while shrinking.
      const prototype = Object.getPrototypeOf(object) as object | null;
      const copy = Object.create(prototype, Object.getOwnPropertyDescriptors(object)) as T;
      return Object.defineProperty(copy, key, { value: 1, enumerable: true, configurable: true });
    });
  }

  const account = mostly(
    fc.oneof(
      fc.record({ id: word }),
      fc.record({ platform: fc.constantFrom('YouTube', 'TikTok', 'Instagram'), name: word }),
    ),
    fc.constantFrom(
      { platform: 'youtube', name: 'n' },
      { platform: 'YouTube' },
      { id: 'a', platform: 'YouTube', name: 'n' },
      { id: 'a', extra: 1 },
      { id: ' ' },
      { id: undefined },
      'a plain string',
      null,
    ),
  );

  // Dates and times made of parts that are mostly in range, so that the odd ones sit at the edges.
  /** Two digits, mostly from min to max, sometimes just outside. */
  const two = (min: number, max: number) =>
    mostly(fc.integer({ min, max }), fc.constantFrom(min - 1, max + 1)).map((n) =>
      String(n).padStart(2, '0'),
    );
  const zone = mostly(
    fc.oneof(
      fc.constantFrom('Z', '+05:30', '-01:00'),
      fc.tuple(fc.constantFrom('+', '-'), two(0, 23), two(0, 59)).map((p) => `${p[0]}${p[1]}:${p[2]}`),
    ),
    fc.constantFrom('z', '', '+0530', '+05', ' Z'),
  );
  const year = fc.constantFrom('2030', '2024', '2023', '2000', '2100', '1900', '0000', '9999', '1970');
  const builtInstant = fc
    .tuple(
      fc.tuple(year, two(1, 12), two(1, 31)).map((p) => p.join('-')),
      mostly(fc.constant('T'), fc.constantFrom('t', ' ')),
      fc.tuple(two(0, 23), two(0, 59), two(0, 59)).map((p) => p.join(':')),
      mostly(fc.constantFrom('', '.5', '.123', '.123456789'), fc.constantFrom('.', ',5', ':00')),
      zone,
    )
    .map((parts) => parts.join(''));
  const instant = near(
    mostly(
      fc.oneof(
        builtInstant,
        fc
          .date({ min: new Date(0), max: new Date('2100-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString()),
      ),
      fc.constantFrom(
        '2030-06-01T15:00Z',
        '2030-06-01',
        '2030-06-01T15:00:00',
        '+012030-06-01T15:00:00Z',
        '2030-06-01T24:00:00Z', // Date takes these two, zod does not
        '2030-02-30T00:00:00Z',
      ),
    ),
  );
  const hashtag = mostly(
    fc.constantFrom('#x', 'x', '##x', 'x#y', '#été', 5, 0, -5, -0),
    fc.constantFrom('a b', '', '#', ' x', 1.5, NaN, 2 ** 53, null),
  );
  const hashtags = near(fc.oneof(word, fc.constant('  #a #b  '), fc.array(hashtag, { maxLength: 4 })));
  const category = near(mostly(fc.oneof(word, fc.nat(40)), fc.constantFrom(-0, -1, 1.5, 2 ** 53, ' ')));

  const optional = { requiredKeys: [] as [] };
  const video = sometimesExtra(
    fc.record(
      {
        source: near(word),
        orientation: near(word),
        prefer_real_world: flag,
        image_overlay: near(sometimesExtra(fc.record({ enabled: flag, position: near(word) }, optional))),
        zoom_effect: flag,
        subtitles: record,
      },
      optional,
    ),
  );
  const publish = sometimesExtra(
    fc.record(
      {
        accounts: near(mostly(fc.array(account, { minLength: 1, maxLength: 3 }), fc.constant([]))),
        at: instant,
        privacy: near(word),
        category,
        made_for_kids: flag,
        age_restricted: near(mostly(fc.constant(false), fc.boolean())),
        notify_subscribers: flag,
        ai_disclosure: flag,
        tiktok: near(
          sometimesExtra(
            fc.record(
              { post_mode: near(fc.constantFrom('direct', 'draft'), 'Direct'), privacy: near(word) },
              optional,
            ),
          ),
        ),
      },
      optional,
    ),
  );
  return sometimesExtra(
    fc.record(
      {
        title: near(word),
        id: near(word),
        description: near(word),
        full_text: near(word),
        textover: near(word),
        hashtags,
        persona: near(fc.oneof(word, fc.record({ id: word })), { id: 'p', x: 1 }),
        fine_tuning: record,
        stage: near(fc.constantFrom('draft', 'draft', 'rendered', 'published'), 'Draft'),
        flow: near(fc.constantFrom('oneshot', 'stepwise'), 'one-shot'),
        video: near(video),
        publish: near(publish),
      },
      { requiredKeys: ['title'] },
    ),
  );
}

const manifest = fc.oneof(manifestLike(100), manifestLike(6));

describe('acceptManifest on generated manifests', () => {
  it('answers only what zod answers, and answers a good share', () => {
    let runs = 0;
    let answered = 0;
    fc.assert(
      fc.property(manifest, (value) => {
        runs++;
        if (agrees(value)) answered++;
      }),
      { numRuns: 3000 },
    );
    expect(answered / runs).toBeGreaterThan(0.2);
  });
});

// ---------------------------------------------------------------------------
// Every field of the schema is known: a field added to zod fails here until accept.ts learns it.

interface ZodNode {
  _zod: {
    def: { type: string; shape?: Record<string, ZodNode>; options?: ZodNode[] } & Record<string, unknown>;
  };
}

/** Dotted paths of every object key in the schema, through optional, default, pipe, array and union. */
function schemaPaths(node: ZodNode, prefix = ''): string[] {
  const def = node._zod.def;
  if (def.shape) {
    return Object.entries(def.shape).flatMap(([key, child]) => [
      `${prefix}${key}`,
      ...schemaPaths(child, `${prefix}${key}.`),
    ]);
  }
  const inner = [def['innerType'], def['in'], def['element'], ...(def.options ?? [])];
  return inner.flatMap((child) => (child ? schemaPaths(child as ZodNode, prefix) : []));
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function valuePaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => valuePaths(item, prefix));
  if (!isMapping(value) || prefix.endsWith('fine_tuning.') || prefix.endsWith('subtitles.')) return [];
  return Object.entries(value).flatMap(([key, child]) => [
    `${prefix}${key}`,
    ...valuePaths(child, `${prefix}${key}.`),
  ]);
}

const FULL = {
  title: 'Every field',
  id: 'item-1',
  description: 'd',
  full_text: 'f',
  textover: 't',
  hashtags: ['a', '#b', 3],
  persona: { id: 'p' },
  fine_tuning: { tone: 'playful' },
  stage: 'published',
  flow: 'stepwise',
  video: {
    source: 'stock',
    orientation: 'horizontal',
    prefer_real_world: true,
    image_overlay: { enabled: true, position: 'top' },
    zoom_effect: false,
    subtitles: { font: 'Inter' },
  },
  publish: {
    accounts: [{ id: 'a1' }, { platform: 'TikTok', name: 'n' }],
    at: '2030-06-01T15:00:00+02:00',
    late: 'publish',
    privacy: 'unlisted',
    category: 27,
    made_for_kids: false,
    age_restricted: true,
    notify_subscribers: false,
    ai_disclosure: false,
    tiktok: { post_mode: 'draft', privacy: 'SELF_ONLY' },
  },
};

describe('acceptManifest knows every field of the schema', () => {
  it('is given a manifest that sets every field (add a field of schema.ts here and to accept.ts)', () => {
    const paths = schemaPaths(manifestSchema as unknown as ZodNode);
    expect(paths.length).toBeGreaterThan(30);
    expect(new Set(valuePaths(FULL))).toEqual(new Set(paths));
  });

  it('accepts that manifest, and each field alone, with the output of zod', () => {
    expect(agrees(FULL)).toBe(true);
    for (const [key, value] of Object.entries(FULL)) {
      expect(agrees({ title: 'One field', [key]: value, stage: 'draft' }), key).toBe(true);
    }
  });
});

describe('acceptManifest leaves to zod', () => {
  const base = { title: 'A title', stage: 'published', publish: { accounts: [{ id: 'a' }] } };
  const sparse: unknown[] = ['#a'];
  sparse[2] = '#b';
  const symbolKey = { [Symbol('s')]: 1 };

  it.each([
    ['an unknown key', { ...base, colour: 'blue' }],
    ['a misspelt key', { ...base, hashtag: ['a'] }],
    ['an unknown key in a nested mapping', { ...base, video: { sorce: 'stock' } }],
    ['a miscased platform', { ...base, publish: { accounts: [{ platform: 'youtube', name: 'n' }] } }],
    [
      'made_for_kids with age_restricted',
      { ...base, publish: { ...base.publish, made_for_kids: true, age_restricted: true } },
    ],
    ['published without accounts', { ...base, publish: { accounts: [] } }],
    ['published without publish', { title: 'A title', stage: 'published' }],
    ['publish.at without a zone', { ...base, publish: { ...base.publish, at: '2030-06-01T15:00:00' } }],
    ['a list with a hole', { ...base, hashtags: sparse }],
    ['a record with a symbol key', { ...base, fine_tuning: symbolKey }],
    ['a record whose constructor is a class', { ...base, fine_tuning: { constructor: Date } }],
  ])('%s', (_name, value) => {
    expect(acceptManifest(value)).toBeNull();
    expect(zod(value)).toBeNull();
  });

  it('when unsure of a rare shape that zod accepts', () => {
    const proto = {};
    Object.defineProperty(proto, '__proto__', { value: { a: 1 }, enumerable: true });
    for (const fine_tuning of [{ constructor: 'x' }, proto]) {
      expect(acceptManifest({ title: 'A title', fine_tuning })).toBeNull();
      expect(zod({ title: 'A title', fine_tuning })).not.toBeNull();
    }
  });
});

describe('acceptManifest reads publish.at as zod does', () => {
  it.each([
    '2030-06-01T15:00:00Z',
    '2030-06-01T15:00:00.5+05:30',
    '2030-06-01T15:00:00.123456789-23:59',
    '2030-06-01T15:00:00.Z',
    '2030-06-01T15:00Z',
    '2030-06-01T24:00:00Z',
    '2030-06-01T23:60:00Z',
    '2030-06-01T15:00:60Z',
    '2030-06-01T15:00:00+24:00',
    '2030-06-01T15:00:00+05:60',
    '2030-06-01T15:00:00+0530',
    '2030-06-01t15:00:00z',
    '2030-06-01 15:00:00Z',
    '2030-02-30T00:00:00Z',
    '2030-04-31T00:00:00Z',
    '2030-00-10T00:00:00Z',
    '2030-13-10T00:00:00Z',
    '2024-02-29T00:00:00Z',
    '2023-02-29T00:00:00Z',
    '2000-02-29T00:00:00Z',
    '1900-02-29T00:00:00Z',
    '0000-01-01T00:00:00+01:00',
    '9999-12-31T23:59:59-23:59',
    '+012030-06-01T15:00:00Z',
    ' 2030-06-01T15:00:00Z',
  ])('%s', (at) => {
    const value = { title: 'A title', publish: { at } };
    agrees(value);
    if (zod(value) !== null) expect(acceptManifest(value)).not.toBeNull();
  });
});
