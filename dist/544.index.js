export const id = 544;
export const ids = [544];
export const modules = {

/***/ 5544:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   CONTENT_STATUSES: () => (/* reexport safe */ _types_js__WEBPACK_IMPORTED_MODULE_3__.h4),
/* harmony export */   ConfigurationError: () => (/* reexport safe */ _errors_js__WEBPACK_IMPORTED_MODULE_1__.j1),
/* harmony export */   DEFAULT_CONNECTIONS: () => (/* reexport safe */ _types_js__WEBPACK_IMPORTED_MODULE_3__.Et),
/* harmony export */   FAILED_STATUSES: () => (/* reexport safe */ _types_js__WEBPACK_IMPORTED_MODULE_3__.Lg),
/* harmony export */   GENERATING_STATUSES: () => (/* reexport safe */ _types_js__WEBPACK_IMPORTED_MODULE_3__.kl),
/* harmony export */   KEY_PREFIX: () => (/* reexport safe */ _client_js__WEBPACK_IMPORTED_MODULE_0__.n),
/* harmony export */   ListingError: () => (/* reexport safe */ _listing_js__WEBPACK_IMPORTED_MODULE_2__.Pg),
/* harmony export */   NetworkError: () => (/* reexport safe */ _errors_js__WEBPACK_IMPORTED_MODULE_1__.Dr),
/* harmony export */   OutcomeUnknownError: () => (/* reexport safe */ _errors_js__WEBPACK_IMPORTED_MODULE_1__.Do),
/* harmony export */   PLATFORMS: () => (/* reexport safe */ _types_js__WEBPACK_IMPORTED_MODULE_3__.P4),
/* harmony export */   RENDERED_STATUSES: () => (/* reexport safe */ _types_js__WEBPACK_IMPORTED_MODULE_3__.RD),
/* harmony export */   RequestBudgetError: () => (/* reexport safe */ _errors_js__WEBPACK_IMPORTED_MODULE_1__.tD),
/* harmony export */   ResponseShapeError: () => (/* reexport safe */ _errors_js__WEBPACK_IMPORTED_MODULE_1__.RD),
/* harmony export */   SCOPES: () => (/* reexport safe */ _types_js__WEBPACK_IMPORTED_MODULE_3__.iW),
/* harmony export */   ServiceError: () => (/* reexport safe */ _errors_js__WEBPACK_IMPORTED_MODULE_1__._7),
/* harmony export */   TERMINAL_STATUSES: () => (/* reexport safe */ _types_js__WEBPACK_IMPORTED_MODULE_3__.CM),
/* harmony export */   WritesStoppedError: () => (/* reexport safe */ _errors_js__WEBPACK_IMPORTED_MODULE_1__.Et),
/* harmony export */   createClient: () => (/* reexport safe */ _client_js__WEBPACK_IMPORTED_MODULE_0__.U),
/* harmony export */   describeError: () => (/* reexport safe */ _errors_js__WEBPACK_IMPORTED_MODULE_1__.Uc),
/* harmony export */   isKnownPlatform: () => (/* reexport safe */ _types_js__WEBPACK_IMPORTED_MODULE_3__.Jh),
/* harmony export */   isKnownStatus: () => (/* reexport safe */ _types_js__WEBPACK_IMPORTED_MODULE_3__.ih),
/* harmony export */   redact: () => (/* reexport safe */ _errors_js__WEBPACK_IMPORTED_MODULE_1__.E$),
/* harmony export */   unknownStatus: () => (/* reexport safe */ _types_js__WEBPACK_IMPORTED_MODULE_3__.lj)
/* harmony export */ });
/* harmony import */ var _client_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5188);
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3249);
/* harmony import */ var _listing_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4972);
/* harmony import */ var _types_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(705);
// The typed client through which the project talks to the service.






/***/ })

};
