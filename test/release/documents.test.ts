import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
    expect(section).toContain('your-org/content-as-code@v1');
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

  it('names the action one way everywhere: your-org/content-as-code', () => {
    const places = [
      'README.md',
      'docs/cli.md',
      'docs/releasing.md',
      'docs/deployments.md',
      'docs/large-catalogues.md',
    ];
    for (const workflow of readdirSync(join(ROOT, 'examples/workflows')))
      places.push(`examples/workflows/${workflow}`);
    for (const place of places) {
      const text = read(place);
      expect(text, place).not.toMatch(/<owner>|content-as-code\/content-as-code@/);
      for (const uses of text.matchAll(/uses: ([\w-]+)\/content-as-code@/g))
        expect(uses[1], place).toBe('your-org');
    }
  });

  it('pins every other action by a full commit SHA, its release named beside it', () => {
    const workflows = ['examples/workflows', '.github/workflows'].flatMap((folder) =>
      readdirSync(join(ROOT, folder)).map((file) => `${folder}/${file}`),
    );
    for (const workflow of workflows) {
      for (const [, ref] of read(workflow).matchAll(/uses: (\S+(?: # \S+)?)/g)) {
        if (ref!.startsWith('./') || ref!.startsWith('your-org/content-as-code@')) continue;
        expect(ref, workflow).toMatch(/^[\w-]+\/[\w-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
      }
    }
  });

  it('an example keeps its schema line wherever it is copied: a URL, not a relative path', () => {
    for (const folder of ['examples/content', 'examples/release', 'examples/failure']) {
      for (const file of readdirSync(join(ROOT, folder))) {
        if (file === '_defaults.yml') continue; // holds no title, so no schema line
        const firstLine = read(`${folder}/${file}`).split('\n')[0]!;
        expect(firstLine, file).toMatch(
          /^# yaml-language-server: \$schema=https:\/\/raw\.githubusercontent\.com\/your-org\/content-as-code\/v1\/schema\/(content|release)\.schema\.json$/,
        );
      }
    }
  });

  it('installs from a git URL without a build: npm prepares a git clone only for these scripts', () => {
    // npm's git fetcher installs every dev dependency and runs the build before
    // packing when one of these is present (pacote, lib/git.js); the bundle is
    // committed, so none is needed.
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    for (const name of ['build', 'preinstall', 'install', 'postinstall', 'prepack', 'prepare']) {
      expect(scripts[name], name).toBeUndefined();
    }
  });
});
