import { scrubSecrets } from '../secrets.ts';

// The last line of defence before any byte leaves the process: the API key
// and signed, time-limited media URLs are removed from everything the action
// writes (log, annotations, outputs, job summary, PR comment). The engine and
// the client already keep them out; this makes a slip harmless.

/** Query parameters that mark a URL as signed (S3, GCS, Azure SAS, CloudFront, generic tokens). */
const SIGNED_QUERY =
  /\bhttps?:\/\/[^\s"'<>()|`]*?[?&](?:x-amz-signature|x-amz-credential|x-goog-signature|signature|sig|se|sv|expires|token|key-pair-id|policy)=[^\s"'<>()|`]*/gi;

const SIGNED_URL_PLACEHOLDER = '[signed URL removed]';

function scrubSignedUrls(text: string): string {
  return text.replace(SIGNED_QUERY, SIGNED_URL_PLACEHOLDER);
}

/**
 * Replaces each secret, anything shaped like a key or token, and signed URLs.
 * Escaping for Markdown changes the text (`_` becomes `\_`), so the escape
 * functions scrub before they escape, and this runs again on every byte out.
 */
export function redact(text: string, secrets: readonly string[] = []): string {
  return scrubSignedUrls(scrubSecrets(text, secrets));
}
