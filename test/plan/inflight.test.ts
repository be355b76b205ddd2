// Whether a run may be in flight on an item, read from its status first and
// its progress snapshot second; and what an upload is not shown to carry.
import { describe, expect, it } from 'vitest';
import type { ContentStatus, Progress } from '../../src/service-client/types.ts';
import { mayBeInFlight, publishesInOneRun, uploadCannotCarry } from '../../src/plan/inflight.ts';

const snapshot: Progress = { percentage: 60, step: 'video', message: 'Rendering video' };

describe('mayBeInFlight', () => {
  it('takes a running status as a run in flight, with or without a snapshot', () => {
    const running: ContentStatus[] = ['PROCESSING', 'PROCESSING_AUDIO', 'PROCESSING_VIDEO', 'UPLOADING'];
    for (const status of running) {
      expect(mayBeInFlight(status, null, false), status).toBe(true);
      expect(mayBeInFlight(status, snapshot, false), status).toBe(true);
    }
  });

  it('never takes a terminal status as in flight, whatever snapshot the service kept', () => {
    const terminal: ContentStatus[] = ['UPLOADED', 'FAILED_AUDIO', 'FAILED_VIDEO', 'FAILED_UPLOAD', 'FAILED'];
    for (const status of terminal) expect(mayBeInFlight(status, snapshot, true), status).toBe(false);
  });

  it('takes a snapshot where a render rests as in flight only for an item a one-shot request may publish', () => {
    for (const status of ['VIDEO_PROCESSED', 'READY_FOR_UPLOAD'] as const) {
      expect(mayBeInFlight(status, snapshot, true), status).toBe(true);
      expect(mayBeInFlight(status, snapshot, false), status).toBe(false);
    }
  });

  it('takes a snapshot between phases as a run in flight, and no snapshot as none', () => {
    expect(mayBeInFlight('AUDIO_PROCESSED', snapshot, false)).toBe(true);
    expect(mayBeInFlight('AUDIO_PROCESSED', null, true)).toBe(false);
    expect(mayBeInFlight('NEW', null, true)).toBe(false);
  });
});

describe('publishesInOneRun', () => {
  it('is a published one-shot item, or a stepwise one whose settings only the one-shot request carries', () => {
    expect(publishesInOneRun({ flow: 'oneshot', stage: 'published' }, false)).toBe(true);
    expect(publishesInOneRun({ flow: 'stepwise', stage: 'published' }, true)).toBe(true);
    expect(publishesInOneRun({ flow: 'stepwise', stage: 'published' }, false)).toBe(false);
  });

  it('is never an item below the published stage', () => {
    expect(publishesInOneRun({ flow: 'oneshot', stage: 'rendered' }, true)).toBe(false);
    expect(publishesInOneRun({ flow: 'oneshot', stage: 'draft' }, true)).toBe(false);
  });
});

describe('uploadCannotCarry', () => {
  const base = { made_for_kids: false, age_restricted: false, notify_subscribers: true, ai_disclosure: true };

  it('names nothing for the settings an upload is shown to carry, public privacy included', () => {
    expect(uploadCannotCarry(base)).toEqual([]);
    expect(uploadCannotCarry({ ...base, privacy: 'public', category: 'Education' })).toEqual([]);
  });

  it('names a privacy other than public and any TikTok setting, which an upload could drop', () => {
    expect(uploadCannotCarry({ ...base, privacy: 'private' })).toEqual(['publish.privacy']);
    expect(uploadCannotCarry({ ...base, tiktok_post_mode: 'draft' })).toEqual(['publish.tiktok']);
    expect(uploadCannotCarry({ ...base, privacy: 'unlisted', tiktok_privacy: 'SELF_ONLY' })).toEqual([
      'publish.privacy',
      'publish.tiktok',
    ]);
  });
});
