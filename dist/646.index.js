export const id = 646;
export const ids = [646];
export const modules = {

/***/ 3646:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   insecureBaseUrl: () => (/* binding */ insecureBaseUrl)
/* harmony export */ });
/* unused harmony export isLoopbackHost */
// The key travels in the Authorization header of every request: over plain
// http anyone on the path reads it. http is fine to this machine (the
// emulator, a tunnel); anywhere else it needs the caller to say so.
const LOOPBACK_NAMES = new Set(['localhost', '[::1]']);
/** True for `localhost`, `*.localhost`, 127.0.0.0/8 and ::1. */
function isLoopbackHost(hostname) {
    const host = hostname.toLowerCase().replace(/\.$/, '');
    if (LOOPBACK_NAMES.has(host) || host.endsWith('.localhost'))
        return true;
    return /^127(?:\.\d{1,3}){3}$/.test(host);
}
/**
 * null when the URL may be used as it is; otherwise the sentence that says
 * why not (for an error, or for a warning when the caller allowed it).
 */
function insecureBaseUrl(baseUrl, allowFlag) {
    let url;
    try {
        url = new URL(baseUrl.trim());
    }
    catch {
        return null; // Not a URL at all: the client says so in its own words.
    }
    if (url.protocol !== 'http:' || isLoopbackHost(url.hostname))
        return null;
    return (`base-url is plain http:// to ${url.hostname}, so the API key would cross the network in clear text. ` +
        `Use https://, or set ${allowFlag} if the network in between is yours.`);
}


/***/ })

};
