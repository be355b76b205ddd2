import { OutcomeUnknownError } from '../api/errors.ts';
import { newIdempotencyKey } from '../api/idempotency.ts';
import type { ContentDetail, ContentFields, ServiceApi } from '../api/types.ts';
import type { Logger } from '../log.ts';
import { sameTitle } from '../text/service-terms.ts';

// A create whose answer was lost (A33): the client never resends it; here
// the engine looks the title up first and sends again only when the service
// shows that the first request did not take effect. Generations and uploads
// are resolved in dispatch.ts.

/** How many times a POST is sent at most when the service shows the earlier ones did not arrive. */
const MAX_SENDS = 3;

/**
 * The create body without its null fields. A null `textover` would count as a
 * script given (A15), and the service would not write one from `full_text`;
 * the client leaves undefined fields out of the body (A13).
 */
function withoutNulls(fields: ContentFields): ContentFields {
  const body: Partial<Record<keyof ContentFields, unknown>> = {};
  for (const [key, value] of Object.entries(fields))
    if (value !== null) body[key as keyof ContentFields] = value;
  return body as ContentFields;
}

/**
 * A create whose answer was lost is looked for (by its title) for as long as
 * the caller allows before it is sent again: the service may still be working
 * on the first request, or its listing may lag, and a second create would be
 * a duplicate item. The looks back off from 500 ms to 5 s.
 */
const DEFAULT_CREATE_LOOK_MS = 30_000;
const FIRST_LOOK_MS = 500;
const LONGEST_LOOK_MS = 5_000;

/** POST /contents; after a lost answer the item is looked up by its exact title, with backoff, before any resend. */
export async function createOrAdopt(
  client: ServiceApi,
  fields: ContentFields,
  logger: Logger,
  sleep: (ms: number) => Promise<void>,
  options: { lookMs?: number | undefined } = {},
): Promise<ContentDetail> {
  const lookMs = options.lookMs ?? DEFAULT_CREATE_LOOK_MS;
  // Every send of this create carries the same Idempotency-Key (api/idempotency.ts).
  const write = { idempotencyKey: newIdempotencyKey() };
  for (let send = 1; ; send++) {
    try {
      return await client.createContent(withoutNulls(fields), write);
    } catch (error) {
      if (!(error instanceof OutcomeUnknownError) || send >= MAX_SENDS) throw error;
      let waited = 0;
      for (let delay = 0; ; delay = Math.min(LONGEST_LOOK_MS, Math.max(FIRST_LOOK_MS, delay * 2))) {
        const step = Math.min(delay, lookMs - waited);
        await sleep(step);
        waited += step;
        const found = (await client.listContents()).items.filter((summary) =>
          sameTitle(summary.title, fields.title),
        );
        const [only] = found;
        if (only && found.length === 1) {
          logger.info(
            `The create of "${fields.title}" lost its answer; the item exists (${only.id}) and is adopted.`,
          );
          return client.getContent(only.id);
        }
        if (found.length > 1) throw error;
        if (waited >= lookMs) break;
      }
      logger.info(
        `The create of "${fields.title}" lost its answer and the item has not appeared in ${Math.round(lookMs / 1000)} s; sending it again.`,
      );
    }
  }
}
