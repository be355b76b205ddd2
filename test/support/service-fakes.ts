import type { ContentDetail, ServiceApi } from '../../src/service-client/types.ts';

// A content item as the service's detail view shows it, and a service made of
// only the calls a test needs: for the tests of src/apply/ that read what the
// service answers.

/** A rendered item, with `overrides`. */
export function contentDetail(overrides: Partial<ContentDetail> = {}): ContentDetail {
  return {
    id: 'c-1',
    title: 'Glowing reefs',
    description: 'Reefs at night.',
    full_text: 'Source',
    textover: null,
    hashtags: null,
    status: 'VIDEO_PROCESSED',
    fine_tuning: null,
    persona: null,
    accounts: [],
    has_video: true,
    last_error: null,
    progress: null,
    video_settings: null,
    creation_date: null,
    updated_at: null,
    upload_date: null,
    ...overrides,
  };
}

/** A service with only `parts`; any other call is a test's mistake. */
export function fakeService(parts: Partial<ServiceApi>): ServiceApi {
  return parts as ServiceApi;
}
