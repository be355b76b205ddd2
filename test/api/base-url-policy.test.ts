import { describe, expect, it } from 'vitest';
import { insecureBaseUrl, isLoopbackHost } from '../../src/api/base-url-policy.ts';

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
