import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// A small HTTP server for client tests: per-route queues of scripted answers,
// a log of every request (headers and body), and answers that never come
// (a destroyed socket, a hang) to play lost responses.

export interface ScriptedResponse {
  /** Default 200. */
  status?: number;
  /** Sent as JSON, unless a string (sent as is, text/plain). Omitted: empty body. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Read the request, then destroy the socket without answering. */
  destroy?: boolean;
  /** Read the request and never answer (until the server closes). */
  hang?: boolean;
  /** Writes the answer itself: a body that drips, or one too large to hold (generated as it is sent). */
  raw?: (res: ServerResponse) => void;
}

export type Script = ScriptedResponse | ((request: LoggedRequest) => ScriptedResponse);

export interface LoggedRequest {
  method: string;
  /** Path without the query and without the `/v1` prefix. */
  path: string;
  /** Path and query as sent. */
  url: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON, the raw text when not JSON, or null when empty. */
  body: unknown;
  /** The client's port: equal for two requests that shared a kept-alive connection. */
  remotePort: number | undefined;
}

const route = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;

export class ScriptedServer {
  readonly log: LoggedRequest[] = [];
  readonly #server: Server;
  readonly #queues = new Map<string, Script[]>();
  readonly #fallbacks = new Map<string, Script>();
  readonly #sockets = new Set<Socket>();
  #url = '';

  private constructor() {
    this.#server = createServer((req, res) => void this.#handle(req, res));
    this.#server.on('connection', (socket) => {
      this.#sockets.add(socket);
      socket.on('close', () => this.#sockets.delete(socket));
    });
  }

  static async start(): Promise<ScriptedServer> {
    const server = new ScriptedServer();
    await new Promise<void>((resolve) => server.#server.listen(0, '127.0.0.1', resolve));
    const { port } = server.#server.address() as AddressInfo;
    server.#url = `http://127.0.0.1:${port}`;
    return server;
  }

  /** `http://127.0.0.1:<port>` (the client appends `/v1`). */
  get url(): string {
    return this.#url;
  }

  /** Queues answers for one route (path relative to /v1, no query), used in order. */
  on(method: string, path: string, ...scripts: Script[]): this {
    const key = route(method, path);
    this.#queues.set(key, [...(this.#queues.get(key) ?? []), ...scripts]);
    return this;
  }

  /** The answer once the route's queue is empty. */
  always(method: string, path: string, script: Script): this {
    this.#fallbacks.set(route(method, path), script);
    return this;
  }

  requests(method?: string, path?: string): LoggedRequest[] {
    return this.log.filter(
      (entry) =>
        (method === undefined || entry.method === method.toUpperCase()) &&
        (path === undefined || entry.path === path),
    );
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://scripted.invalid');
    const entry: LoggedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname.replace(/^\/v1(?=\/)/, ''),
      url: req.url ?? '/',
      query: url.searchParams,
      headers: req.headers,
      body: decode(raw),
      remotePort: req.socket.remotePort,
    };
    this.log.push(entry);

    const key = route(entry.method, entry.path);
    const script = this.#queues.get(key)?.shift() ?? this.#fallbacks.get(key);
    const answer: ScriptedResponse =
      script === undefined
        ? { status: 418, body: { error: `no scripted answer for ${key}` } }
        : typeof script === 'function'
          ? script(entry)
          : script;

    if (answer.delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (answer.hang === true) return;
    if (answer.raw !== undefined) {
      answer.raw(res);
      return;
    }
    if (answer.destroy === true) {
      req.socket.destroy();
      return;
    }
    const isText = typeof answer.body === 'string';
    const payload =
      answer.body === undefined ? '' : isText ? (answer.body as string) : JSON.stringify(answer.body);
    const headers: Record<string, string> = { ...answer.headers };
    if (payload !== '' && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
      headers['content-type'] = isText ? 'text/plain' : 'application/json';
    }
    res.writeHead(answer.status ?? 200, headers);
    res.end(payload);
  }
}

function decode(raw: string): unknown {
  if (raw === '') return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** An answer that sends its first byte, then one more every `everyMs`, and never ends (until closed). */
export function drip(everyMs: number): ScriptedResponse {
  return {
    raw: (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{');
      const timer = setInterval(() => res.write(' '), everyMs);
      res.on('close', () => clearInterval(timer));
    },
  };
}

/**
 * An answer of `bytes` bytes of valid-looking JSON, generated as the client
 * reads it (never held in memory); `declared` sends its Content-Length,
 * otherwise it is chunked.
 */
export function huge(bytes: number, declared: boolean): ScriptedResponse {
  return {
    raw: (res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(declared ? { 'content-length': String(bytes) } : {}),
      });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const pump = (): void => {
        while (sent < bytes && !res.destroyed) {
          const size = Math.min(chunk.length, bytes - sent);
          sent += size;
          if (!res.write(size === chunk.length ? chunk : chunk.subarray(0, size))) {
            res.once('drain', pump);
            return;
          }
        }
        if (!res.destroyed) res.end();
      };
      res.on('close', () => (sent = bytes));
      pump();
    },
  };
}
