import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { adoptedText } from '../../src/import/adopt.ts';
import type { ServiceEdit } from '../../src/plan/types.ts';

// adopt rewrites a manifest in place: the service's values go where the
// manifest had its own, and everything else of the text stays.

const edit = (field: ServiceEdit['field'], service: unknown, manifest: unknown): ServiceEdit => ({
  field,
  service,
  manifest,
  since: null,
  outcome: 'kept',
});

describe('adoptedText', () => {
  it("writes the service's values, keeping comments, order and inline lists", () => {
    const text = [
      '# A sunfish, kept as code.',
      'title: Sunfish',
      'description: Old. # fixed later',
      'hashtags: [ocean, fish]',
      'fine_tuning: { pace: slow }',
      'stage: draft',
      '',
    ].join('\n');
    const out = adoptedText(text, [
      edit('description', 'Fixed in the web app.', 'Old.'),
      edit('hashtags', '#ocean #sunfish', '#ocean #fish'),
      edit('fine_tuning', { pace: 'fast', tone: 'service default' }, { pace: 'slow' }),
    ]);
    expect(out).toContain('# A sunfish, kept as code.');
    expect(out).toContain('description: Fixed in the web app. # fixed later');
    expect(out).toMatch(/^hashtags: \[ ?"#ocean", "#sunfish" ?\]$/m);
    expect(parse(out)).toEqual({
      title: 'Sunfish',
      description: 'Fixed in the web app.',
      hashtags: ['#ocean', '#sunfish'],
      fine_tuning: { pace: 'fast' },
      stage: 'draft',
    });
  });

  it('adds a field the manifest took from its defaults, and a script on several lines as a block', () => {
    const out = adoptedText('title: Sunfish\n', [
      edit('full_text', 'Line one.\nLine two.', 'From defaults.'),
    ]);
    expect(out).toBe('title: Sunfish\nfull_text: |-\n  Line one.\n  Line two.\n');
  });
});
