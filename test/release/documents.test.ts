import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

describe('release documents', () => {
  it('the README links the licence, the changelog, the security policy and the release rules', () => {
    const readme = read('README.md');
    for (const file of ['LICENSE', 'CHANGELOG.md', 'SECURITY.md', 'docs/releasing.md']) {
      expect(readme, file).toContain(`](${file})`);
      expect(existsSync(join(ROOT, file)), file).toBe(true);
    }
  });

  it('the README says how to pin: the major tag or a full commit SHA', () => {
    const readme = read('README.md');
    const section = readme.slice(readme.indexOf('## Versions and pinning'));
    expect(section).toContain('content-as-code/content-as-code@v1');
    expect(section).toMatch(/full commit SHA/);
    expect(section).toContain('**Compatibility.**');
  });

  it('LICENSE is the MIT licence that package.json names', () => {
    expect((JSON.parse(read('package.json')) as { license: string }).license).toBe('MIT');
    expect(read('LICENSE')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} /);
  });

  it('SECURITY.md says how to report and what happens to the API key', () => {
    const policy = read('SECURITY.md');
    expect(policy).toContain('Report a vulnerability');
    for (const promise of ['Masked at once', 'Never written', 'Sent only to `base-url`']) {
      expect(policy).toContain(promise);
    }
  });

  it('src/version.ts, the user agent, says the version package.json says', () => {
    const version = (JSON.parse(read('package.json')) as { version: string }).version;
    expect(read('src/version.ts')).toContain(`export const VERSION = '${version}';`);
  });
});
