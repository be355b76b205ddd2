// How long a publishing request may take to publish, learned from this run's
// own jobs: the moment a freeze is checked against.
import { describe, expect, it } from 'vitest';
import { JobTimes } from '../../src/apply/job-times.ts';

const MINUTE = 60_000;

describe('JobTimes', () => {
  it('takes a stated margin before this run has seen a job of the kind end: longer for a render than an upload', () => {
    const times = new JobTimes();
    expect(times.expectedMs('render')).toBe(30 * MINUTE);
    expect(times.expectedMs('upload')).toBe(5 * MINUTE);
  });

  it('takes twice the longest job of the kind seen, whether shorter or longer than the margin', () => {
    const times = new JobTimes();
    times.record('render', 4 * MINUTE);
    times.record('render', 40 * MINUTE);
    times.record('render', 10 * MINUTE);
    expect(times.expectedMs('render')).toBe(80 * MINUTE);
    times.record('upload', MINUTE);
    expect(times.expectedMs('upload')).toBe(2 * MINUTE);
  });

  it('learns each kind from its own jobs only', () => {
    const times = new JobTimes();
    times.record('upload', 20 * MINUTE);
    expect(times.expectedMs('render')).toBe(30 * MINUTE);
    expect(times.expectedMs('upload')).toBe(40 * MINUTE);
  });

  it('keeps the margin when the only jobs seen took no time', () => {
    const times = new JobTimes();
    times.record('upload', 0);
    expect(times.expectedMs('upload')).toBe(5 * MINUTE);
  });
});
