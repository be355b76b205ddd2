import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SECTIONS,
  generatedSections,
  inputsTable,
  manifestReference,
  outputsTable,
  readSection,
} from '../../scripts/readme-reference.ts';
import { EXIT_CODE_LINES, helpText } from '../../src/cli/help.ts';

// README.md states what action.yml, the manifest schema and the CLI do; these
// tests fail as soon as one of them changes without the README.

const root = join(import.meta.dirname, '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const actionYml = readFileSync(join(root, 'action.yml'), 'utf8');

describe('README generated sections', () => {
  it.each(SECTIONS)('%s matches its source (run npm run readme)', (section) => {
    expect(readSection(readme, section)).toBe(generatedSections(root)[section]);
  });

  it('lists every input of action.yml with its default, and every output', () => {
    const inputs = readSection(readme, 'inputs')!;
    expect(inputs).toBe(inputsTable(actionYml));
    for (const name of ['api-key', 'base-url', 'manifests', 'mode', 'shard', 'max-publications']) {
      expect(inputs).toContain(`| \`${name}\` |`);
    }
    expect(inputs).toContain('| `manifests` | `content/**/*.{yml,yaml}` |');
    expect(inputs).toContain('| `api-key` | required |');
    expect(readSection(readme, 'outputs')).toBe(outputsTable(actionYml));
    for (const name of ['plan', 'results', 'published-urls', 'changed']) {
      expect(readSection(readme, 'outputs')).toContain(`| \`${name}\` |`);
    }
  });

  it('documents every manifest field of the schema, nested ones included', () => {
    const reference = readSection(readme, 'manifest-reference')!;
    expect(reference).toBe(
      manifestReference(readFileSync(join(root, 'schema', 'content.schema.json'), 'utf8')),
    );
    for (const field of [
      'title',
      'stage',
      'flow',
      'video.source',
      'publish.accounts[].platform',
      'publish.at',
    ]) {
      expect(reference).toContain(`| \`${field}\` |`);
    }
  });
});

describe('manifest reference generator', () => {
  it('walks nested objects, lists of alternatives and $refs', () => {
    const schema = {
      type: 'object',
      required: ['title'],
      properties: {
        title: { type: 'string', description: 'The title.' },
        stage: { enum: ['draft', 'published'], default: 'draft' },
        accounts: { type: 'array', items: { anyOf: [{ $ref: '#/$defs/byId' }, { $ref: '#/$defs/byName' }] } },
      },
      $defs: {
        byId: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        byName: { type: 'object', properties: { name: { type: 'string', description: 'a | b' } } },
      },
    };
    expect(manifestReference(JSON.stringify(schema)).split('\n')).toEqual([
      '| field | type | default | description |',
      '|---|---|---|---|',
      '| `title` | string | required | The title. |',
      '| `stage` | draft \\| published | `draft` |  |',
      '| `accounts` | list of {id} or {name} |  |  |',
      '| `accounts[].id` | string | required |  |',
      '| `accounts[].name` | string |  | a \\| b |',
    ]);
  });
});

describe('README for a newcomer', () => {
  it('starts with the two set-up commands', () => {
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    expect(firstBlock).toContain('npm ci && npm run demo');
    expect(firstBlock).toContain('npm ci && npm test');
  });

  it('documents the exit codes exactly as --help does', () => {
    for (const [code, meaning] of EXIT_CODE_LINES) {
      expect(readme).toContain(`| ${code} | ${meaning} |`);
      expect(helpText()).toContain(`  ${code}  ${meaning}`);
    }
  });

  it('documents every CLI option that --help lists', () => {
    const options = [...helpText().matchAll(/^ {2}(--[a-z-]+)/gm)].map((match) => match[1]!);
    expect(options.length).toBeGreaterThan(8);
    for (const option of options.filter((option) => !['--help', '--version'].includes(option))) {
      expect(readme).toContain(`\`${option}`);
    }
  });

  it('has troubleshooting for every error status, one link away', () => {
    const troubleshooting = readFileSync(join(root, 'docs', 'troubleshooting.md'), 'utf8');
    expect(readme).toContain('](docs/troubleshooting.md)');
    for (const status of ['400', '401', '402', '403', '404', '409', '429', '5xx']) {
      expect(troubleshooting).toMatch(new RegExp(`^\\| ${status} \\|`, 'm'));
    }
  });

  it('is read in ten minutes: under 400 lines, the rest in docs/', () => {
    expect(readme.split('\n').length).toBeLessThan(400);
  });

  it('links documents that exist', () => {
    const links = [...readme.matchAll(/\]\(((?:docs|examples|schema)\/[^)#]+|action\.yml)\)/g)].map(
      (m) => m[1]!,
    );
    expect(links).toEqual(expect.arrayContaining(['docs/service-assumptions.md', 'docs/emulator.md']));
    for (const link of links) expect(existsSync(join(root, link)), link).toBe(true);
  });
});
