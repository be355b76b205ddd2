// A41: the generation rate a subscription's `limits` state, in the forms the
// client reads (what doctor says of it: pace-readings.int.test.ts).
import { describe, expect, it } from 'vitest';
import { readGenerationPace } from '../../src/service-client/readings.ts';

describe('readGenerationPace (A41)', () => {
  it('a count with its window, flat or in an object under a rate limit', () => {
    const four = { limit: { requests: 4, windowSeconds: 2 }, reading: 'count and window' };
    expect(
      readGenerationPace({
        generation_requests_per_window: 4,
        generation_window_seconds: 2,
        daily_video_cap: 9,
      }),
    ).toEqual(four);
    expect(readGenerationPace({ generation: { requests: 4, window_seconds: 2 } })).toEqual(four);
    expect(readGenerationPace({ generation_rate_limit: { limit: '4', window: 2 } })).toEqual(four);
    expect(readGenerationPace({ rate_limit: { max_requests: 4, period_seconds: 2 } })).toEqual(four);
    expect(readGenerationPace({ rate_limits: { generation: { max: 4, interval_seconds: 2 } } })).toEqual(
      four,
    );
  });

  it('a count per second, minute or hour', () => {
    expect(readGenerationPace({ generation_requests_per_minute: 30 })).toEqual({
      limit: { requests: 30, windowSeconds: 60 },
      reading: 'count per minute',
    });
    expect(readGenerationPace({ rate_limit: { per_second: 2 } })).toEqual({
      limit: { requests: 2, windowSeconds: 1 },
      reading: 'count per second',
    });
    expect(readGenerationPace({ generation: { requests_per_hour: 100 } })).toEqual({
      limit: { requests: 100, windowSeconds: 3600 },
      reading: 'count per hour',
    });
  });

  it('none where the limits state no rate, or one no run could keep to', () => {
    for (const limits of [
      null,
      'pro',
      {},
      { daily_video_cap: 20, content_items: 1000 },
      { generation_requests_per_window: null, generation_window_seconds: null },
      { generation_requests_per_window: 4 },
      { generation_window_seconds: 2 },
      { generation_requests_per_window: 0, generation_window_seconds: 2 },
      { generation: { requests: 4, window_seconds: 0 } },
      { rate_limit: { requests: 4, window_seconds: 7 * 86_400 } },
      { generation: 'fast' },
    ]) {
      expect(readGenerationPace(limits), JSON.stringify(limits)).toBeNull();
    }
  });
});
