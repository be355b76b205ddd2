// The one check of base-url before the key is sent anywhere. Every mode that
// sends the key (plan, apply, import, doctor, the CLI's validate when it has
// a key) asks it first, and the client asks it again before its first
// request, so a mode that forgot could still not send the key.
//
// The key travels in the Authorization header of every request: over plain
// http anyone on the path reads it. http is fine to this machine (the
// emulator, a tunnel); anywhere else it needs the caller to say so.

const LOOPBACK_NAMES = new Set(['localhost', '[::1]']);

/** True for `localhost`, `*.localhost`, 127.0.0.0/8 and ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (LOOPBACK_NAMES.has(host) || host.endsWith('.localhost')) return true;
  return /^127(?:\.\d{1,3}){3}$/.test(host);
}

/**
 * null when the URL may be used as it is; otherwise the sentence that says
 * why not (for an error, or for a warning when the caller allowed it).
 */
export function insecureBaseUrl(baseUrl: string, allowFlag: string): string | null {
  const url = parsed(baseUrl);
  if (url === null || url.protocol !== 'http:' || isLoopbackHost(url.hostname)) return null;
  return (
    `base-url is plain http:// to ${url.hostname}, so the API key would cross the network in clear text. ` +
    `Use https://, or set ${allowFlag} if the network in between is yours.`
  );
}

/**
 * A query or fragment in base-url is never sent: each request goes to the
 * base path with a query of its own. Said instead of dropped, without
 * echoing it (it may hold a secret).
 */
function unsentBaseUrlPart(baseUrl: string): string | null {
  const url = parsed(baseUrl);
  if (url === null) return null;
  const part = url.search !== '' ? 'a query (?…)' : url.hash !== '' ? 'a fragment (#…)' : null;
  if (part === null) return null;
  return (
    `base-url has ${part}, which the client would not send: every request goes to base-url's path ` +
    'with a query of its own. Remove it from base-url.'
  );
}

export interface BaseUrlVerdict {
  /** Why the key must not be sent to this URL; null when it may. */
  refused: string | null;
  /** Said when the URL is used anyway (plain http that the caller allowed). */
  warning: string | null;
}

/** The gate itself: `allowFlag` names the setting in the caller's words (`--allow-insecure-http`). */
export function checkBaseUrl(baseUrl: string, allowInsecureHttp: boolean, allowFlag: string): BaseUrlVerdict {
  const unsent = unsentBaseUrlPart(baseUrl);
  if (unsent !== null) return { refused: unsent, warning: null };
  const insecure = insecureBaseUrl(baseUrl, allowFlag);
  if (insecure === null) return { refused: null, warning: null };
  return allowInsecureHttp ? { refused: null, warning: insecure } : { refused: insecure, warning: null };
}

function parsed(baseUrl: string): URL | null {
  try {
    return new URL(baseUrl.trim());
  } catch {
    return null; // Not a URL at all: the client says so in its own words.
  }
}
