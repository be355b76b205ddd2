import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { manifestJsonSchema, manifestSchema } from '../../src/manifest/index.ts';
import {
  DOCTOR_SCHEMA_FILE,
  IMPORT_SCHEMA_FILE,
  SCHEMA_FILE,
  renderDoctorSchema,
  renderImportSchema,
  renderSchema,
} from '../../scripts/generate-schema.ts';

type JsonSchema = {
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
};

/** Every property of every object in the schema, by dotted path, with its description. */
function properties(schema: JsonSchema, prefix = ''): Array<[string, string | undefined]> {
  const own = Object.entries(schema.properties ?? {}).flatMap(
    ([key, child]): Array<[string, string | undefined]> => [
      [`${prefix}${key}`, child.description],
      ...properties(child, `${prefix}${key}.`),
    ],
  );
  const nested = [...(schema.items ? [schema.items] : []), ...(schema.anyOf ?? [])].flatMap((child) =>
    properties(child, prefix),
  );
  return [...own, ...nested];
}

describe('schema/content.schema.json', () => {
  it('is what the zod schema generates (run `npm run schema` when this fails)', () => {
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    expect(committed, 'schema/content.schema.json is stale: run `npm run schema` and commit it').toBe(
      renderSchema(),
    );
  });

  it('describes every field, for editors and the README reference', () => {
    const all = properties(manifestJsonSchema());
    expect(all.length).toBeGreaterThan(30);
    expect(all.filter(([, description]) => !description).map(([path]) => path)).toEqual([]);
  });

  it('closes every mapping except the pass-through ones', () => {
    const text = JSON.stringify(manifestJsonSchema());
    expect(text).toContain('"additionalProperties":false');
    const schema = manifestJsonSchema() as { properties: Record<string, Record<string, unknown>> };
    expect(schema.properties['fine_tuning']?.['additionalProperties']).toEqual({});
  });
});

describe('manifestSchema', () => {
  it('accepts the manifest of the product brief', () => {
    const result = manifestSchema.safeParse({
      title: 'Why octopuses have three hearts',
      id: '6f1c2e4a',
      description: 'Three hearts, blue blood.',
      full_text: 'Octopuses have three hearts…\n',
      textover: '…\n',
      hashtags: ['ocean', 'science'],
      persona: '0b7d',
      fine_tuning: {},
      stage: 'published',
      flow: 'oneshot',
      video: {
        source: 'stock',
        orientation: 'vertical',
        prefer_real_world: true,
        image_overlay: { enabled: true, position: 'top' },
        zoom_effect: true,
        subtitles: {},
      },
      publish: {
        accounts: [{ id: '3f1c' }, { platform: 'YouTube', name: 'Ocean Facts' }],
        at: '2026-12-01T15:00:00Z',
        privacy: 'public',
        category: 22,
        made_for_kids: false,
        age_restricted: false,
        notify_subscribers: true,
        ai_disclosure: true,
        tiktok: { post_mode: 'direct', privacy: 'PUBLIC_TO_EVERYONE' },
      },
    });
    expect(result.success).toBe(true);
    expect(result.data?.hashtags).toBe('#ocean #science');
    expect(result.data?.publish?.category).toBe('22');
    expect(result.data?.publish?.at).toBe('2026-12-01T15:00:00.000Z');
  });
});

describe('schema/doctor.schema.json', () => {
  it('is what the zod schema of the doctor report generates (run `npm run schema` when this fails)', () => {
    expect(readFileSync(DOCTOR_SCHEMA_FILE, 'utf8')).toBe(renderDoctorSchema());
  });
});

describe('schema/import.schema.json', () => {
  it('is what the zod schema of the import document generates (run `npm run schema` when this fails)', () => {
    expect(readFileSync(IMPORT_SCHEMA_FILE, 'utf8')).toBe(renderImportSchema());
  });
});
