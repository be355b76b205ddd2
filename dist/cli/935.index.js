export const id = 935;
export const ids = [935];
export const modules = {

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
