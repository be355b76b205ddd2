// Kept in step with package.json by test/version.test.ts; a constant keeps
// the bundle from reading package.json at start-up.
export const VERSION = '0.1.0';
export const USER_AGENT = `content-as-code/${VERSION}`;
