import { describe, expect, it } from 'vitest';
import { previewMediaFor } from '../../src/action/preview-media.ts';
import { PreviewLinks, type PreviewReport } from '../../src/engine/preview-report.ts';
import { expiryOf } from '../../src/engine/preview-results.ts';
import { COMMENT_LIMIT, renderReport } from '../../src/report/markdown.ts';
import { signedUrlToShow } from '../../src/secrets.ts';
import { planReport } from '../support/fixtures.ts';

// The preview renders in the comment: names escaped, the reasons said, and
// the signed links only where the caller puts them in, after the scrubbing.

const HOSTILE = 'Launch <img src=x onerror=alert(1)> [click](https://evil.example) @team #12';
const SIGNED =
  'https://media.example/v/1.mp4?X-Amz-Date=20261128T050000Z&X-Amz-Expires=3600&X-Amz-Signature=abc';

function preview(overrides: Partial<PreviewReport>): PreviewReport {
  return {
    file: 'content/a.yml',
    line: 1,
    title: HOSTILE,
    id: 'c-1',
    state: 'rendered',
    why: null,
    expires: null,
    reviewed: null,
    ...overrides,
  };
}

function withPreviews(previews: PreviewReport[]) {
  const links = new PreviewLinks();
  links.set('c-1', SIGNED, null);
  return planReport({ previews, previewLinks: links });
}

const comment = (report: ReturnType<typeof withPreviews>, privateRepo: boolean): string => {
  const media = previewMediaFor(
    report,
    { privateRepo },
    { previewLinksPublic: false, apiKey: 'svc_live_secret_key' },
  );
  const context = {
    event: 'pull_request',
    pullRequest: true,
    ...(media ? { previewMedia: media.token } : {}),
  };
  const text = renderReport(report, context, { target: 'comment', limit: COMMENT_LIMIT, unit: 'chars' });
  return media ? media.fill(text) : text;
};

describe('preview renders in the report', () => {
  it('escapes each title and says why an item was not rendered', () => {
    const report = withPreviews([
      preview({ expires: expiryOf(SIGNED) }),
      preview({ id: null, state: 'not_rendered', why: 'credits', title: 'Second **bold**' }),
      preview({ id: null, state: 'not_rendered', why: 'freeze', title: 'Third' }),
    ]);
    const text = comment(report, true);
    expect(text).not.toContain('<img');
    expect(text).not.toContain('[click](https://evil.example)');
    expect(text).toContain('Second \\*\\*bold\\*\\*');
    expect(text).toContain('not rendered: one more preview could pass the preview-credits ceiling');
    expect(text).toContain('not rendered: a freeze window holds renders');
    expect(text).toContain(`[**Watch the preview**](${SIGNED})`);
    expect(text).toContain('The link expires at 2026-11-28 06:00 UTC; re-running this job refreshes it.');
  });

  it('never links in a public repository, and never a link that holds a key', () => {
    const report = withPreviews([preview({})]);
    const text = comment(report, false);
    expect(text).not.toContain('media.example');
    expect(text).toContain("watch it in the service's web app, item `c-1`");
    expect(signedUrlToShow(`${SIGNED}&key=svc_live_abcdef123`)).toBeNull();
    expect(signedUrlToShow(SIGNED)).toBe(SIGNED);
  });

  it('reads when a link expires from the forms signed URLs take', () => {
    expect(expiryOf('https://x.example/v.mp4?expires=1795846840&signature=s')).toBe(
      '2026-11-28T06:20:40.000Z',
    );
    expect(expiryOf('https://x.example/v.mp4?se=2026-11-28T07%3A00%3A00Z&sig=s')).toBe(
      '2026-11-28T07:00:00.000Z',
    );
    expect(expiryOf('https://x.example/v.mp4?token=s')).toBeNull();
  });
});
