export const id = 935;
export const ids = [935];
export const modules = {

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


/***/ })

};
