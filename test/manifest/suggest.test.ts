import { describe, expect, it } from 'vitest';
import { formatProblem, suggest } from '../../src/manifest/index.ts';
import { PLATFORMS } from '../../src/service-client/types.ts';

describe('suggest', () => {
  const publishFields = ['accounts', 'at', 'privacy', 'category', 'made_for_kids', 'notify_subscribers'];

  it('maps another spelling convention to the field', () => {
    expect(suggest('notifySubscribers', publishFields)).toBe('notify_subscribers');
    expect(suggest('made-for-kids', publishFields)).toBe('made_for_kids');
    expect(suggest('MadeForKids', publishFields)).toBe('made_for_kids');
  });

  it('prefers the same word in other casing', () => {
    expect(suggest('youtube', PLATFORMS)).toBe('YouTube');
    expect(suggest('TIKTOK', PLATFORMS)).toBe('TikTok');
  });

  it('finds near typos, swaps included', () => {
    expect(suggest('titel', ['title', 'textover'])).toBe('title');
    expect(suggest('acounts', publishFields)).toBe('accounts');
    expect(suggest('Ocean Fact', ['Ocean Facts', 'Space Facts'])).toBe('Ocean Facts');
    expect(suggest('Instagarm', PLATFORMS)).toBe('Instagram');
  });

  it('suggests nothing when nothing is close', () => {
    expect(suggest('colour', publishFields)).toBeUndefined();
    expect(suggest('x', ['at', 'id'])).toBeUndefined();
    expect(suggest('', publishFields)).toBeUndefined();
    expect(suggest('anything', [])).toBeUndefined();
  });
});

describe('formatProblem', () => {
  it('writes file:line:col: severity: message', () => {
    expect(
      formatProblem({
        severity: 'warning',
        code: 'ineffective_publish',
        file: 'content/a.yml',
        line: 3,
        column: 1,
        field: 'publish',
        message: 'publish has no effect while stage is draft; set stage: published to publish',
      }),
    ).toBe(
      'content/a.yml:3:1: warning: publish has no effect while stage is draft; set stage: published to publish',
    );
  });
});
