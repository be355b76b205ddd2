// The defaults of a run's settings, defined once. The action's inputs take
// them as action.yml declares them (test/action/defaults.test.ts reads
// action.yml and fails when the two differ), the CLI's flags take the same
// values, and the manifest loader the same glob.

/** Each action input's default, written as a workflow would write it. */
export const INPUT_DEFAULTS = {
  'api-key': '',
  'base-url': '',
  manifests: 'content/**/*.{yml,yaml}',
  'allow-empty': 'false',
  mode: 'auto',
  // action.yml gives `${{ github.token }}`, which only the runner can fill; run anywhere else, none.
  'github-token': '',
  'comment-author': '',
  'review-key': '',
  comment: 'true',
  'preview-scripts': 'false',
  'preview-renders': '0',
  'preview-credits': '',
  'preview-links-public': 'false',
  'full-read': 'false',
  publish: 'true',
  'max-publications': '10',
  'cancel-running': 'false',
  concurrency: '4',
  wait: 'true',
  'timeout-minutes': '30',
  'late-window': '24h',
  'require-review': 'warn',
  pause: 'false',
  'override-freeze': 'false',
  'at-most-once': 'false',
  'self-heal': 'false',
  shard: '',
  'allow-insecure-http': 'false',
  'allow-untrusted-events': 'false',
  deployments: 'false',
} as const;

export type InputName = keyof typeof INPUT_DEFAULTS;

const flag = (text: string): boolean => text === 'true';

/** The same defaults as values, for the CLI and the engine. */
export const DEFAULTS = {
  manifests: INPUT_DEFAULTS.manifests,
  allowEmpty: flag(INPUT_DEFAULTS['allow-empty']),
  publish: flag(INPUT_DEFAULTS.publish),
  maxPublications: Number(INPUT_DEFAULTS['max-publications']),
  cancelRunning: flag(INPUT_DEFAULTS['cancel-running']),
  concurrency: Number(INPUT_DEFAULTS.concurrency),
  wait: flag(INPUT_DEFAULTS.wait),
  timeoutMinutes: Number(INPUT_DEFAULTS['timeout-minutes']),
  lateWindow: INPUT_DEFAULTS['late-window'],
  allowInsecureHttp: flag(INPUT_DEFAULTS['allow-insecure-http']),
} as const;
