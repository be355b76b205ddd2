import { USER_AGENT } from '../version.ts';

// The few GitHub REST calls the action makes (issue comments, file contents),
// over Node's global fetch against GITHUB_API_URL. Loaded only by runs that
// talk to GitHub, and small on purpose: @actions/github would bring Octokit
// and a second undici into the start-up of every run.

export interface GitHubApiOptions {
  /** GITHUB_API_URL, for example https://api.github.com. */
  apiUrl: string;
  token: string;
  fetch?: typeof fetch;
}

export class GitHubApiError extends Error {
  override name = 'GitHubApiError';
  readonly status: number;
  constructor(status: number, method: string, path: string, detail: string) {
    super(`GitHub answered ${status} to ${method} ${path}${detail ? `: ${detail}` : ''}`);
    this.status = status;
  }
}

export class GitHubApi {
  readonly #apiUrl: string;
  readonly #token: string;
  readonly #fetch: typeof fetch;

  constructor(options: GitHubApiOptions) {
    this.#apiUrl = options.apiUrl.replace(/\/+$/, '');
    this.#token = options.token;
    this.#fetch = options.fetch ?? fetch;
  }

  async request<T>(
    method: string,
    path: string,
    body?: unknown,
    accept = 'application/vnd.github+json',
  ): Promise<T> {
    const response = await this.#send(method, this.#url(path), body, accept);
    return (await response.json()) as T;
  }

  /** GET text (the raw media type); null on 404. */
  async getText(path: string, accept: string): Promise<string | null> {
    try {
      const response = await this.#send('GET', this.#url(path), undefined, accept);
      return await response.text();
    } catch (error) {
      if (error instanceof GitHubApiError && error.status === 404) return null;
      throw error;
    }
  }

  /** Every page of a listing, following `Link: rel="next"` until there is none. */
  async *paginate<T>(path: string): AsyncGenerator<T[]> {
    let url: string | null = this.#url(path);
    for (let page = 0; url !== null && page < 10_000; page++) {
      const response: Response = await this.#send('GET', url, undefined, 'application/vnd.github+json');
      const items: unknown = await response.json();
      if (!Array.isArray(items))
        throw new GitHubApiError(response.status, 'GET', pathOf(url), 'expected a list');
      yield items.map((item: unknown) => item as T);
      url = nextLink(response.headers.get('link'));
    }
  }

  #url(path: string): string {
    return `${this.#apiUrl}${path}`;
  }

  async #send(method: string, url: string, body: unknown, accept: string): Promise<Response> {
    const headers: Record<string, string> = {
      accept,
      authorization: `Bearer ${this.#token}`,
      'user-agent': USER_AGENT,
      'x-github-api-version': '2022-11-28',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await this.#fetch(url, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) {
      let detail = '';
      try {
        const parsed = (await response.json()) as { message?: unknown };
        if (typeof parsed.message === 'string') detail = parsed.message;
      } catch {
        // A body that is not JSON says nothing more than the status.
      }
      throw new GitHubApiError(response.status, method, pathOf(url), detail);
    }
    return response;
  }
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/** The `rel="next"` target of a Link header, or null. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?([^";]+)"?/.exec(part.trim());
    if (match && match[2]!.split(/\s+/).includes('next')) return match[1]!;
  }
  return null;
}
