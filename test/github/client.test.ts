import { describe, expect, it } from 'vitest';
import { clientOnFirstNeed } from '../../src/github/client.ts';

// A run makes one GitHub client, when something first needs it: the review,
// the pull request's files, the comment and the deployments share it.

describe("a run's GitHub client", () => {
  it('is made once, on first need, and shared by every caller', () => {
    const github = clientOnFirstNeed({ apiUrl: 'http://127.0.0.1:9', token: 'ghs_example' });
    const first = github();
    expect(first).not.toBeNull();
    expect(github()).toBe(first);
  });

  it('is none when the workflow gave no token', () => {
    expect(clientOnFirstNeed({ apiUrl: 'http://127.0.0.1:9', token: '' })()).toBeNull();
  });
});
