import { checkBaseUrl } from '../service-client/base-url-policy.ts';
import { createClient, type ServiceClient } from '../service-client/client.ts';
import { ConfigurationError, describeError } from '../service-client/errors.ts';
import { STORE_THE_KEY } from '../service-client/explain.ts';
import { scrubSecrets } from '../secrets.ts';
import type { CliOptions } from './args.ts';
import { EXIT } from './help.ts';
import { writeLine, type CliIO } from './terminal.ts';

// Where the CLI finds the service: --base-url or CONTENT_BASE_URL (the name
// the action's workflows use), the key in CONTENT_API_KEY or on standard
// input. CONTENT_API_URL was the CLI's earlier name for the URL; it is still
// read, with a warning, so old shell profiles keep working.

const BASE_URL_ENV = 'CONTENT_BASE_URL';
const OLD_BASE_URL_ENV = 'CONTENT_API_URL';

export interface ClientSeams {
  clientOptions?: { secondMs?: number; sleep?: (ms: number) => Promise<void> };
}

/** The base URL, and a warning when it came from the old variable name. */
function baseUrlOf(
  options: Pick<CliOptions, 'baseUrl'>,
  env: CliIO['env'],
): { url: string; warning: string | null } {
  if (options.baseUrl !== null) return { url: options.baseUrl, warning: null };
  const current = env[BASE_URL_ENV] ?? '';
  if (current.trim() !== '') return { url: current, warning: null };
  const old = env[OLD_BASE_URL_ENV] ?? '';
  if (old.trim() === '') return { url: '', warning: null };
  return {
    url: old,
    warning: `${OLD_BASE_URL_ENV} is the old name of ${BASE_URL_ENV}; it still works, but rename it (the action's workflows use ${BASE_URL_ENV}).`,
  };
}

/** A client for plan and apply; a ConfigurationError (exit 2) says what is missing and how to give it. */
export async function connect(
  options: CliOptions,
  io: CliIO,
  seams: ClientSeams,
  warn: (message: string) => void,
): Promise<ServiceClient> {
  return createClient({ ...(await serviceSettings(options, io, warn)), ...seams.clientOptions });
}

/** What a client is made from, checked (doctor and import make their own read-only clients from them). */
export interface ServiceSettings {
  baseUrl: string;
  apiKey: string;
  allowInsecureHttp: boolean;
}

/**
 * A command that reads the service only (doctor, drafts, import): its
 * settings, then `work`. Every failure is said the CLI's way, the key
 * scrubbed from it, and ends the command with the exit code it calls for.
 */
export async function readOnlyCommand(
  options: CliOptions,
  io: CliIO,
  work: (settings: ServiceSettings, scrub: (text: string) => string) => Promise<number>,
  isUsage: (error: unknown) => boolean = (error) => error instanceof ConfigurationError,
): Promise<number> {
  let scrub = (text: string): string => text;
  try {
    const warn = (message: string): void => writeLine(io.stderr, `warning: ${message}`);
    const settings = await serviceSettings(options, io, warn);
    scrub = (text) => scrubSecrets(text, [settings.apiKey]);
    return await work(settings, scrub);
  } catch (error) {
    writeLine(io.stderr, `error: ${scrub(inCliWords(describeError(error)))}`);
    return isUsage(error) ? EXIT.usage : EXIT.service;
  }
}

/** The base URL, checked by the one gate before the key is read, and the key. */
export async function serviceSettings(
  options: CliOptions,
  io: CliIO,
  warn: (message: string) => void,
): Promise<ServiceSettings> {
  const { url, warning } = baseUrlOf(options, io.env);
  if (warning !== null) warn(warning);
  if (url.trim() === '') {
    throw new ConfigurationError(
      `No service base URL: set ${BASE_URL_ENV} or pass --base-url URL. To try without an account, run ` +
        '`content-as-code emulator` in another terminal and export the two variables it prints.',
    );
  }
  // Before the key is read: over plain http to another machine it would travel in clear text.
  const { refused, warning: insecure } = checkBaseUrl(
    url,
    options.allowInsecureHttp,
    '--allow-insecure-http',
  );
  if (refused !== null) throw new ConfigurationError(refused);
  if (insecure !== null) warn(insecure);
  const apiKey = options.apiKeyStdin ? await readAll(io.stdin) : (io.env['CONTENT_API_KEY'] ?? '');
  if (apiKey.trim() === '') {
    throw new ConfigurationError(
      options.apiKeyStdin
        ? 'No API key on standard input: pipe it in, for example `content-as-code plan --api-key-stdin < key.txt`.'
        : 'No API key: set CONTENT_API_KEY (for example `read -rs CONTENT_API_KEY && export CONTENT_API_KEY`), ' +
            'or pass --api-key-stdin and pipe it in. Keys are created in the web app under Settings, API Keys.',
    );
  }
  return { baseUrl: url, apiKey: apiKey.trim(), allowInsecureHttp: options.allowInsecureHttp };
}

/**
 * validate needs no service, but checks account names when it can: a client
 * when a key and a URL are at hand, else the reason it has none.
 */
export async function connectIfConfigured(
  options: CliOptions,
  io: CliIO,
  seams: ClientSeams,
  warn: (message: string) => void,
): Promise<ServiceClient | string> {
  const hasKey = options.apiKeyStdin || (io.env['CONTENT_API_KEY'] ?? '').trim() !== '';
  if (!hasKey) return `no API key (set CONTENT_API_KEY and ${BASE_URL_ENV} to check them, read-only)`;
  if (baseUrlOf(options, io.env).url.trim() === '') {
    return `no service base URL (set ${BASE_URL_ENV} or pass --base-url to check them, read-only)`;
  }
  try {
    return await connect(options, io, seams, warn);
  } catch (error) {
    return inCliWords(describeError(error));
  }
}

/**
 * Messages shared with the action name its inputs (`base-url`); a terminal
 * user has the environment variable and the option instead.
 */
export function inCliWords(message: string): string {
  return message
    .replaceAll(STORE_THE_KEY, 'set it as CONTENT_API_KEY (or pipe it in with --api-key-stdin)')
    .replace(/\bCheck base-url\b/g, `Check ${BASE_URL_ENV} (or --base-url)`)
    .replace(/\bbase-url must be\b/g, `${BASE_URL_ENV} (or --base-url) must be`)
    .replace(/\binput `?base-url`?/gi, `${BASE_URL_ENV} (or --base-url)`)
    .replace(/(?<![-\w])(max-publications|cancel-running)\b/g, '--$1');
}

async function readAll(stream: AsyncIterable<string | Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of stream)
    text += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}
