export const id = 398;
export const ids = [398,935,348];
export const modules = {

/***/ 2398:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  applyItems: () => (/* binding */ applyItems),
  itemResults: () => (/* reexport */ itemResults),
  untouched: () => (/* binding */ untouched)
});

// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(3249);
// EXTERNAL MODULE: ./src/api/retry.ts
var retry = __webpack_require__(7018);
// EXTERNAL MODULE: ./src/api/types.ts
var types = __webpack_require__(705);
// EXTERNAL MODULE: ./src/plan/concurrency.ts
var concurrency = __webpack_require__(8348);
// EXTERNAL MODULE: ./src/plan/inflight.ts
var inflight = __webpack_require__(4850);
// EXTERNAL MODULE: ./src/plan/duplicates.ts
var duplicates = __webpack_require__(3745);
;// CONCATENATED MODULE: ./src/apply/race.ts

/** The list view's row of an item, from its detail view (for a listing that has not caught up yet). */
function asSummary(detail) {
    return {
        id: detail.id,
        title: detail.title,
        description: detail.description,
        full_text: detail.full_text,
        hashtags: detail.hashtags,
        status: detail.status,
        persona: detail.persona,
        published_url: null,
        published_platform: null,
        last_error: detail.last_error,
        creation_date: detail.creation_date,
        updated_at: detail.updated_at,
        upload_date: detail.upload_date,
    };
}
/** Lists the new item's title again and settles a race for it. */
async function settleTitleRace(client, created, logger) {
    const same = (await client.listContents()).items.filter((summary) => summary.title === created.title);
    // A listing that lags behind the create still counts this run's own item.
    if (!same.some((summary) => summary.id === created.id))
        same.push(asSummary(created));
    const winner = (0,duplicates/* winnerOf */.Pk)(same);
    if (same.length < 2 || winner === null || winner.id === created.id)
        return { winner: created, lost: null };
    await client.editContent(created.id, { title: (0,duplicates/* duplicateTitle */.Wq)(created.title, winner.id) });
    logger.warning(`Another run created "${created.title}" at the same moment (${winner.id}, created first). This run's item ` +
        `${created.id} was retitled as its duplicate and is never rendered or published; going on with ${winner.id}.`);
    return {
        winner: await client.getContent(winner.id),
        lost: { kind: 'duplicate_marked', id: created.id, title: created.title, winner: winner.id },
    };
}

// EXTERNAL MODULE: ./src/plan/diff.ts
var diff = __webpack_require__(8256);
;// CONCATENATED MODULE: ./src/apply/readback.ts

const TEXT_FIELDS = ['full_text', 'textover'];
function isObject(value) {
    return value !== null && typeof value === 'object' && !Array.isArray(value);
}
/** What a create or an edit sent that the service holds differently. */
function readBackFields(sent, detail) {
    const notes = [];
    for (const field of TEXT_FIELDS) {
        const value = sent[field];
        const held = detail[field];
        if (typeof value === 'string' && typeof held === 'string' && value !== held)
            if ((0,diff/* serviceText */.Lo)(value) === (0,diff/* serviceText */.Lo)(held))
                notes.push({ field, how: 'normalised_text' });
    }
    const tuning = sent.fine_tuning;
    if (isObject(tuning) && !(0,diff/* sameValue */.eE)(tuning, detail.fine_tuning) && (0,diff/* coversKeys */.tC)(tuning, detail.fine_tuning))
        notes.push({ field: 'fine_tuning', how: 'filled_defaults' });
    const persona = sent.persona_id;
    if (typeof persona === 'string' && (detail.persona?.id ?? null) !== persona)
        notes.push({ field: 'persona', how: 'ignored' });
    return notes;
}
/** Render settings the service holds differently from what the generation request sent. */
function readBackRender(sent, detail) {
    const wanted = sent.subtitle_settings;
    const held = detail.video_settings?.subtitle_settings ?? null;
    if (isObject(wanted) && !(0,diff/* sameValue */.eE)(wanted, held) && (0,diff/* coversKeys */.tC)(wanted, held))
        return [{ field: 'video.subtitles', how: 'filled_defaults' }];
    return [];
}

;// CONCATENATED MODULE: ./src/apply/resolve.ts


// Non-idempotent POSTs whose answer was lost (A33). The client never resends
// them; here the engine reads the service first and sends again only when the
// service shows that the first request did not take effect.
/** How many times a POST is sent at most when the service shows the earlier ones did not arrive. */
const MAX_SENDS = 3;
function isCode(error, status, code) {
    return (error instanceof errors.ServiceError && error.status === status && (code === undefined || error.code === code));
}
/**
 * The create body without its null fields. A null `textover` would count as a
 * script given (A15), and the service would not write one from `full_text`;
 * the client leaves undefined fields out of the body (A13).
 */
function withoutNulls(fields) {
    const body = {};
    for (const [key, value] of Object.entries(fields))
        if (value !== null)
            body[key] = value;
    return body;
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
async function createOrAdopt(client, fields, logger, sleep, options = {}) {
    const lookMs = options.lookMs ?? DEFAULT_CREATE_LOOK_MS;
    for (let send = 1;; send++) {
        try {
            return await client.createContent(withoutNulls(fields));
        }
        catch (error) {
            if (!(error instanceof errors.OutcomeUnknownError) || send >= MAX_SENDS)
                throw error;
            let waited = 0;
            for (let delay = 0;; delay = Math.min(LONGEST_LOOK_MS, Math.max(FIRST_LOOK_MS, delay * 2))) {
                const step = Math.min(delay, lookMs - waited);
                await sleep(step);
                waited += step;
                const found = (await client.listContents()).items.filter((summary) => summary.title === fields.title);
                const [only] = found;
                if (only && found.length === 1) {
                    logger.info(`The create of "${fields.title}" lost its answer; the item exists (${only.id}) and is adopted.`);
                    return client.getContent(only.id);
                }
                if (found.length > 1)
                    throw error;
                if (waited >= lookMs)
                    break;
            }
            logger.info(`The create of "${fields.title}" lost its answer and the item has not appeared in ${Math.round(lookMs / 1000)} s; sending it again.`);
        }
    }
}
/** The service shows the POST took effect: the item moved away from where it was. */
function moved(before, now) {
    return types/* GENERATING_STATUSES */.kl.has(now) || now === 'UPLOADED' || (before !== null && now !== before);
}
async function dispatch(client, id, before, send, logger, what) {
    for (let attempt = 1;; attempt++) {
        try {
            await send();
            return 'started';
        }
        catch (error) {
            // 409: something is in flight already; wait for it, never send again.
            if (isCode(error, 409, 'already_published'))
                return 'published';
            if (isCode(error, 409))
                return 'running';
            if (!(error instanceof errors.OutcomeUnknownError) || attempt >= MAX_SENDS)
                throw error;
            const status = await client.taskStatus(id);
            if (moved(before, status.status)) {
                logger.info(`The ${what} request lost its answer; the item is ${status.status}, so it was received.`);
                return status.status === 'UPLOADED' ? 'published' : 'started';
            }
            logger.info(`The ${what} request lost its answer and the item is still ${status.status}; sending it again.`);
        }
    }
}
/** POST /gen/process-content-async, resolved by the item's status when its answer is lost. */
function dispatchGeneration(client, request, before, logger) {
    return dispatch(client, request.content_id, before, () => client.processContent(request), logger, 'generation');
}
/** POST /contents/upload/{id}; a 409 means an upload is in flight: wait and poll, never resend. */
function dispatchUpload(client, id, publish, before, logger) {
    return dispatch(client, id, before, () => client.upload(id, publish), logger, 'upload');
}

// EXTERNAL MODULE: ./src/apply/wait.ts
var wait = __webpack_require__(9935);
;// CONCATENATED MODULE: ./src/apply/results.ts


// What the reports say about each item: its outcome, from what the run did and
// what one listing taken after the run shows.
function outcomeOf(run, status) {
    if (run.error !== null)
        return 'error';
    if (status !== null && types/* FAILED_STATUSES */.Lg.has(status) && run.item.stage !== 'draft')
        return 'failed';
    if (run.running || (status !== null && inflight/* RUNNING_STATUSES */.$Q.has(status)))
        return 'running';
    const waited = run.item.steps.some((step) => step.kind === 'wait');
    if ((run.published || waited) && status === 'UPLOADED')
        return 'published';
    if ((run.rendered || waited) && status !== null && types/* RENDERED_STATUSES */.RD.has(status))
        return 'rendered';
    if (run.created)
        return 'created';
    if (run.edited)
        return 'updated';
    if (run.item.holds.length > 0 || run.item.steps.length > 0)
        return 'skipped';
    return 'unchanged';
}
/**
 * Results from the runs and one listing taken after them: status, public URL and
 * last_error come from the list view (A18). Signed URLs are never copied.
 */
function itemResults(runs, listing) {
    const byId = new Map((listing ?? []).map((summary) => [summary.id, summary]));
    return runs.map((run) => {
        const row = run.id === null ? undefined : byId.get(run.id);
        const status = row?.status ?? run.status;
        const urls = row?.published_url && status === 'UPLOADED'
            ? [{ title: run.item.title, platform: row.published_platform ?? '', url: row.published_url }]
            : [];
        return {
            file: run.item.file,
            title: run.item.title,
            id: run.id,
            outcome: outcomeOf(run, status),
            status,
            publishedUrls: urls,
            lastError: row?.last_error ?? run.lastError,
            error: run.error,
            durationMs: run.durationMs,
            holds: run.holds,
            notes: run.notes,
        };
    });
}

;// CONCATENATED MODULE: ./src/apply/apply.ts









async function settle(run, context, until = 'settled', inFlight = false, leaving, since) {
    if (run.id === null || run.status === null)
        return true;
    if (!inFlight && leaving === undefined && !inflight/* RUNNING_STATUSES */.$Q.has(run.status) && until === 'settled')
        return true;
    if (!context.wait) {
        run.running = true;
        return false;
    }
    const outcome = await (0,wait.waitForItem)(context.client, { id: run.id, file: run.item.file, title: run.item.title }, {
        deadline: context.deadline,
        clock: context.clock,
        poll: context.poll,
        logger: context.logger,
        until,
        ...(leaving === undefined ? {} : { leaving }),
        ...(since === undefined ? {} : { since }),
        ...(context.startWaitMs === undefined ? {} : { startWaitMs: context.startWaitMs }),
    });
    run.status = outcome.status;
    run.lastError = outcome.lastError;
    run.running = outcome.timedOut;
    if (outcome.notStarted) {
        run.holds.push({ kind: 'not_started', status: outcome.status });
        context.logger.warning(`The service accepted the request, but the item is still ${outcome.status}: it has not started yet.`);
    }
    return !outcome.timedOut;
}
/** After a dispatch: wait for the item to leave the status it was sent from, then for the job to end. */
async function settleDispatch(run, context, dispatched, before, until, conflictMayBeQueued, since) {
    if (dispatched === 'published') {
        run.status = 'UPLOADED';
        return true;
    }
    // A started job, or (for a generation) a 409 for one already there, may still be queued in the status it
    // was sent from. A 409 on an upload says one is in flight, which the status shows.
    const queued = dispatched === 'started' || conflictMayBeQueued;
    const leaving = before !== null && queued ? before : undefined;
    return settle(run, context, until, true, leaving, since);
}
/** A fresh look before a dispatch: another run may have rendered or published the item meanwhile. */
async function freshStatus(run, context) {
    if (run.id === null)
        return false;
    const now = await context.client.taskStatus(run.id);
    run.status = now.status;
    if ((0,inflight/* mayBeInFlight */.cC)(now.status, now.progress))
        return settle(run, context, 'maybe-published', true);
    return true;
}
/** Notes each service normal form once per item. */
function note(run, notes, logger) {
    for (const found of notes) {
        if (run.notes.some((known) => known.field === found.field))
            continue;
        run.notes.push(found);
        logger.info(`The service holds ${found.field} in its own terms (${found.how.replace('_', ' ')}).`);
    }
}
/** A new item's render: another run that raced for the title may have rendered it already. */
function renderedMeanwhile(run, step) {
    return (step.reason === 'never_rendered' &&
        run.status !== null &&
        (types/* RENDERED_STATUSES */.RD.has(run.status) || run.status === 'UPLOADED') &&
        run.status !== 'FAILED_UPLOAD');
}
/** The item's updated_at, best-effort: a retry is still sent when it cannot be read. */
async function updatedAt(client, id) {
    try {
        return (await client.getContent(id)).updated_at;
    }
    catch {
        return null;
    }
}
/** The most generations one render step sends: once more when the service parked the run after the voiceover. */
const RENDER_SENDS = 2;
async function runRender(run, step, context) {
    const { client, logger } = context;
    await settleRace(run, context);
    const id = run.id;
    if (!(await settle(run, context)))
        return false;
    if (step.reason === 'never_rendered' && !(await freshStatus(run, context)))
        return false;
    if (run.status === 'UPLOADED')
        return true; // never rendered again once published
    if (renderedMeanwhile(run, step))
        return true;
    const retrying = run.status !== null && types/* FAILED_STATUSES */.Lg.has(run.status);
    // Stepwise: the script is read before credits are spent on it, and it
    // must be the one the plan showed (reviewers read it in the PR comment).
    // After this run's own create or edit the service has just written it.
    if (run.item.flow === 'stepwise' || step.publish === null) {
        const detail = await client.getContent(id);
        const planned = run.created || run.edited ? null : run.item.script.remote;
        if (planned !== null && detail.textover !== planned) {
            run.holds.push({ kind: 'script_changed_since_plan' });
            logger.warning('The script changed on the service since the plan was made: it is not rendered in this run.');
            return false;
        }
        logger.info(`Script to render (${(detail.textover ?? '').length} characters) read from the service.`);
    }
    for (let send = 1; send <= RENDER_SENDS; send++) {
        const before = run.status;
        const since = before !== null && types/* FAILED_STATUSES */.Lg.has(before) ? await updatedAt(client, id) : undefined;
        const dispatched = await dispatchGeneration(client, { content_id: id, render: step.render, publish: step.publish?.options }, before, logger);
        run.rendered ||= dispatched === 'started';
        if (step.publish !== null && dispatched === 'started')
            run.published = true;
        const until = step.publish !== null && dispatched !== 'published' ? 'published' : 'settled';
        if (!(await settleDispatch(run, context, dispatched, before, until, true, since)))
            return false;
        // Parked after the voiceover with no run in flight: it is rendered, not waited on.
        if (run.status !== 'AUDIO_PROCESSED' || dispatched !== 'started')
            break;
        logger.info('The run parked after the voiceover (AUDIO_PROCESSED, no run in flight): rendering it.');
    }
    if (run.status !== null && types/* FAILED_STATUSES */.Lg.has(run.status)) {
        // Retried once per apply: a second failure is reported, not looped on.
        if (retrying || step.reason === 'retry_failed')
            run.holds.push({ kind: 'already_retried', status: run.status });
        return false;
    }
    if (step.render.subtitle_settings !== undefined && run.rendered)
        note(run, readBackRender(step.render, await client.getContent(id)), logger);
    return true;
}
async function runUpload(run, step, context) {
    await settleRace(run, context);
    const id = run.id;
    if (!(await settle(run, context)))
        return false;
    // Another run may have published it since: look before sending (task status is not rate limited).
    if (!(await freshStatus(run, context)))
        return false;
    if (run.status === 'UPLOADED')
        return true; // never published twice
    if (run.status === null || !types/* RENDERED_STATUSES */.RD.has(run.status))
        return false;
    const before = run.status;
    let dispatched;
    try {
        dispatched = await dispatchUpload(context.client, id, step.publish.options, before, context.logger);
    }
    catch (error) {
        // Published by another run between the look and the upload: the service refuses a second one.
        if (!(error instanceof errors.ServiceError && error.status === 400))
            throw error;
        const now = await context.client.taskStatus(id);
        if (now.status !== 'UPLOADED')
            throw error;
        run.status = now.status;
        return true;
    }
    // 'published' here means a lost answer whose upload the service shows done: this run's publication.
    run.published = dispatched !== 'running';
    return settleDispatch(run, context, dispatched, before, 'settled', false);
}
/** Settles a race for the title of the item this run created; once it lost, the run goes on with the winner. */
async function settleRace(run, context) {
    const created = run.unsettled;
    if (created === null)
        return;
    run.unsettled = null;
    const race = await settleTitleRace(context.client, created, context.logger);
    if (race.lost === null)
        return;
    run.holds.push(race.lost);
    run.id = race.winner.id;
    run.status = race.winner.status;
}
/** One step; false stops the item's remaining steps. */
async function runStep(run, step, context) {
    const { client, logger } = context;
    if (!context.allowed.has(step.kind))
        return step.kind === 'wait';
    if (step.kind === 'create') {
        const lookMs = context.createLookMs ??
            Math.max(0, Math.min(retry/* DEFAULT_RETRY */.vI.deadlineMs, context.deadline - context.clock.now()));
        const detail = await createOrAdopt(client, step.fields, logger, (ms) => context.clock.sleep(ms), {
            lookMs,
        });
        run.id = detail.id;
        run.status = detail.status;
        run.created = true;
        logger.info(`Created ${detail.id}.`);
        note(run, readBackFields(step.fields, detail), logger);
        // No lock: a run started at the same moment may have created the same title.
        run.unsettled = detail;
        await settleRace(run, context);
        // A run that listed before the other's create landed sees no race now; it looks once more before
        // its first dispatch (and at the end of a draft), when two creates in the same millisecond are settled.
        if (!run.holds.some((hold) => hold.kind === 'duplicate_marked'))
            run.unsettled = detail;
        return true;
    }
    if (run.id === null)
        return false;
    switch (step.kind) {
        case 'edit': {
            const body = step.send;
            const detail = await client.editContent(run.id, body, { cancelGeneration: step.cancelGeneration });
            run.status = detail.status;
            run.edited = true;
            logger.info(`Edited ${step.changes.map((change) => change.field).join(', ')}.`);
            note(run, readBackFields(body, detail), logger);
            return true;
        }
        case 'wait': {
            // An in-flight one-shot run may carry its publication: a brief VIDEO_PROCESSED is not its end.
            const maybePublishing = run.item.flow === 'oneshot' && run.item.stage === 'published';
            return settle(run, context, maybePublishing ? 'maybe-published' : 'settled', true);
        }
        case 'render':
            return runRender(run, step, context);
        case 'upload':
            return runUpload(run, step, context);
    }
}
const WRITES = new Set(['edit', 'render', 'upload']);
/**
 * Items wait for a worker, and the service moves on meanwhile (a render
 * finishes, a one-shot run starts publishing, another run acts). A plan whose
 * first act is a write is carried out only on the status it was made from;
 * otherwise nothing is sent, an in-flight run is waited for, and the next run
 * plans the item again. Task status is not rate limited, so the look is cheap.
 */
async function stillAsPlanned(run, work, context) {
    const planned = run.item.remote;
    if (planned === null || run.id === null || !WRITES.has(work[0].kind))
        return true;
    const now = await context.client.taskStatus(run.id);
    const inFlight = (0,inflight/* mayBeInFlight */.cC)(now.status, now.progress);
    // A plan made on a generating item (cancel-running) expects it still to be
    // generating, but never publishing: a publication is not interrupted (A17).
    const asPlanned = inflight/* RUNNING_STATUSES */.$Q.has(planned.status)
        ? inflight/* RUNNING_STATUSES */.$Q.has(now.status) && now.status !== 'UPLOADING'
        : now.status === planned.status && !inFlight;
    if (asPlanned)
        return true;
    run.status = now.status;
    run.holds.push({ kind: 'changed_since_plan', planned: planned.status, found: now.status });
    context.logger.info(`Moved from ${planned.status} to ${now.status}${inFlight ? ' with a run in flight' : ''} since the plan was made: nothing is sent for it in this run.`);
    if (inFlight)
        await settle(run, context, 'maybe-published', true);
    return false;
}
/** An item as planned, before anything was done to it. */
function untouched(item) {
    return {
        item,
        id: item.remote?.id ?? null,
        status: item.remote?.status ?? null,
        created: false,
        edited: false,
        rendered: false,
        published: false,
        running: false,
        holds: [],
        notes: [],
        unsettled: null,
        lastError: null,
        error: null,
        durationMs: 0,
    };
}
async function runItem(item, context) {
    const started = context.clock.now();
    const run = untouched(item);
    const work = item.steps.filter((step) => context.allowed.has(step.kind));
    if (work.length > 0) {
        await context.logger.group(`${item.title} (${item.file})`, async () => {
            try {
                if (!(await stillAsPlanned(run, work, context)))
                    return;
                for (const step of item.steps) {
                    if (!(await runStep(run, step, context)))
                        break;
                }
                await settleRace(run, context);
            }
            catch (error) {
                run.error = (0,errors.describeError)(error);
                context.logger.warning(`${item.file}: ${run.error}`);
            }
        });
    }
    run.durationMs = Math.round(context.clock.now() - started);
    return run;
}
/** Runs every item of the plan, `concurrency` at a time, in plan order. */
async function applyItems(items, options) {
    const clock = options.clock ?? wait.realClock;
    const context = {
        ...options,
        clock,
        poll: options.poll ?? wait.DEFAULT_POLL,
        deadline: clock.now() + options.timeoutMs,
    };
    return (0,concurrency.mapLimit)(items, options.concurrency, (item) => runItem(item, context));
}



/***/ }),

/***/ 9935:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DEFAULT_POLL: () => (/* binding */ DEFAULT_POLL),
/* harmony export */   DEFAULT_START_WAIT_MS: () => (/* binding */ DEFAULT_START_WAIT_MS),
/* harmony export */   nextDelay: () => (/* binding */ nextDelay),
/* harmony export */   realClock: () => (/* binding */ realClock),
/* harmony export */   waitForItem: () => (/* binding */ waitForItem)
/* harmony export */ });
/* harmony import */ var _api_types_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(705);
/* harmony import */ var _plan_inflight_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4850);


const DEFAULT_POLL = { initialMs: 500, maxMs: 10_000, factor: 1.5 };
const DEFAULT_STALE_MS = 30_000;
const realClock = {
    now: () => performance.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
/**
 * How long a dispatched job may stay queued in the status it was sent from
 * before the wait gives up on it: a 202 is not a start, and a generation
 * still in NEW a few seconds later is not done.
 */
const DEFAULT_START_WAIT_MS = 120_000;
function sameProgress(a, b) {
    return a?.percentage === b?.percentage && a?.step === b?.step && a?.message === b?.message;
}
/** Delay before the next read: grows while nothing changes, back to fast after a change. */
function nextDelay(policy, previous, changed) {
    if (previous === null || changed)
        return policy.initialMs;
    return Math.min(policy.maxMs, previous * policy.factor);
}
const PARKED_READS = 3;
/**
 * Whether the wait ends on this read. `progress` is null when no run is in
 * flight; a snapshot on a parked status that has not moved for a few reads is
 * the stale one of a run that parked, and never keeps a parked item waiting.
 */
function ends(until, status, inFlight, stillReads, stillForMs, staleMs) {
    if (_plan_inflight_js__WEBPACK_IMPORTED_MODULE_1__/* .RUNNING_STATUSES */ .$Q.has(status))
        return false;
    const stale = _plan_inflight_js__WEBPACK_IMPORTED_MODULE_1__/* .PARKED_STATUSES */ .RZ.has(status) && stillReads >= PARKED_READS && stillForMs >= staleMs;
    // A one-shot run passing through VIDEO_PROCESSED on its way to UPLOADING still has one.
    // A run that carries its publication never rests in AUDIO_PROCESSED, so a still snapshot there is stale too.
    const parked = stale && (until !== 'published' || status === 'AUDIO_PROCESSED');
    if (inFlight && !_api_types_js__WEBPACK_IMPORTED_MODULE_0__/* .TERMINAL_STATUSES */ .CM.has(status) && !parked)
        return false;
    if (until === 'settled' || _api_types_js__WEBPACK_IMPORTED_MODULE_0__/* .TERMINAL_STATUSES */ .CM.has(status))
        return true;
    if (status !== 'VIDEO_PROCESSED')
        return true;
    return until === 'maybe-published' && stillReads >= PARKED_READS;
}
/** Whether the item's updated_at moved since the dispatch; a failed read is no answer. */
async function touchedSince(client, id, since) {
    if (since === undefined || since === null)
        return false;
    try {
        const now = (await client.getContent(id)).updated_at;
        return now !== null && now !== since;
    }
    catch {
        return false;
    }
}
/** Polls until the wait ends (see WaitUntil) or the deadline passes. */
async function waitForItem(client, target, options) {
    const { clock, poll, logger, deadline } = options;
    const until = options.until ?? 'settled';
    const startBy = clock.now() + (options.startWaitMs ?? DEFAULT_START_WAIT_MS);
    let leaving = options.leaving;
    let last = null;
    let delay = null;
    let stillReads = 0;
    let stillSince = clock.now();
    for (;;) {
        const status = await client.taskStatus(target.id);
        const statusChanged = last === null || last.status !== status.status;
        const changed = last === null || last.status !== status.status || !sameProgress(last.progress, status.progress);
        if (changed)
            logger.progress({
                file: target.file,
                title: target.title,
                status: status.status,
                progress: status.progress,
            });
        // Left: another status, or a snapshot that moves (a stale one of the last run does not).
        if (leaving !== undefined && (status.status !== leaving || (last !== null && changed)))
            leaving = undefined;
        if (leaving !== undefined && last !== null && (await touchedSince(client, target.id, options.since)))
            leaving = undefined;
        stillReads = changed ? 1 : stillReads + 1;
        if (changed)
            stillSince = clock.now();
        last = status;
        if (leaving !== undefined) {
            // Queued: the service answered, the worker has not taken the job yet.
            if (clock.now() >= Math.min(startBy, deadline))
                return { status: status.status, lastError: status.last_error, timedOut: true, notStarted: true };
        }
        else if (ends(until, status.status, status.progress !== null, stillReads, clock.now() - stillSince, poll.staleMs ?? DEFAULT_STALE_MS)) {
            return { status: status.status, lastError: status.last_error, timedOut: false };
        }
        const remaining = deadline - clock.now();
        if (remaining <= 0)
            return { status: status.status, lastError: status.last_error, timedOut: true };
        // Back to fast reads only when the status moves on, not on every progress snapshot.
        delay = nextDelay(poll, delay, statusChanged);
        await clock.sleep(Math.min(delay, remaining));
    }
}


/***/ }),

/***/ 8348:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   mapLimit: () => (/* binding */ mapLimit)
/* harmony export */ });
/**
 * Runs fn over items with at most `limit` calls in flight; results keep the
 * items' order. The first rejection rejects the whole call once the running
 * calls have settled (no call is left dangling).
 */
async function mapLimit(items, limit, fn) {
    const results = new Array(items.length);
    let next = 0;
    let failure = null;
    const worker = async () => {
        while (failure === null && next < items.length) {
            const index = next++;
            try {
                results[index] = await fn(items[index], index);
            }
            catch (error) {
                failure ??= { error };
            }
        }
    };
    const width = Math.max(1, Math.min(Math.floor(limit) || 1, items.length));
    await Promise.all(Array.from({ length: width }, worker));
    if (failure !== null)
        throw failure.error;
    return results;
}


/***/ }),

/***/ 8256:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Lo: () => (/* binding */ serviceText),
/* harmony export */   aI: () => (/* binding */ createFields),
/* harmony export */   cU: () => (/* binding */ putBody),
/* harmony export */   eE: () => (/* binding */ sameValue),
/* harmony export */   fH: () => (/* binding */ settingsChanges),
/* harmony export */   qR: () => (/* binding */ SCRIPT_FIELDS),
/* harmony export */   tC: () => (/* binding */ coversKeys),
/* harmony export */   wV: () => (/* binding */ fieldChanges)
/* harmony export */ });
/* unused harmony export sameInServiceTerms */
// Field-level comparison of a manifest with a remote item. Only what the
// manifest says is compared: an absent property is not managed.
/** Fields whose change makes an existing render stale (A16). */
const SCRIPT_FIELDS = new Set([
    'full_text',
    'textover',
    'persona_id',
    'fine_tuning',
]);
const FIELD_ORDER = [
    'title',
    'description',
    'full_text',
    'textover',
    'hashtags',
    'fine_tuning',
    'persona_id',
];
/** Deep equality of JSON values, independent of key order. */
function sameValue(a, b) {
    if (a === b)
        return true;
    if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object')
        return false;
    if (Array.isArray(a) !== Array.isArray(b))
        return false;
    if (Array.isArray(a) && Array.isArray(b)) {
        return a.length === b.length && a.every((value, index) => sameValue(value, b[index]));
    }
    const left = a;
    const right = b;
    const keys = Object.keys(left).filter((key) => left[key] !== undefined);
    const other = Object.keys(right).filter((key) => right[key] !== undefined);
    return keys.length === other.length && keys.every((key) => sameValue(left[key], right[key]));
}
function remoteValue(remote, field) {
    if (field === 'persona_id')
        return remote.persona?.id ?? null;
    return remote[field] ?? null;
}
function isPlainObject(value) {
    return value !== null && typeof value === 'object' && !Array.isArray(value);
}
/**
 * Text in the service's terms: a service may store `\r\n` as `\n` and drop
 * whitespace at line ends and at the end, so two texts that differ only there
 * are the same text.
 */
function serviceText(text) {
    return text
        .replace(/\r\n?/g, '\n')
        .split('\n')
        .map((line) => line.trimEnd())
        .join('\n')
        .trimEnd();
}
/**
 * An object in the service's terms: it covers what the manifest asks for when
 * every key the manifest sets has that value on the service. Keys the service
 * added (its own defaults) are not the manifest's business; null is `{}`.
 */
function coversKeys(wanted, current) {
    const remote = current === null || current === undefined ? {} : current;
    if (!isPlainObject(remote))
        return false;
    return Object.entries(wanted).every(([key, value]) => isPlainObject(value) ? coversKeys(value, remote[key]) : sameValue(value, remote[key]));
}
/** Whether the service holds what the manifest asks for, in the service's terms (see serviceText, coversKeys). */
function sameInServiceTerms(field, wanted, current) {
    if ((field === 'full_text' || field === 'textover') && typeof wanted === 'string')
        return typeof current === 'string' && serviceText(wanted) === serviceText(current);
    if (field === 'fine_tuning' && isPlainObject(wanted))
        return coversKeys(wanted, current);
    return sameValue(wanted, current);
}
/**
 * Differences between the managed fields of a manifest and the remote item, in
 * a fixed field order, compared in the service's terms. A persona the service
 * does not report (id null) on an existing item cannot be compared: a service
 * that takes no persona_id would otherwise be sent it, and re-render, on every run.
 */
function fieldChanges(desired, remote) {
    const changes = [];
    for (const field of FIELD_ORDER) {
        const wanted = desired[field];
        if (wanted === undefined)
            continue;
        const current = remoteValue(remote, field);
        if (field === 'persona_id' && current === null)
            continue;
        if (!sameInServiceTerms(field, wanted, current))
            changes.push({ field, from: current, to: wanted });
    }
    return changes;
}
/** The body of a create: every field, absent ones as null (A13). */
function createFields(desired) {
    return {
        title: desired.title,
        description: desired.description ?? null,
        full_text: desired.full_text ?? null,
        textover: desired.textover ?? null,
        hashtags: desired.hashtags ?? null,
        fine_tuning: desired.fine_tuning ?? null,
        persona_id: desired.persona_id ?? null,
    };
}
/**
 * The body of a PUT: every field, so that a service whose PUT is partial and
 * one whose PUT replaces the item end with the same item (A13). The changes
 * carry the manifest's values and every other field the item's own (a script
 * change of a published video is drift, not an edit), except a script the
 * service wrote: left out when the source text changes, so that it writes a
 * new one (A15).
 */
function putBody(changes, desired, remote) {
    const body = {};
    const sourceChanges = changes.some((change) => change.field === 'full_text');
    for (const field of FIELD_ORDER) {
        if (field === 'textover' && sourceChanges && desired.textover === undefined)
            continue;
        body[field] = remoteValue(remote, field);
    }
    for (const change of changes)
        body[change.field] = change.to;
    return body;
}
const SETTING_KEYS = [
    'video_id',
    'orientation',
    'prefer_real_world',
    'image_overlay_enabled',
    'image_overlay_position',
    'zoom_effect_enabled',
    'subtitle_settings',
];
/**
 * Render options that differ from the settings of the last render (A19).
 * A setting the manifest leaves out, or the service does not report, is not compared.
 */
function settingsChanges(desired, remote) {
    if (remote === null)
        return [];
    const drift = [];
    for (const key of SETTING_KEYS) {
        const wanted = desired[key];
        const current = remote[key];
        if (wanted === undefined || current === null || current === undefined)
            continue;
        // Subtitle settings the service filled in with its defaults are not a change of the manifest's.
        if (key === 'subtitle_settings' && isPlainObject(wanted) && coversKeys(wanted, current))
            continue;
        if (!sameValue(wanted, current))
            drift.push({ field: 'video_settings', remote: { [key]: current }, desired: { [key]: wanted } });
    }
    return drift;
}


/***/ }),

/***/ 3745:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   GX: () => (/* binding */ isMarkedDuplicate),
/* harmony export */   Pk: () => (/* binding */ winnerOf),
/* harmony export */   Wq: () => (/* binding */ duplicateTitle)
/* harmony export */ });
// Two runs that create the same title at the same moment (the service offers
// no lock) each make an item. Every run settles it the same way, from the
// listing alone: the oldest item wins (creation_date, then the smaller id),
// and the run whose own item lost retitles it with a mark, so that no later
// run matches it, renders it or publishes it.
const MARK = / \[duplicate of ([^\]\s]+)\]$/;
/** The title a losing item is given: its own title and the winner's id. */
function duplicateTitle(title, winnerId) {
    return `${title} [duplicate of ${winnerId}]`;
}
/** A title this project gave to an item that lost a race for its title. */
function isMarkedDuplicate(title) {
    return MARK.test(title);
}
function createdAt(summary) {
    const time = summary.creation_date === null ? NaN : Date.parse(summary.creation_date);
    return Number.isNaN(time) ? Infinity : time;
}
/** The item every run keeps among items of one title: oldest creation_date, then the smallest id. */
function winnerOf(candidates) {
    let best = null;
    for (const candidate of candidates) {
        if (best === null ||
            createdAt(candidate) < createdAt(best) ||
            (createdAt(candidate) === createdAt(best) && candidate.id < best.id))
            best = candidate;
    }
    return best;
}


/***/ }),

/***/ 4850:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $Q: () => (/* binding */ RUNNING_STATUSES),
/* harmony export */   RZ: () => (/* binding */ PARKED_STATUSES),
/* harmony export */   cC: () => (/* binding */ mayBeInFlight),
/* harmony export */   yh: () => (/* binding */ uploadCannotCarry)
/* harmony export */ });
/* unused harmony export parkedAfterAudio */
/* harmony import */ var _api_types_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(705);

// What the service says about work in flight, read the way the interface
// words it: `progress` is null when no run is in flight, so AUDIO_PROCESSED or
// VIDEO_PROCESSED without progress is parked, not generating. A snapshot that
// stays after a run parked is told apart by not moving (see apply/wait.ts).
/** Statuses that only a running job shows. */
const RUNNING_STATUSES = new Set([
    'PROCESSING',
    'PROCESSING_AUDIO',
    'PROCESSING_VIDEO',
    'UPLOADING',
]);
/** Statuses a run passes through between phases, and where a run that stopped there rests. */
const PARKED_STATUSES = new Set([
    'AUDIO_PROCESSED',
    'VIDEO_PROCESSED',
    'READY_FOR_UPLOAD',
]);
/** A run may be in flight: a running status, or a progress snapshot on a status that is not terminal. */
function mayBeInFlight(status, progress) {
    return RUNNING_STATUSES.has(status) || (progress !== null && !_api_types_js__WEBPACK_IMPORTED_MODULE_0__/* .TERMINAL_STATUSES */ .CM.has(status));
}
/** Parked in AUDIO_PROCESSED: the voiceover exists, no run is in flight, no video was rendered. */
function parkedAfterAudio(status, progress) {
    return status === 'AUDIO_PROCESSED' && progress === null;
}
/**
 * Publication settings (manifest names) that the upload endpoint is not shown
 * to carry and that decide who sees the video: the interface names only
 * account_ids, madeForKids and ageRestricted there, so a private video or
 * TikTok settings sent with an upload could be dropped and the video
 * published wider than asked. (category, notify_subscribers and
 * ai_disclosure go with the upload under their one-shot names.)
 */
function uploadCannotCarry(options) {
    const fields = [];
    if (options.privacy !== undefined && options.privacy !== 'public')
        fields.push('publish.privacy');
    if (options.tiktok_post_mode !== undefined || options.tiktok_privacy !== undefined)
        fields.push('publish.tiktok');
    return fields;
}


/***/ })

};
