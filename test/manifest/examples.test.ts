import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULTS_FILES, formatProblem, loadManifests } from '../../src/manifest/index.ts';

// The manifests users copy from: they must load cleanly and tell editors
// where the schema is.

const EXAMPLES = fileURLToPath(new URL('../../examples', import.meta.url));
// Every folder of examples/ holds manifests, except the GitHub workflows and
// the release file (test/manifest/release-file.test.ts loads that one).
const FOLDERS = readdirSync(EXAMPLES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !['workflows', 'release'].includes(entry.name))
  .map((entry) => entry.name);
const PATTERN = `${FOLDERS.length === 1 ? FOLDERS[0] : `{${FOLDERS.join(',')}}`}/**/*.{yml,yaml}`;

describe('examples/', () => {
  it('load without a single problem', async () => {
    const result = await loadManifests({ cwd: EXAMPLES, pattern: PATTERN });
    expect(result.problems.map(formatProblem)).toEqual([]);
    expect(result.files.length).toBeGreaterThan(0);
    expect(result.items).toHaveLength(result.files.length);
  });

  it('start with the yaml-language-server line pointing at the published schema, wherever they are copied', async () => {
    const { files } = await loadManifests({ cwd: EXAMPLES, pattern: PATTERN });
    for (const file of files) {
      expect(DEFAULTS_FILES).not.toContain(path.posix.basename(file));
      const first = readFileSync(path.join(EXAMPLES, file), 'utf8').split('\n')[0] ?? '';
      const match = /^# yaml-language-server: \$schema=(\S+)$/.exec(first);
      expect(match, `${file} starts with the $schema line`).not.toBeNull();
      // The URL the major tag publishes: a relative path would break once the file is copied into content/.
      expect(match![1]).toBe(
        'https://raw.githubusercontent.com/your-org/content-as-code/v1/schema/content.schema.json',
      );
    }
  });
});
