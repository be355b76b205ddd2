// Set by `npm run release` (scripts/release.ts) together with package.json;
// test/release/documents.test.ts fails when the two differ. A constant, so
// that the bundle, which carries no package.json, knows its own version.
export const VERSION = '1.1.0';
export const USER_AGENT = `content-as-code/${VERSION}`;
