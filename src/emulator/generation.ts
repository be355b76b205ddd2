// Generation, publication and task status (interface, Endpoints; A21-A27, A30).
import { ownItem } from './contents.ts';
import type { Call, Reply } from './core.ts';
import { HttpError, asObject, badRequest, optBoolean, optObject, optString, yesNo } from './http-error.ts';
import type { Body } from './http-error.ts';
import { parksAfterAudio, storedSubtitles } from './behaviours.ts';
import { countVideo, reserve } from './limits.ts';
import { taskStatus, wrapObject } from './shapes.ts';
import type { UserRecord } from './store.ts';
import { BEING_GENERATED, UPLOADABLE } from './states.ts';
import type { Account, ItemRecord, Phase, PublishSettings } from './types.ts';

interface Publication {
  accounts: Account[];
  settings: PublishSettings;
}

/**
 * Reads account_ids and the publication fields. Entries that are not
 * `{id}` objects of this user's accounts resolve to nothing, silently: plain
 * strings are accepted and publish nowhere (the interface's trap).
 */
function readPublication(body: Body, user: UserRecord, flags: { kids: string; age: string }): Publication {
  const ids = body.account_ids;
  if (!Array.isArray(ids)) {
    throw badRequest('account_ids: expected an array of objects such as [{"id": "<account id>"}].');
  }
  if (ids.length === 0) throw badRequest('account_ids: no accounts selected.');
  const madeForKids = yesNo(body, flags.kids);
  const ageRestricted = yesNo(body, flags.age);
  if (madeForKids === 'yes' && ageRestricted === 'yes') {
    throw badRequest(`${flags.kids} and ${flags.age} cannot both be "yes".`);
  }
  const tiktokMode = optString(body, 'tiktok_post_mode');
  if (tiktokMode != null && tiktokMode !== 'direct' && tiktokMode !== 'draft') {
    throw badRequest('tiktok_post_mode: expected "direct" or "draft".');
  }
  const wanted = ids.map((entry: unknown) =>
    entry !== null && typeof entry === 'object' && 'id' in entry ? entry.id : undefined,
  );
  const accounts = user.accounts.filter((account) => wanted.includes(account.id));
  // Only this exact casing is read; notify_subscribers, NotifySubscribers… are ignored.
  const settings: PublishSettings = {
    privacy: optString(body, 'privacy') ?? 'public',
    category: optString(body, 'category') ?? '22',
    madeForKids,
    ageRestricted,
    notifySubscribers: optBoolean(body, 'notifySubscribers') ?? true,
    aiDisclosure: optBoolean(body, 'aiDisclosure') ?? true,
    tiktok_post_mode: tiktokMode ?? null,
    tiktok_privacy: optString(body, 'tiktok_privacy') ?? null,
  };
  return { accounts: wanted.flatMap((id) => accounts.filter((a) => a.id === id)), settings };
}

function reserveOrRefuse(user: UserRecord, phases: Phase[]): void {
  const reserved = reserve(user, phases);
  if (!reserved.ok) {
    throw new HttpError(402, {
      error: `Not enough credits: this operation needs ${reserved.required}, the balance is ${reserved.balance}.`,
      balance: reserved.balance,
      required: reserved.required,
    });
  }
}

/** A22: what a generation may start from; an item parked in AUDIO_PROCESSED (no run in flight) may start again. */
function assertGeneratable(item: ItemRecord, running: boolean): void {
  const parked = item.status === 'AUDIO_PROCESSED' && !running;
  if (running || (BEING_GENERATED.has(item.status) && !parked)) {
    throw new HttpError(409, {
      error: `The content is already being generated (status ${item.status}).`,
      code: 'generation_in_progress',
    });
  }
  if (item.status === 'UPLOADED') {
    throw new HttpError(409, {
      error: 'The content is already published; a published video is never replaced.',
      code: 'already_published',
    });
  }
}

function startGeneration(call: Call, video: boolean): Reply {
  const body = asObject(call.body);
  const creationId = optString(body, 'creation_id', false);
  if (!creationId) throw badRequest('creation_id: required, the id of a content item.');
  const renderOptions = {
    video_id: optString(body, 'video_id') ?? null,
    orientation: optString(body, 'orientation') ?? null,
    prefer_real_world: optBoolean(body, 'prefer_real_world') ?? null,
    image_overlay_enabled: optBoolean(body, 'image_overlay_enabled') ?? null,
    image_overlay_position: optString(body, 'image_overlay_position') ?? null,
    zoom_effect_enabled: optBoolean(body, 'zoom_effect_enabled') ?? null,
    subtitle_settings: storedSubtitles(
      optObject(body, 'subtitle_settings') ?? null,
      call.core.config.behaviours,
    ),
  };
  // The presence of account_ids is the only switch for publication (A21; POST /gen/video never publishes).
  const publication =
    !video && 'account_ids' in body
      ? readPublication(body, call.user, { kids: 'made_for_kids', age: 'age_restricted' })
      : null;
  const item = call.core.store.item(call.user.id, creationId);
  if (!item) throw new HttpError(404, { error: 'Content not found.' });
  assertGeneratable(item, call.core.jobs.running(item));
  const phases: Phase[] = parksAfterAudio(item, call.core.config.behaviours)
    ? ['audio']
    : publication
      ? ['audio', 'video', 'upload']
      : ['audio', 'video'];
  reserveOrRefuse(call.user, phases);
  if (video) countVideo(call.user, call.core.clock);

  item.generationDispatches += 1;
  item.last_error = null; // A20
  item.rendered = false;
  item.video_settings = renderOptions;
  call.core.jobs.start({
    item,
    user: call.user,
    phases,
    accounts: publication?.accounts ?? [],
    settings: publication?.settings ?? null,
  });
  return { status: 202, body: { id: item.id, status: item.status } };
}

export function processContent(call: Call): Reply {
  return startGeneration(call, false);
}

export function generateVideo(call: Call): Reply {
  return startGeneration(call, true);
}

export function upload(call: Call): Reply {
  const body = asObject(call.body);
  const publication = readPublication(body, call.user, { kids: 'madeForKids', age: 'ageRestricted' });
  const item = ownItem(call);
  const { clock, config } = call.core;
  const uploading = item.status === 'UPLOADING';
  const since = item.uploadDispatchedAt === null ? Infinity : clock.now() - item.uploadDispatchedAt;
  // Interface, 409 case 2: the guard clears once the dispatch passes the stall threshold. A run
  // still queued (or between phases) is in flight too: only one at a time.
  if (uploading ? since < config.stallThresholdSeconds * 1000 : call.core.jobs.running(item)) {
    throw new HttpError(409, {
      error: 'An upload for this content is already in flight; poll task-status before dispatching again.',
      code: 'upload_in_progress',
    });
  }
  if (!uploading && !UPLOADABLE.has(item.status)) {
    throw badRequest(`Cannot upload content in status ${item.status}: it has no rendered video to publish.`);
  }
  reserveOrRefuse(call.user, ['upload']);
  item.last_error = null;
  call.core.jobs.start({
    item,
    user: call.user,
    phases: ['upload'],
    accounts: publication.accounts,
    settings: publication.settings,
  });
  return { status: 200, body: { id: item.id, status: 'UPLOADING' } };
}

export function getTaskStatus(call: Call): Reply {
  const item = ownItem(call);
  return { status: 200, body: wrapObject(taskStatus(item, call.core.shapes), call.core.shapes) };
}
