export const id = 911;
export const ids = [911];
export const modules = {

/***/ 7911:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BK: () => (/* binding */ helpText),
/* harmony export */   EXIT: () => (/* binding */ EXIT),
/* harmony export */   XG: () => (/* binding */ exitCodeForSignal)
/* harmony export */ });
/* unused harmony export EXIT_CODE_LINES */
// The text of `content-as-code --help`. The README's CLI section repeats the
// exit codes; test/readme keeps the two in step.
const EXIT = {
    ok: 0,
    /** Validation errors, or an item that failed on the service. */
    failed: 1,
    /** The CLI was called wrongly, or its configuration is missing or invalid. */
    usage: 2,
    /** The service could not be used before any work began: authentication, scopes, credits, network. */
    service: 3,
    /** Stopped by Ctrl-C (SIGINT), after saying what was sent and what still runs. */
    interrupted: 130,
    /** Stopped by SIGTERM, the same way. */
    terminated: 143,
};
function exitCodeForSignal(signal) {
    return signal === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted;
}
const EXIT_CODE_LINES = [
    [EXIT.ok, 'everything planned or applied as asked'],
    [
        EXIT.failed,
        'validation errors, a glob that matches no manifest, items that failed (their last_error is shown), the service failing once work had begun, or doctor found a rule the client does not understand',
    ],
    [EXIT.usage, 'wrong usage or configuration (unknown option, missing CONTENT_API_KEY or CONTENT_BASE_URL)'],
    [EXIT.service, 'the service refused or could not be reached (401, 402, 403, network) before work began'],
    [
        EXIT.interrupted,
        'stopped by Ctrl-C (SIGINT); what was sent and what still runs are printed; a re-run converges',
    ],
    [EXIT.terminated, 'stopped by SIGTERM, the same way'],
];
function helpText() {
    return `content-as-code: keep narrated videos as code.

Usage:
  content-as-code validate [options]   check the manifests; sends nothing
  content-as-code plan [options]       show what apply would do; changes nothing
  content-as-code apply [options]      create, edit, render and publish to match the manifests
  content-as-code doctor [--json]      probe the service read-only: how it answers where its interface leaves details open
  content-as-code import [--out DIR]   write a manifest for each item no manifest manages yet
  content-as-code drafts [--json]      list unpublished items no manifest names, with when each last changed
  content-as-code adopt [options]      write the service's values of fields edited there into the manifests
  content-as-code emulator [options]   run the local emulator of the service until Ctrl-C (see emulator --help)
  content-as-code schema [release]     print the manifest JSON Schema (or the release file's)

Options:
  --manifests GLOB        manifest files (default: content/**/*.{yml,yaml}); quote it
  --cwd DIR               workspace root the glob and reported paths are relative to
  --base-url URL          service base URL (default: $CONTENT_BASE_URL); /v1 is appended when absent
  --api-key-stdin         read the API key from standard input instead of $CONTENT_API_KEY
  --allow-insecure-http   let --base-url be plain http:// to another machine (the key travels in clear)
  --allow-empty           accept a glob that matches no manifest (otherwise an error)
  --json                  print one JSON document (its schema is in schema/) instead of tables
  --summary FILE          also write the Markdown summary (the action's job summary) to FILE
  --concurrency N         items worked on at once (default: 4)
  --no-wait               start generations and return without waiting for them
  --timeout-minutes N     how long to wait before reporting items as still running (default: 30)
  --late-window D         a publish.at older than this (90m, 24h, 7d) is held, not published (default: 24h)
  --no-publish            forbid any publication in this run
  --pause REASON          write nothing to the service, saying why (true, or the reason); as the action's pause input
  --override-freeze       lift the release file's freeze windows for this run (pauses still hold)
  --at-most-once          hold a publication whose answer was lost as unknown, never send it again
  --self-heal             put fields edited in the service back to the manifests' values (default: keep them)
  --max-publications N    refuse to apply a plan with more publications than this (default: 10)
  --cancel-running        edit items that are generating, cancelling their job
  --base REF              git ref holding the previous manifests, to detect renamed titles (default: HEAD and its history)
  --changed-since REF     plan: read and plan only the manifests that differ from REF (a pull request's plan)
  --budget N              doctor: GET requests it may send in all (default: 60)
  --out DIR               import: folder to write into (default: imported under the manifests' folder)
  --only GLOB             import: only items whose title matches (* and ?)
  --status S              import: only items in these statuses or stages (NEW, UPLOADED, draft…); repeatable
  -h, --help              this text
  -v, --version           the version

Environment:
  CONTENT_API_KEY         the service API key (svc_live_...); never pass it as an argument
  CONTENT_BASE_URL        the service base URL, when --base-url is not given
                          (CONTENT_API_URL, its old name, is still read, with a warning)
  NO_COLOR                plain output even on a terminal

Exit codes:
${EXIT_CODE_LINES.map(([code, meaning]) => `  ${code}  ${meaning}`).join('\n')}
`;
}


/***/ })

};
