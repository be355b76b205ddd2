import { describe, expect, it } from 'vitest';
import {
  contentBody,
  editBody,
  generationBody,
  listingQuery,
  requestHeaders,
  resolveBaseUrl,
  resolveLink,
  uploadBody,
  videoBody,
} from '../../src/service-client/wire.ts';

// The rules of what is sent, one function at a time, at their edges; the same
// requests as the service receives them are in wire.int.test.ts.

describe('resolveBaseUrl (A1)', () => {
  it('appends /v1 unless the path ends in it, ignoring trailing slashes and surrounding spaces', () => {
    expect(resolveBaseUrl(' https://svc.example.com ')).toEqual({
      origin: 'https://svc.example.com',
      prefix: '/v1',
      href: 'https://svc.example.com/v1',
    });
    expect(resolveBaseUrl('http://127.0.0.1:8080/api//')).toEqual({
      origin: 'http://127.0.0.1:8080',
      prefix: '/api/v1',
      href: 'http://127.0.0.1:8080/api/v1',
    });
    expect(resolveBaseUrl('https://svc.example.com/x/v1/')?.prefix).toBe('/x/v1');
    expect(resolveBaseUrl('https://svc.example.com/v10')?.prefix).toBe('/v10/v1');
  });

  it('refuses what is not an http(s) URL, and credentials in it', () => {
    for (const raw of [
      'svc.example.com',
      'ftp://svc.example.com',
      'file:///v1',
      'https://u:p@svc.example.com',
    ]) {
      expect(resolveBaseUrl(raw), raw).toBeNull();
    }
    expect(resolveBaseUrl('https://user@svc.example.com')).toBeNull();
    expect(resolveBaseUrl('https://:pass@svc.example.com')).toBeNull();
  });
});

describe('listingQuery (A6)', () => {
  it('the first page carries no page number; both size parameters always', () => {
    expect(listingQuery(null, null, 50)).toBe('?limit=50&page_size=50');
  });

  it('a page number, 0 included', () => {
    expect(listingQuery(0, null, 5)).toBe('?page=0&limit=5&page_size=5');
    expect(listingQuery(3, null, 5)).toBe('?page=3&limit=5&page_size=5');
  });

  it('a cursor instead of the page number, encoded', () => {
    expect(listingQuery(3, 'a b&c', 5)).toBe('?cursor=a+b%26c&limit=5&page_size=5');
  });
});

describe('resolveLink (A7)', () => {
  const base = resolveBaseUrl('https://svc.example.com/api')!;

  it('follows a link relative to the page, absolute on the same origin, or a query alone', () => {
    expect(resolveLink(base, '/api/v1/contents?page=2', '/contents')).toBe('/contents?page=2');
    expect(resolveLink(base, 'https://svc.example.com/api/v1/contents?c=x', '/contents')).toBe(
      '/contents?c=x',
    );
    expect(resolveLink(base, '?page=3', '/contents')).toBe('/contents?page=3');
    expect(resolveLink(base, 'versions?page=2', '/contents/c-1/x')).toBe('/contents/c-1/versions?page=2');
  });

  it('refuses a link to another origin or outside the prefix', () => {
    for (const href of [
      'https://other.example.com/api/v1/contents',
      'http://svc.example.com/api/v1/contents',
      '/api/v2/contents',
      '/api/v1',
      '/api/v1x/contents',
    ]) {
      expect(() => resolveLink(base, href, '/contents'), href).toThrow(/not followed/);
    }
  });

  it('refuses a link that is no URL', () => {
    expect(() => resolveLink(base, 'http://[bad', '/contents')).toThrow(/not a URL/);
  });
});

describe('requestHeaders (A2-A4)', () => {
  it('the key as a bearer token, the user agent, JSON accepted; a JSON content type only with a body', () => {
    expect(requestHeaders('svc_live_k', 'ua/1', false)).toEqual({
      authorization: 'Bearer svc_live_k',
      'user-agent': 'ua/1',
      accept: 'application/json',
    });
    expect(requestHeaders('svc_live_k', 'ua/1', true)['content-type']).toBe('application/json');
  });
});

describe('bodies', () => {
  it('content fields: undefined ones are not sent, null ones are', () => {
    expect(contentBody({ title: 't', description: null, hashtags: undefined })).toStrictEqual({
      title: 't',
      description: null,
    });
    expect(editBody({ title: 't' }, false)).toEqual({ title: 't' });
    expect(editBody({ title: 't' }, true)).toEqual({ title: 't', cancel_generation: true });
  });

  it('generation: render fields given, publication fields only with account_ids', () => {
    const render = { video_id: 'v', orientation: 'vertical', zoom_effect_enabled: false };
    expect(generationBody({ content_id: 'c-1', render })).toEqual({
      creation_id: 'c-1',
      video_id: 'v',
      orientation: 'vertical',
      zoom_effect_enabled: false,
    });
    const publish = {
      account_ids: ['a-1'],
      made_for_kids: true,
      age_restricted: false,
      notify_subscribers: false,
      ai_disclosure: true,
    };
    expect(generationBody({ content_id: 'c-1', render, publish })).toEqual({
      creation_id: 'c-1',
      video_id: 'v',
      orientation: 'vertical',
      zoom_effect_enabled: false,
      account_ids: [{ id: 'a-1' }],
      made_for_kids: 'yes',
      age_restricted: 'no',
      notifySubscribers: false,
      aiDisclosure: true,
    });
    expect(uploadBody(publish)).toEqual({
      account_ids: [{ id: 'a-1' }],
      madeForKids: 'yes',
      ageRestricted: 'no',
      notifySubscribers: false,
      aiDisclosure: true,
    });
    expect(videoBody('c-1', render)).toEqual({ creation_id: 'c-1', video_id: 'v', orientation: 'vertical' });
  });
});
