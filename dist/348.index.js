export const id = 348;
export const ids = [348];
export const modules = {

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
