export const id = 649;
export const ids = [649,935,348];
export const modules = {

/***/ 8649:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  applyItems: () => (/* binding */ applyItems),
  itemResults: () => (/* binding */ itemResults),
  untouched: () => (/* binding */ untouched)
});

// EXTERNAL MODULE: ./src/api/errors.ts
var errors = __webpack_require__(3249);
// EXTERNAL MODULE: ./src/api/types.ts
var types = __webpack_require__(705);
// EXTERNAL MODULE: ./src/plan/concurrency.ts
var concurrency = __webpack_require__(8348);
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
 * How long to keep looking for a create whose answer was lost before sending
 * it again: the service may still be working on the first request, or its
 * listing may lag, and a second create would be a duplicate item.
 */
const CREATE_LOOKS_MS = [0, 1_000, 3_000];
/** POST /contents; after a lost answer the item is looked up by its exact title before any resend. */
async function createOrAdopt(client, fields, logger, sleep) {
    for (let send = 1;; send++) {
        try {
            return await client.createContent(withoutNulls(fields));
        }
        catch (error) {
            if (!(error instanceof errors.OutcomeUnknownError) || send >= MAX_SENDS)
                throw error;
            for (const delay of CREATE_LOOKS_MS) {
                await sleep(delay);
                const found = (await client.listContents()).items.filter((summary) => summary.title === fields.title);
                const [only] = found;
                if (only && found.length === 1) {
                    logger.info(`The create of "${fields.title}" lost its answer; the item exists (${only.id}) and is adopted.`);
                    return client.getContent(only.id);
                }
                if (found.length > 1)
                    throw error;
            }
            logger.info(`The create of "${fields.title}" lost its answer and the item has not appeared; sending it again.`);
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
;// CONCATENATED MODULE: ./src/apply/apply.ts





async function settle(run, context, until = 'settled', inFlight = false) {
    if (run.id === null || run.status === null)
        return true;
    if (!inFlight && !types/* GENERATING_STATUSES */.kl.has(run.status) && until === 'settled')
        return true;
    if (!context.wait) {
        run.running = true;
        return false;
    }
    const outcome = await (0,wait.waitForItem)(context.client, { id: run.id, file: run.item.file, title: run.item.title }, { deadline: context.deadline, clock: context.clock, poll: context.poll, logger: context.logger, until });
    run.status = outcome.status;
    run.lastError = outcome.lastError;
    run.running = outcome.timedOut;
    return !outcome.timedOut;
}
function afterDispatch(run, dispatched, inFlight) {
    if (dispatched === 'published')
        run.status = 'UPLOADED';
    else if (run.status === null || !types/* GENERATING_STATUSES */.kl.has(run.status))
        run.status = inFlight;
}
/** One step; false stops the item's remaining steps. */
async function runStep(run, step, context) {
    const { client, logger } = context;
    if (!context.allowed.has(step.kind))
        return step.kind === 'wait';
    if (step.kind === 'create') {
        const detail = await createOrAdopt(client, step.fields, logger, (ms) => context.clock.sleep(ms));
        run.id = detail.id;
        run.status = detail.status;
        run.created = true;
        logger.info(`Created ${detail.id}.`);
        return true;
    }
    if (run.id === null)
        return false;
    const id = run.id;
    switch (step.kind) {
        case 'edit': {
            const detail = await client.editContent(id, step.send, {
                cancelGeneration: step.cancelGeneration,
            });
            run.status = detail.status;
            run.edited = true;
            logger.info(`Edited ${step.changes.map((change) => change.field).join(', ')}.`);
            return true;
        }
        case 'wait': {
            // An in-flight one-shot run may carry its publication: a brief VIDEO_PROCESSED is not its end.
            const maybePublishing = run.item.flow === 'oneshot' && run.item.stage === 'published';
            return settle(run, context, maybePublishing ? 'maybe-published' : 'settled', true);
        }
        case 'render': {
            if (!(await settle(run, context)))
                return false;
            if (run.status === 'UPLOADED')
                return true; // never rendered again once published
            const retrying = run.status !== null && types/* FAILED_STATUSES */.Lg.has(run.status);
            // Stepwise: the script is read before credits are spent on it, and it
            // must be the one the plan showed (reviewers read it in the PR comment).
            // After this run's own create or edit the service has just written it.
            if (step.publish === null) {
                const detail = await client.getContent(id);
                const planned = run.created || run.edited ? null : run.item.script.remote;
                if (planned !== null && detail.textover !== planned) {
                    run.holds.push({ kind: 'script_changed_since_plan' });
                    logger.warning('The script changed on the service since the plan was made: it is not rendered in this run.');
                    return false;
                }
                logger.info(`Script to render (${(detail.textover ?? '').length} characters) read from the service.`);
            }
            const dispatched = await dispatchGeneration(client, { content_id: id, render: step.render, publish: step.publish?.options }, run.status, logger);
            afterDispatch(run, dispatched, 'PROCESSING');
            run.rendered = dispatched === 'started';
            if (step.publish !== null && dispatched === 'started')
                run.published = true;
            if (!(await settle(run, context, step.publish !== null && dispatched === 'started' ? 'published' : 'settled'))) {
                return false;
            }
            if (run.status !== null && types/* FAILED_STATUSES */.Lg.has(run.status)) {
                // Retried once per apply: a second failure is reported, not looped on.
                if (retrying || step.reason === 'retry_failed')
                    run.holds.push({ kind: 'already_retried', status: run.status });
                return false;
            }
            return true;
        }
        case 'upload': {
            if (!(await settle(run, context)))
                return false;
            if (run.status === 'UPLOADED')
                return true; // never published twice
            if (run.status === null || !types/* RENDERED_STATUSES */.RD.has(run.status))
                return false;
            const dispatched = await dispatchUpload(client, id, step.publish.options, run.status, logger);
            afterDispatch(run, dispatched, 'UPLOADING');
            // 'published' here means a lost answer whose upload the service shows done: this run's publication.
            run.published = dispatched !== 'running';
            return settle(run, context);
        }
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
    const inFlight = types/* GENERATING_STATUSES */.kl.has(now.status) || (now.progress !== null && !types/* TERMINAL_STATUSES */.CM.has(now.status));
    // A plan made on a generating item (cancel-running) expects it still to be
    // generating, but never publishing: a publication is not interrupted (A17).
    const asPlanned = types/* GENERATING_STATUSES */.kl.has(planned.status)
        ? types/* GENERATING_STATUSES */.kl.has(now.status) && now.status !== 'UPLOADING'
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
function outcomeOf(run, status) {
    if (run.error !== null)
        return 'error';
    if (status !== null && types/* FAILED_STATUSES */.Lg.has(status) && run.item.stage !== 'draft')
        return 'failed';
    if (run.running || (status !== null && types/* GENERATING_STATUSES */.kl.has(status)))
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
        };
    });
}


/***/ }),

/***/ 9935:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DEFAULT_POLL: () => (/* binding */ DEFAULT_POLL),
/* harmony export */   nextDelay: () => (/* binding */ nextDelay),
/* harmony export */   realClock: () => (/* binding */ realClock),
/* harmony export */   waitForItem: () => (/* binding */ waitForItem)
/* harmony export */ });
/* harmony import */ var _api_types_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(705);

const DEFAULT_POLL = { initialMs: 500, maxMs: 10_000, factor: 1.5 };
const realClock = {
    now: () => performance.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
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
function ends(until, status, inFlight, parkedReads) {
    if (_api_types_js__WEBPACK_IMPORTED_MODULE_0__/* .GENERATING_STATUSES */ .kl.has(status))
        return false;
    // The interface: progress is null when no run is in flight. A one-shot run
    // passing through VIDEO_PROCESSED on its way to UPLOADING still has one.
    if (inFlight && !_api_types_js__WEBPACK_IMPORTED_MODULE_0__/* .TERMINAL_STATUSES */ .CM.has(status))
        return false;
    if (until === 'settled' || _api_types_js__WEBPACK_IMPORTED_MODULE_0__/* .TERMINAL_STATUSES */ .CM.has(status))
        return true;
    if (status !== 'VIDEO_PROCESSED')
        return true;
    return until === 'maybe-published' && parkedReads >= PARKED_READS;
}
/** Polls until the wait ends (see WaitUntil) or the deadline passes. */
async function waitForItem(client, target, options) {
    const { clock, poll, logger, deadline } = options;
    const until = options.until ?? 'settled';
    let last = null;
    let delay = null;
    let parkedReads = 0;
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
        last = status;
        parkedReads = status.status === 'VIDEO_PROCESSED' ? parkedReads + 1 : 0;
        if (ends(until, status.status, status.progress !== null, parkedReads)) {
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


/***/ })

};
