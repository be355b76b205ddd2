import { describe, expect, it } from 'vitest';
import { checkBaseUrl, insecureBaseUrl, isLoopbackHost } from '../../src/service-client/base-url-policy.ts';
import { ConfigurationError, createClient } from '../../src/service-client/index.ts';

describe('base-url over plain http', () => {
  it('is fine to this machine and over https', () => {
    for (const url of [
      'http://127.0.0.1:8080',
      'http://127.3.4.5',
      'http://localhost:3000/v1',
      'http://api.localhost',
      'http://[::1]:9000',
      'https://api.example.com',
    ]) {
      expect(insecureBaseUrl(url, '--flag'), url).toBeNull();
    }
  });

  it('is refused with a sentence that says why and what to do anywhere else', () => {
    expect(insecureBaseUrl('http://api.example.com', '--allow-insecure-http')).toBe(
      'base-url is plain http:// to api.example.com, so the API key would cross the network in clear text. ' +
        'Use https://, or set --allow-insecure-http if the network in between is yours.',
    );
    expect(insecureBaseUrl('http://10.0.0.5', 'x')).not.toBeNull();
    expect(insecureBaseUrl('http://127.0.0.1.evil.example', 'x')).not.toBeNull();
    expect(isLoopbackHost('localhost.evil.example')).toBe(false);
  });
});

describe('the gate before the key is sent', () => {
  it('refuses a query or a fragment, which the client would drop, without echoing it', () => {
    const query = checkBaseUrl('https://api.example.com/?token=s3cr3t', false, 'x');
    expect(query.refused).toBe(
      "base-url has a query (?…), which the client would not send: every request goes to base-url's path with a query of its own. Remove it from base-url.",
    );
    expect(checkBaseUrl('https://api.example.com/v1#top', true, 'x').refused).toContain('a fragment (#…)');
    expect(JSON.stringify(query)).not.toContain('s3cr3t');
  });

  it('refuses plain http elsewhere unless allowed, and then warns', () => {
    expect(checkBaseUrl('http://api.example.com', false, 'flag')).toEqual({
      refused: insecureBaseUrl('http://api.example.com', 'flag'),
      warning: null,
    });
    expect(checkBaseUrl('http://api.example.com', true, 'flag')).toEqual({
      refused: null,
      warning: insecureBaseUrl('http://api.example.com', 'flag'),
    });
    expect(checkBaseUrl('https://api.example.com/v1', false, 'flag')).toEqual({
      refused: null,
      warning: null,
    });
  });

  it('is asked by the client itself, so no mode can send the key past it', () => {
    const key = 'svc_live_gate-test-key-0123';
    expect(() => createClient({ baseUrl: 'http://api.example.com', apiKey: key })).toThrow(
      ConfigurationError,
    );
    expect(() => createClient({ baseUrl: 'https://api.example.com/?a=1', apiKey: key })).toThrow(/a query/);
    const allowed = createClient({ baseUrl: 'http://api.example.com', apiKey: key, allowInsecureHttp: true });
    void allowed.close();
  });
});
