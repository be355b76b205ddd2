import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every relative link of the README and the documents resolves: the file or
// folder exists, and a `#fragment` names a heading of the page it points at,
// as GitHub makes anchors of headings. Sections move between the README and
// docs/; a link left behind fails here.

const root = join(import.meta.dirname, '..', '..');

const PAGES = [
  'README.md',
  'SECURITY.md',
  'CHANGELOG.md',
  'examples/workflows/README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** The text a reader sees as Markdown: fenced code and HTML comments left out. */
function prose(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/<!--[\s\S]*?-->/g, '');
}

/** Link targets, `[text](target)`, without an external scheme. */
function relativeLinks(text: string): string[] {
  return [...prose(text).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map(([, target]) => target!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** GitHub's anchors of a page's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const [, heading] of prose(text).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    found.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return found;
}

describe('links between the README and the documents', () => {
  it('reads the README and every page of docs/', () => {
    expect(PAGES).toEqual(expect.arrayContaining(['README.md', 'docs/how-it-works.md', 'docs/testing.md']));
    expect(anchors('# Two speeds: where a test goes\n## `doctor`, read-only\n## A\n## A')).toEqual(
      new Set(['two-speeds-where-a-test-goes', 'doctor-read-only', 'a', 'a-1']),
    );
  });

  it.each(PAGES)('%s: every relative link resolves, anchors included', (page) => {
    const broken: string[] = [];
    for (const link of relativeLinks(readFileSync(join(root, page), 'utf8'))) {
      const [path, fragment] = link.split('#') as [string, string | undefined];
      const target = path === '' ? join(root, page) : join(root, dirname(page), decodeURI(path));
      if (!existsSync(target)) {
        broken.push(`${link}: no ${relative(root, target)}`);
        continue;
      }
      if (fragment && statSync(target).isFile() && target.endsWith('.md')) {
        if (!anchors(readFileSync(target, 'utf8')).has(fragment)) {
          broken.push(`${link}: no heading #${fragment} in ${relative(root, target)}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
