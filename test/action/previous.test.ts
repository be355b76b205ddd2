import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { previousVersionsFor } from '../../src/action/previous.ts';

// The base commit is not in this (empty) workspace, so the contents API is asked.
async function setup(answer: (url: string) => Response) {
  const cwd = await mkdtemp(join(tmpdir(), 'cac-previous-'));
  const fetch = async (input: string | URL | Request): Promise<Response> =>
    answer(input instanceof Request ? input.url : input.toString());
  return previousVersionsFor({
    cwd,
    baseSha: 'b'.repeat(40),
    owner: 'octo-org',
    repo: 'videos',
    apiUrl: 'https://api.github.test',
    token: 'ghs_fake_token_for_tests_only',
    fetch,
  });
}

describe('earlier manifest versions through the contents API', () => {
  it('reads the file at the base commit, and takes a 404 as "no earlier version"', async () => {
    const previous = await setup((url) =>
      url.includes('/contents/content/a.yml?ref=')
        ? new Response('title: Old\n', { status: 200 })
        : new Response('{"message":"Not Found"}', { status: 404 }),
    );
    await expect(previous.read('content/a.yml')).resolves.toBe('title: Old\n');
    await expect(previous.read('content/b.yml')).resolves.toBeNull();
  });

  it('fails on any other answer rather than let a renamed title become a second item', async () => {
    const previous = await setup(() => new Response('{"message":"Server Error"}', { status: 502 }));
    await expect(previous.read('content/a.yml')).rejects.toThrow(/502/);
  });
});
