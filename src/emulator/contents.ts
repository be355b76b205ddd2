// Content items: create, read, list, edit, versions (A12-A18).
import type { Call, Reply } from './core.ts';
import { HttpError, asObject, badRequest, optObject, optString, optBoolean } from './http-error.ts';
import type { Body } from './http-error.ts';
import type { WriteAnswer } from './readings/types.ts';
import { detail, listing, summary, versionRows, wrapObject } from './shapes.ts';
import { HOUSE_PERSONA, storedFields, type WritableFields } from './behaviours.ts';
import { writeScript } from './script.ts';
import { BEING_GENERATED } from './states.ts';
import { blankItem, setStatus, snapshotVersion } from './store.ts';
import type { ItemRecord } from './types.ts';

const NOT_FOUND = 'Content not found.';

/** The item of the path for this key's owner; another user's item is the same 404 as a missing one. */
export function ownItem(call: Call): ItemRecord {
  const item = call.core.store.item(call.user.id, call.params[0] ?? '');
  if (!item) throw new HttpError(404, { error: NOT_FOUND });
  return item;
}

/** A13: the ContentDetail field names; undefined = absent, null clears. */
function readFields(body: Body): WritableFields {
  const fields: WritableFields = {};
  const title = optString(body, 'title', false);
  if (title !== undefined) {
    if (title === null || title.trim() === '') throw badRequest('title: must be a non-empty string.');
    fields.title = title;
  }
  for (const name of ['description', 'full_text', 'textover', 'hashtags', 'persona_id'] as const) {
    const value = optString(body, name);
    if (value !== undefined) fields[name] = value;
  }
  const fineTuning = optObject(body, 'fine_tuning');
  if (fineTuning !== undefined) fields.fine_tuning = fineTuning;
  return fields;
}

export function createContent(call: Call): Reply {
  const body = asObject(call.body);
  const fields = storedFields(readFields(body), call.core.config.behaviours);
  if (fields.title === undefined) throw badRequest('title: required, a non-empty string.');
  const { maxItems } = call.core.config;
  if (call.user.items.length >= maxItems) {
    // Interface, Limits 6: a plan limit exceeded on other operations yields 400.
    throw new HttpError(400, {
      error: `Plan limit reached: content_items (${maxItems}).`,
      limit: 'content_items',
    });
  }
  const item = blankItem(call.user.id, fields.title);
  Object.assign(item, fields);
  if (call.core.config.behaviours.ignorePersonaId) {
    call.user.personas.set(HOUSE_PERSONA.id, HOUSE_PERSONA.name);
    item.persona_id = HOUSE_PERSONA.id;
  }
  // A15: the service writes the script from full_text when none is given.
  if (fields.textover === undefined && item.full_text !== null) item.textover = writeScript(item.full_text);
  item.versions.push(snapshotVersion(item));
  const settles = call.core.config.behaviours.settlesAfterCreateMs;
  if (settles !== undefined)
    item.updated_at = new Date(Date.parse(item.creation_date) + settles).toISOString();
  call.core.store.addItem(item);
  return answer(call, item, call.core.config.writes.create, 201);
}

export function getContent(call: Call): Reply {
  const item = ownItem(call);
  return { status: 200, body: wrapObject(detail(item, call.user, call.core.shapes), call.core.shapes) };
}

export function listContents(call: Call): Reply {
  const { user, core } = call;
  const newestFirst = core.config.listing.order === 'newest-first';
  const rows = newestFirst ? [...user.items].reverse() : user.items;
  return {
    status: 200,
    body: listing(rows, call.url, core.shapes, (item) => summary(item, user, core.shapes)),
  };
}

export function listVersions(call: Call): Reply {
  const item = call.core.store.item(call.user.id, call.params[0] ?? '');
  // The one endpoint whose 404 body is {message} (interface, Errors).
  if (!item) return { status: 404, body: { message: NOT_FOUND } };
  return { status: 200, body: listing(versionRows(item), call.url, call.core.shapes) };
}

/** A14: a write's answer in the form the readings chose; an empty one is 204. */
function answer(call: Call, item: ItemRecord, form: WriteAnswer, status: number): Reply {
  const body = detail(item, call.user, call.core.shapes);
  switch (form) {
    case 'item':
      return { status, body: wrapObject(body, call.core.shapes) };
    case 'id':
      return { status, body: { id: item.id } };
    case 'content-id':
      return { status, body: { content_id: item.id } };
    case 'wrapped':
      return { status, body: { success: true, data: body } };
    case 'empty-object':
      return { status: 200, body: {} };
    case 'empty':
      return { status: 204, body: null };
    case 'location':
      return { status, body: '', headers: { location: `/v1/contents/${encodeURIComponent(item.id)}` } };
    case 'accepted':
      return { status: 202, body: { id: item.id, status: 'accepted' } };
  }
}

const WRITABLE = ['description', 'full_text', 'textover', 'hashtags', 'persona_id', 'fine_tuning'] as const;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function editContent(call: Call): Reply {
  const body = asObject(call.body);
  const cancel = optBoolean(body, 'cancel_generation') === true;
  const fields = storedFields(readFields(body), call.core.config.behaviours);
  const item = ownItem(call);
  const { core } = call;
  if (core.config.writes.put === 'replace') {
    // A13, the other reading: PUT replaces the item; what is not sent is cleared.
    if (fields.title === undefined) throw badRequest('title: required, a non-empty string.');
    for (const name of WRITABLE) if (fields[name] === undefined) fields[name] = null;
    // A15 still holds: a new full_text sent without a script gets one written.
    if (body.textover === undefined && fields.full_text !== item.full_text) delete fields.textover;
  }

  // An item parked in AUDIO_PROCESSED with no run in flight is not being generated.
  const parked = item.status === 'AUDIO_PROCESSED' && !core.jobs.running(item);
  if ((BEING_GENERATED.has(item.status) && !parked) || core.jobs.running(item)) {
    if (!cancel) {
      throw new HttpError(409, {
        error: `The content is being generated (status ${item.status}); send cancel_generation: true to cancel the job and apply the edit.`,
        code: 'generation_in_progress',
      });
    }
    // A17: stop the job, refund the phases that had not finished, back to NEW.
    core.jobs.cancel(item, call.user);
    setStatus(item, 'NEW');
    item.progress = null;
  }

  const changes = (name: keyof WritableFields): boolean =>
    fields[name] !== undefined && !same(fields[name], item[name]);
  const fullTextChanged = changes('full_text');
  const invalidates =
    fullTextChanged || changes('textover') || changes('persona_id') || changes('fine_tuning');
  const scriptChanged = changes('title') || fullTextChanged || changes('textover');

  Object.assign(item, fields);
  // A15: a new full_text without a textover gets a new script.
  if (fullTextChanged && fields.textover === undefined && item.full_text !== null) {
    item.textover = writeScript(item.full_text);
  }
  // A16: the render no longer matches its script, unless the video is already published.
  if (invalidates && item.status !== 'UPLOADED') {
    setStatus(item, 'NEW');
    item.rendered = false;
  }
  if (scriptChanged) item.versions.push(snapshotVersion(item));
  item.updated_at = new Date().toISOString();
  return answer(call, item, core.config.writes.edit, 200);
}
