import { OutcomeUnknownError, ReadBackError, ServiceError } from '../service-client/errors.ts';
import { newIdempotencyKey } from '../service-client/idempotency.ts';
import type { ContentDetail, ContentFields, ContentSummary, ServiceApi } from '../service-client/types.ts';
import type { Logger } from '../log.ts';
import type { DesiredFields } from '../manifest/types.ts';
import { fieldChanges, putBody } from '../plan/diff.ts';
import { createdAtSameInstant, duplicateTitle, hasCreationTime, winnerOf } from '../plan/duplicates.ts';
import { withDetailFacts } from './race.ts';
import { sameTitle } from '../text/service-terms.ts';

// A create whose answer was lost (A33): the client never resends it; here
// the engine looks the title up first and sends again only when the service
// shows that the first request did not take effect. Generations and uploads
// are resolved in dispatch.ts.

/**
 * A create whose answer was lost while another run created its title in the
 * same instant, as far as the service's times tell: which item is this run's
 * cannot be known, so every one of them was marked, as twins give way
 * (race.ts), and the next run creates the title once.
 */
export class UndecidedCreateError extends Error {
  override name = 'UndecidedCreateError';
  readonly ids: string[];
  readonly why: string;

  constructor(title: string, ids: string[]) {
    const why =
      "this run's create lost its answer and another run created the title in the same instant as far as the " +
      `service's times tell; neither item can be told for this run's, so both were retitled as duplicates ` +
      'and the next run creates it once';
    super(`"${title}": ${why}`);
    this.ids = ids;
    this.why = why;
  }
}

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

/** The items titled `title`, looked for with backoff for up to lookMs: one, several, or none in that time. */
async function lookForTitle(
  client: ServiceApi,
  title: string,
  sleep: (ms: number) => Promise<void>,
  lookMs: number,
): Promise<ContentSummary | ContentSummary[] | null> {
  let waited = 0;
  for (let delay = 0; ; delay = Math.min(LONGEST_LOOK_MS, Math.max(FIRST_LOOK_MS, delay * 2))) {
    const step = Math.min(delay, lookMs - waited);
    await sleep(step);
    waited += step;
    const found = (await client.listContents()).items.filter((summary) => sameTitle(summary.title, title));
    if (found.length > 1) return found;
    if (found[0] !== undefined) return found[0];
    if (waited >= lookMs) return null;
  }
}

/**
 * An item another writer made under this title, taken as this manifest's
 * item: the fields this create would have set that it holds otherwise (in the
 * service's terms) are edited to the manifest's, before anything is rendered
 * from them.
 */
async function adopt(client: ServiceApi, id: string, fields: ContentFields): Promise<ContentDetail> {
  const detail = await client.getContent(id);
  const desired = withoutNulls(fields) as DesiredFields;
  const changes = fieldChanges(desired, detail, desired.persona_id !== undefined);
  if (changes.length === 0) return detail;
  return client.editContent(id, putBody(changes, desired, detail));
}

/** Every item of a tie marked (each as a duplicate of another), none kept: the next run creates the title once. */
async function markAll(client: ServiceApi, title: string, found: readonly ContentSummary[]): Promise<never> {
  const ids = found.map((summary) => summary.id).sort();
  for (const id of ids) {
    const other = ids.find((candidate) => candidate !== id)!;
    await client.editContent(id, { title: duplicateTitle(title, other) }).catch((error: unknown) => {
      if (!(error instanceof ReadBackError)) throw error;
    });
  }
  throw new UndecidedCreateError(title, ids);
}

/**
 * POST /contents. Two answers leave the item to be looked up by its exact
 * title rather than created again: a lost answer (A33; sent again only when
 * the item has not appeared), and a 409 (RFC 9110: the request conflicts
 * with the resource's state; on a create, an item of that title exists,
 * another writer's), whose item is adopted: one live item, never a second create.
 */
export async function createOrAdopt(
  client: ServiceApi,
  fields: ContentFields,
  logger: Logger,
  sleep: (ms: number) => Promise<void>,
  options: { lookMs?: number | undefined } = {},
): Promise<ContentDetail> {
  const lookMs = options.lookMs ?? DEFAULT_CREATE_LOOK_MS;
  // Every send of this create carries the same Idempotency-Key (service-client/idempotency.ts).
  const write = { idempotencyKey: newIdempotencyKey() };
  for (let send = 1; ; send++) {
    try {
      return await client.createContent(withoutNulls(fields), write);
    } catch (error) {
      const taken = error instanceof ServiceError && error.status === 409;
      if (!(error instanceof OutcomeUnknownError || taken) || send >= MAX_SENDS) throw error;
      const found = await lookForTitle(client, fields.title, sleep, lookMs);
      if (Array.isArray(found)) {
        const settled = taken ? null : await settleLostCreate(client, fields.title, found, logger);
        if (settled === null) throw error;
        return settled;
      }
      if (found === null && taken) throw error;
      if (found !== null && taken) {
        logger.info(
          `"${fields.title}" is already the title of another item (${found.id}, 409 on the create); that item is adopted.`,
        );
        return adopt(client, found.id, fields);
      }
      if (found !== null) {
        logger.info(
          `The create of "${fields.title}" lost its answer; the item exists (${found.id}) and is adopted.`,
        );
        return client.getContent(found.id);
      }
      logger.info(
        `The create of "${fields.title}" lost its answer and the item has not appeared in ${Math.round(lookMs / 1000)} s; sending it again.`,
      );
    }
  }
}

/**
 * A create whose answer was lost, and several new items of its title: another
 * run created it at the same moment, and this run cannot tell which item is
 * its own. Every run keeps the same winner (plan/duplicates.ts); this one
 * marks every other, as the run whose item lost would (the same title, so
 * marking twice does no harm), and goes on with the winner. Only items never
 * rendered (NEW) are marked: anything else is someone's work, and the create
 * stays an error.
 */
async function settleLostCreate(
  client: ServiceApi,
  title: string,
  listed: readonly ContentSummary[],
  logger: Logger,
): Promise<ContentDetail | null> {
  const found = await withDetailFacts(client, listed, null);
  const winner = winnerOf(found);
  const losers = found.filter((summary) => summary.id !== winner?.id);
  if (winner === null || !found.every(hasCreationTime) || losers.some((loser) => loser.status !== 'NEW'))
    return null;
  // Created at the same instant as far as the service tells: which came first cannot be known.
  if (createdAtSameInstant(winner, found) !== null) return markAll(client, title, found);
  for (const loser of losers) await client.editContent(loser.id, { title: duplicateTitle(title, winner.id) });
  logger.warning(
    `The create of "${title}" lost its answer, and another run created the title at the same moment: ` +
      `${winner.id} (created first) is kept; ${losers.map((loser) => loser.id).join(', ')} ` +
      'retitled as its duplicate, never rendered or published.',
  );
  return client.getContent(winner.id);
}
