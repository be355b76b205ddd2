import { describe, expect, it } from 'vitest';
import { ConfigurationError, createClient, type PublishOptions } from '../../src/service-client/index.ts';
import { USER_AGENT } from '../../src/version.ts';
import { KEY, detail, setup } from './fixtures.ts';

// What goes on the wire: headers, base URL, and the request bodies with the
// service's quirks (account_ids objects, yes/no strings, camelCase flags).

const t = setup();

const render = { video_id: 'stock', orientation: 'vertical' };
const publish: PublishOptions = {
  account_ids: ['a-1', 'a-2'],
  privacy: 'unlisted',
  category: '27',
  made_for_kids: false,
  age_restricted: true,
  notify_subscribers: false,
  ai_disclosure: true,
  tiktok_post_mode: 'draft',
  tiktok_privacy: 'PUBLIC_TO_EVERYONE',
};

describe('headers', () => {
  it('sends the key as a bearer token only, the user agent, and JSON content type with bodies', async () => {
    const { client } = t.make();
    t.server.on('GET', '/users/credits', { body: { credits: 1 } });
    t.server.on('PUT', '/contents/c-1', { body: detail() });
    t.server.on('GET', '/contents/c-1', { body: detail() });
    await client.credits();
    await client.editContent('c-1', { title: 'x' });
    const [get, put] = t.server.requests();
    expect(get?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(get?.headers['x-api-key']).toBeUndefined();
    expect(get?.headers['user-agent']).toBe(USER_AGENT);
    expect(USER_AGENT).toMatch(/^content-as-code\/\d+\.\d+\.\d+/);
    expect(get?.headers['content-type']).toBeUndefined();
    expect(put?.headers['content-type']).toBe('application/json');
  });

  it('takes a user agent of the caller', async () => {
    const { client } = t.make({ userAgent: 'content-as-code/9.9.9 (cli)' });
    t.server.on('GET', '/users/credits', { body: { credits: 1 } });
    await client.credits();
    expect(t.server.requests()[0]?.headers['user-agent']).toBe('content-as-code/9.9.9 (cli)');
  });

  it('reuses kept-alive connections', async () => {
    const { client } = t.make({ connections: 1 });
    t.server.always('GET', '/users/credits', { body: { credits: 1 } });
    await client.credits();
    await client.credits();
    const [first, second] = t.server.requests();
    expect(first?.headers.connection).toBe('keep-alive');
    expect(first?.remotePort).toBeDefined();
    expect(second?.remotePort).toBe(first?.remotePort);
  });
});

describe('base URL (A1)', () => {
  const cases: Array<[string, string]> = [
    ['', '/v1/users/credits'],
    ['/', '/v1/users/credits'],
    ['/v1', '/v1/users/credits'],
    ['/v1/', '/v1/users/credits'],
    ['/api', '/api/v1/users/credits'],
  ];
  for (const [suffix, sent] of cases) {
    it(`"${suffix}" → ${sent}`, async () => {
      const { client } = t.make({ baseUrl: `${t.server.url}${suffix}` });
      t.server.always('GET', '/users/credits', { body: { credits: 1 } });
      t.server.always('GET', '/api/v1/users/credits', { body: { credits: 1 } });
      await client.credits();
      expect(t.server.requests()[0]?.url).toBe(sent);
      expect(client.baseUrl).toBe(`${t.server.url}${sent.replace('/users/credits', '')}`);
    });
  }

  it('ids are escaped in paths', async () => {
    const { client } = t.make();
    t.server.on('GET', '/contents/a%2Fb', { body: detail({ id: 'a/b' }) });
    await expect(client.getContent('a/b')).resolves.toMatchObject({ id: 'a/b' });
  });
});

describe('configuration is checked before any request', () => {
  const bad: Array<[string, { baseUrl?: string; apiKey?: string }, RegExp]> = [
    ['a key without the svc_live_ prefix', { apiKey: 'sk_test_abc' }, /does not start with svc_live_/],
    ['an empty key', { apiKey: '  ' }, /No API key was given/],
    ['a base URL that is not http(s)', { baseUrl: 'ftp://example.com' }, /base-url must be an http\(s\) URL/],
    ['a base URL that is not a URL', { baseUrl: 'example.com/api' }, /base-url must be an http\(s\) URL/],
  ];
  for (const [name, options, message] of bad) {
    it(name, () => {
      const masked: string[] = [];
      let error: unknown;
      try {
        createClient({
          baseUrl: t.server.url,
          apiKey: KEY,
          maskSecret: (secret) => masked.push(secret),
          ...options,
        });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain(options.apiKey ?? KEY);
      expect(t.server.requests()).toEqual([]);
    });
  }

  it('the key is masked the moment it is read, even when it is then refused', () => {
    const masked: string[] = [];
    expect(() =>
      createClient({ baseUrl: t.server.url, apiKey: 'session-token-123', maskSecret: (s) => masked.push(s) }),
    ).toThrow(ConfigurationError);
    expect(masked).toEqual(['session-token-123']);
    const { client } = t.make({ maskSecret: (s) => masked.push(s) });
    expect(client.baseUrl).toBe(`${t.server.url}/v1`);
    expect(masked).toEqual(['session-token-123', KEY]);
  });
});

describe('request bodies', () => {
  it('create sends the ContentDetail field names (A13)', async () => {
    const { client } = t.make();
    t.server.on('POST', '/contents', { status: 201, body: detail() });
    t.server.on('GET', '/contents/c-1', { body: detail() });
    const fields = {
      title: 'Glowing reefs',
      description: 'About reefs',
      full_text: 'Source',
      textover: null,
      hashtags: '#reef',
      fine_tuning: { tone: 'calm' },
      persona_id: 'p-1',
    };
    await client.createContent(fields);
    expect(t.server.requests()[0]?.body).toEqual(fields);
  });

  it('edit sends what it is given, and cancel_generation only when asked', async () => {
    const { client } = t.make();
    t.server.always('PUT', '/contents/c-1', { body: detail() });
    t.server.always('GET', '/contents/c-1', { body: detail({ hashtags: '#x' }) });
    await client.editContent('c-1', { title: 'New', description: null });
    await client.editContent('c-1', { textover: 'Script' }, { cancelGeneration: true });
    await client.editContent('c-1', { hashtags: '#x' }, { cancelGeneration: false });
    expect(t.server.requests('PUT').map((r) => r.body)).toEqual([
      { title: 'New', description: null },
      { textover: 'Script', cancel_generation: true },
      { hashtags: '#x' },
    ]);
  });

  it('one-shot without publication carries no account_ids and no publication field (A21)', async () => {
    const { client } = t.make();
    t.server.on('POST', '/gen/process-content-async', { status: 202 });
    await client.processContent({
      content_id: 'c-1',
      render: {
        ...render,
        zoom_effect_enabled: true,
        subtitle_settings: { size: 'L' },
        prefer_real_world: undefined,
      },
    });
    expect(t.server.requests()[0]?.body).toEqual({
      creation_id: 'c-1',
      video_id: 'stock',
      orientation: 'vertical',
      zoom_effect_enabled: true,
      subtitle_settings: { size: 'L' },
    });
  });

  it('one-shot with publication: account_ids as objects, yes/no strings, camelCase flags', async () => {
    const { client } = t.make();
    t.server.on('POST', '/gen/process-content-async', { status: 202 });
    await client.processContent({ content_id: 'c-1', render, publish });
    expect(t.server.requests()[0]?.body).toEqual({
      creation_id: 'c-1',
      video_id: 'stock',
      orientation: 'vertical',
      account_ids: [{ id: 'a-1' }, { id: 'a-2' }],
      privacy: 'unlisted',
      category: '27',
      made_for_kids: 'no',
      age_restricted: 'yes',
      notifySubscribers: false,
      aiDisclosure: true,
      tiktok_post_mode: 'draft',
      tiktok_privacy: 'PUBLIC_TO_EVERYONE',
    });
  });

  it('upload: madeForKids / ageRestricted in camelCase as yes/no (A26)', async () => {
    const { client } = t.make();
    t.server.on('POST', '/contents/upload/c-1', { body: { id: 'c-1', status: 'UPLOADING' } });
    await client.upload('c-1', {
      ...publish,
      made_for_kids: true,
      age_restricted: false,
      privacy: undefined,
    });
    expect(t.server.requests()[0]?.body).toEqual({
      account_ids: [{ id: 'a-1' }, { id: 'a-2' }],
      madeForKids: 'yes',
      ageRestricted: 'no',
      category: '27',
      notifySubscribers: false,
      aiDisclosure: true,
      tiktok_post_mode: 'draft',
      tiktok_privacy: 'PUBLIC_TO_EVERYONE',
    });
  });

  it('POST /gen/video takes the item, source and orientation only (A25)', async () => {
    const { client } = t.make();
    t.server.on('POST', '/gen/video', { status: 202 });
    await client.generateVideo('c-1', { ...render, zoom_effect_enabled: true });
    expect(t.server.requests()[0]?.body).toEqual({
      creation_id: 'c-1',
      video_id: 'stock',
      orientation: 'vertical',
    });
  });
});
