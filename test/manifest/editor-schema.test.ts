import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { schemaValidator } from '../support/json-schema.ts';
import { ROOT } from '../support/runner.ts';

// schema/content.schema.json as an editor reads it (VS Code's YAML extension
// and JetBrains validate with a JSON Schema validator, here ajv): it flags
// what the loader refuses, the rule of two fields included, and accepts the
// examples the README points newcomers at.

const validate = schemaValidator('content.schema.json');

function manifest(publish: string): unknown {
  return parse(`title: Kids\nstage: published\npublish:\n  accounts: [{ id: acc-1 }]\n${publish}`);
}

describe('schema/content.schema.json in an editor', () => {
  it('flags made_for_kids and age_restricted both true, at publish', () => {
    const errors = validate(manifest('  made_for_kids: true\n  age_restricted: true\n'));
    expect(errors.map(({ instancePath, keyword }) => [instancePath, keyword])).toEqual([['/publish', 'not']]);
  });

  it('accepts either one alone, or both false', () => {
    expect(validate(manifest('  made_for_kids: true\n'))).toEqual([]);
    expect(validate(manifest('  made_for_kids: false\n  age_restricted: true\n'))).toEqual([]);
    expect(validate(manifest('  made_for_kids: false\n  age_restricted: false\n'))).toEqual([]);
  });

  it('flags a wrong key and a wrong casing, as the loader does', () => {
    const errors = validate(
      parse('title: T\npublish:\n  notifySubscribers: true\n  accounts: [{ platform: youtube, name: A }]\n'),
    );
    expect(errors.map(({ keyword }) => keyword)).toEqual(expect.arrayContaining(['additionalProperties']));
    expect(errors.some(({ instancePath }) => instancePath.startsWith('/publish/accounts/0'))).toBe(true);
  });

  it('accepts every example manifest', () => {
    const folder = join(ROOT, 'examples', 'content');
    const files = readdirSync(folder).filter((name) => name.endsWith('.yml') && !name.startsWith('_'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(validate(parse(readFileSync(join(folder, file), 'utf8'))), file).toEqual([]);
    }
  });
});
