export const id = 182;
export const ids = [182];
export const modules = {

/***/ 182:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   publishSettingsIn: () => (/* binding */ publishSettingsIn),
/* harmony export */   publishedWith: () => (/* binding */ publishedWith)
/* harmony export */ });
/* harmony import */ var yaml__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8815);

function isObject(value) {
    return value !== null && typeof value === 'object' && !Array.isArray(value);
}
/** The publication settings a manifest text sets, with the schema's defaults; null when it has none. */
function publishSettingsIn(text) {
    let doc;
    try {
        doc = (0,yaml__WEBPACK_IMPORTED_MODULE_0__/* .parse */ .qg)(text);
    }
    catch {
        return null; // an unparsable earlier version says nothing
    }
    if (!isObject(doc) || !isObject(doc.publish))
        return null;
    const p = doc.publish;
    const flag = (value, fallback) => typeof value === 'boolean' ? value : fallback;
    const settings = {
        privacy: typeof p.privacy === 'string' ? p.privacy : 'public',
        category: typeof p.category === 'string' || typeof p.category === 'number' ? String(p.category) : '22',
        made_for_kids: flag(p.made_for_kids, false),
        age_restricted: flag(p.age_restricted, false),
        notify_subscribers: flag(p.notify_subscribers, true),
        ai_disclosure: flag(p.ai_disclosure, true),
    };
    const tiktok = isObject(p.tiktok) ? p.tiktok : {};
    if (tiktok.post_mode === 'direct' || tiktok.post_mode === 'draft')
        settings.tiktok_post_mode = tiktok.post_mode;
    if (typeof tiktok.privacy === 'string')
        settings.tiktok_privacy = tiktok.privacy;
    return settings;
}
/** file → publication settings at the base, for the given (published) manifests that had them there. */
async function publishedWith(previous, items) {
    const found = new Map();
    if (!previous)
        return found;
    await Promise.all(items.map(async (item) => {
        const text = await previous.read(item.file);
        const settings = text === null ? null : publishSettingsIn(text);
        if (settings !== null)
            found.set(item.file, settings);
    }));
    return found;
}


/***/ })

};
