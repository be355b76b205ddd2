export const id = 343;
export const ids = [343,348];
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


/***/ }),

/***/ 343:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DEFAULT_READ_CONCURRENCY: () => (/* binding */ DEFAULT_READ_CONCURRENCY),
/* harmony export */   observeDetails: () => (/* binding */ observeDetails),
/* harmony export */   observeListing: () => (/* binding */ observeListing)
/* harmony export */ });
/* harmony import */ var _api_errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3249);
/* harmony import */ var _concurrency_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8348);


// Observed state: every page of GET /contents and GET /accounts, then the
// detail view of each matched item. Reads are not rate limited, so details
// are fetched many at a time.
const DEFAULT_READ_CONCURRENCY = 32;
/** GET /contents and GET /accounts (every page, through the client), side by side. */
async function observeListing(client) {
    const [contents, accounts] = await Promise.all([client.listContents(), client.listAccounts()]);
    return {
        contents: contents.items,
        accounts: accounts.items,
        contentsGap: contents.complete ? null : (contents.gap ?? 'not proven complete'),
    };
}
/** GET /contents/{id} for each id; an item deleted since the listing (404) is left out. */
async function observeDetails(client, ids, concurrency = DEFAULT_READ_CONCURRENCY) {
    const unique = [...new Set(ids)];
    const details = await (0,_concurrency_js__WEBPACK_IMPORTED_MODULE_1__.mapLimit)(unique, concurrency, async (id) => {
        try {
            return await client.getContent(id);
        }
        catch (error) {
            if (error instanceof _api_errors_js__WEBPACK_IMPORTED_MODULE_0__.ServiceError && error.status === 404)
                return null;
            throw error;
        }
    });
    const byId = new Map();
    for (const detail of details)
        if (detail !== null)
            byId.set(detail.id, detail);
    return byId;
}


/***/ })

};
