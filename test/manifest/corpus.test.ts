import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatProblem, loadManifests } from '../../src/manifest/index.ts';

// The bad-manifest corpus: one file (or folder) per mistake, each with the
// exact `file:line:col: severity: message` a user sees. The wording is pinned
// here on purpose; change it here when it changes.

const FIXTURES = fileURLToPath(new URL('../fixtures/manifests', import.meta.url));

const CORPUS: Record<string, string[]> = {
  'alias-bomb.yml': [
    'alias-bomb.yml:7:38: error: the file expands to more than 100000 values (aliases included); a manifest needs far fewer',
  ],
  'ambiguous-account.yml': [
    'ambiguous-account.yml:5:7: error: publish.accounts[0] gives both an id and a platform or name; keep one form: {id: …} or {platform: …, name: …}',
  ],
  'boolean-as-text.yml': [
    'boolean-as-text.yml:5:18: error: publish.made_for_kids must be true or false, not the text "yes"; write true or false without quotes',
  ],
  'comments-only.yml': [
    'comments-only.yml:1:1: error: the file is empty; a manifest needs at least a line like "title: …"',
  ],
  'constructor-key.yml': [
    'constructor-key.yml:2:1: error: constructor is not a field; the fields here are title, id, description, full_text, textover, hashtags, persona, fine_tuning, stage, flow, video, publish, paused, self_heal, ignore_service_edits',
  ],
  'deep-nesting.yml': ['deep-nesting.yml:2:78: error: values are nested more than 64 levels deep here'],
  'defaults-error': [
    'defaults-error/_defaults.yml:2:16: error: video.zoom_effect must be true or false, not the text "sometimes"; write true or false without quotes',
  ],
  'defaults-identity': [
    'defaults-identity/_defaults.yml:1:1: error: title cannot be set in a defaults file; each manifest sets its own title',
  ],
  'draft-with-accounts.yml': [
    'draft-with-accounts.yml:2:1: warning: publish has no effect while stage is draft; set stage: published to publish',
  ],
  'duplicate-id': [
    'duplicate-id/a.yml:2:1: error: id "item-1" is also pinned by bad/duplicate-id/b.yml; one item belongs to one manifest',
    'duplicate-id/b.yml:2:1: error: id "item-1" is also pinned by bad/duplicate-id/a.yml; one item belongs to one manifest',
  ],
  'duplicate-key.yml': ['duplicate-key.yml:2:1: error: title is written twice in the same mapping; keep one'],
  'duplicate-title': [
    'duplicate-title/a.yml:1:1: error: title "Why octopuses have three hearts" is also used by bad/duplicate-title/b.yml; titles must be unique across manifests',
    'duplicate-title/b.yml:2:1: error: title "Why octopuses have three hearts" is also used by bad/duplicate-title/a.yml; titles must be unique across manifests',
  ],
  'empty.yml': ['empty.yml:1:1: error: the file is empty; a manifest needs at least a line like "title: …"'],
  'hashtag-with-space.yml': [
    'hashtag-with-space.yml:2:19: error: hashtags[1] "deep sea" is not one hashtag; write one word per entry, with or without #',
  ],
  'kids-and-age-restricted.yml': [
    'kids-and-age-restricted.yml:6:19: error: publish.made_for_kids and publish.age_restricted are both true; a video made for kids cannot be age-restricted, set one of them to false',
  ],
  'misplaced-key.yml': [
    'misplaced-key.yml:2:1: error: made_for_kids is not a field; did you mean publish.made_for_kids? It belongs under publish',
  ],
  'missing-title.yml': ['missing-title.yml:1:1: error: title is missing; every manifest needs a title'],
  'misspelt-top-key.yml': [
    'misspelt-top-key.yml:1:1: error: titel is not a field; did you mean title?',
    'misspelt-top-key.yml:2:1: error: descripton is not a field; did you mean description?',
  ],
  'multiple-documents.yml': [
    'multiple-documents.yml:2:1: error: the file holds more than one YAML document (---); keep one manifest per file',
  ],
  'not-a-mapping.yml': [
    'not-a-mapping.yml:1:1: error: the file holds a list, not a mapping of fields; a manifest starts with a line like "title: …"',
  ],
  'not-utf8.yml': ['not-utf8.yml:1:11: error: the file is not UTF-8 (byte 0xe9 here); save it as UTF-8'],
  'number-title.yml': [
    'number-title.yml:1:8: error: title must be text, not the number 1984; put it in quotes',
  ],
  'plain-string-account.yml': [
    'plain-string-account.yml:5:7: error: publish.accounts[0] is a plain string; write {id: "Ocean Facts"} for an account id, or {platform: YouTube, name: "Ocean Facts"} for an account name',
  ],
  'platform-casing.yml': [
    'platform-casing.yml:5:17: error: publish.accounts[0].platform "youtube" is not one of YouTube, TikTok, Instagram; did you mean YouTube?',
  ],
  'proto-key.yml': [
    'proto-key.yml:2:1: error: __proto__ is not allowed as a key',
    'proto-key.yml:5:3: error: __proto__ is not allowed as a key',
  ],
  'publish-at-without-zone.yml': [
    'publish-at-without-zone.yml:5:7: error: publish.at "2026-12-01T15:00:00" is not an ISO 8601 instant with a zone; write it like 2026-12-01T15:00:00Z',
  ],
  'published-without-accounts.yml': [
    'published-without-accounts.yml:2:8: error: stage is published but publish.accounts lists no account; add one under publish.accounts, or set stage: rendered',
  ],
  'stage-typo.yml': [
    'stage-typo.yml:2:8: error: stage "publised" is not one of draft, rendered, published; did you mean published?',
  ],
  'syntax-error.yml': ['syntax-error.yml:3:1: error: YAML: Missing closing "quote'],
  'unknown-key.yml': [
    'unknown-key.yml:7:3: error: publish.notifySubscribers is not a field; did you mean notify_subscribers?',
  ],
  'value-missing.yml': [
    'value-missing.yml:2:13: error: description has no value; give it one or remove the line',
  ],
  'video-not-a-mapping.yml': [
    'video-not-a-mapping.yml:2:8: error: video must be a mapping, not the text "vertical"',
  ],
  'persona-typo.yml': ['persona-typo.yml:2:11: error: persona.ID is not a field; did you mean id?'],
  'repeated-account.yml': [
    'repeated-account.yml:7:7: warning: publish.accounts[2] repeats publish.accounts[0]; an account is published to once',
  ],
  'tiktok-without-tiktok-account.yml': [
    'tiktok-without-tiktok-account.yml:6:3: warning: publish.tiktok has no effect: none of publish.accounts is a TikTok account',
  ],
};

function patternOf(name: string): string {
  return statSync(`${FIXTURES}/bad/${name}`).isDirectory() ? `bad/${name}/*.{yml,yaml}` : `bad/${name}`;
}

describe('bad manifests', () => {
  it.each(Object.keys(CORPUS))('%s', async (name) => {
    const result = await loadManifests({ cwd: FIXTURES, pattern: patternOf(name) });
    expect(result.problems.map(formatProblem)).toEqual(CORPUS[name]!.map((line) => `bad/${line}`));
    const failed = new Set(result.problems.filter((p) => p.severity === 'error').map((p) => p.file));
    // A manifest with an error yields no item: nothing of it can be sent.
    for (const item of result.items) expect(failed.has(item.file)).toBe(false);
  });

  it('covers every file of the corpus', async () => {
    const result = await loadManifests({ cwd: FIXTURES, pattern: 'bad/*' });
    const names = result.files.map((file) => file.slice('bad/'.length));
    const folders = Object.keys(CORPUS).filter((name) => !name.endsWith('.yml'));
    expect([...names, ...folders].sort()).toEqual(Object.keys(CORPUS).sort());
  });

  it('reports every problem of every file in one pass', async () => {
    const result = await loadManifests({ cwd: FIXTURES, pattern: 'bad/**/*.{yml,yaml}' });
    const all = new Set(result.problems.map(formatProblem));
    // Titles repeat across the corpus, so only the duplicate-title lines differ in one pass.
    const expected = Object.values(CORPUS)
      .flat()
      .filter((line) => !line.includes('titles must be unique'))
      .map((line) => `bad/${line}`);
    for (const line of expected) expect(all).toContain(line);
    expect(result.items).toEqual([]);
  });
});
