// Set up before every unit test file (vitest.config.ts): a unit test serves
// nothing. Listening on a port (the emulator, a fake GitHub, any
// http.createServer) throws, and fails the test that tried even if the code
// under test caught the error. A test that needs a server on a real port is
// an `*.int.test.ts`, and runs in `npm run test:integration` and `npm test`.
import { Server } from 'node:net';
import { relative } from 'node:path';
import { afterEach, expect } from 'vitest';

const attempts: string[] = [];
// http.Server, https.Server and every other server inherit this one method.
Server.prototype.listen = function refuseToListen(): never {
  const path = expect.getState().testPath;
  const file = path === undefined ? 'a unit test' : relative(process.cwd(), path);
  const attempt = `${file} listened on a port`;
  attempts.push(attempt);
  throw new Error(
    `${attempt}: unit tests start no server. Name the file *.int.test.ts; it then runs in npm run test:integration and npm test, not npm run test:unit.`,
  );
};

afterEach(() => {
  const found = attempts.splice(0);
  if (found.length > 0)
    throw new Error(`${found.join('\n')}\nunit tests start no server: name the file *.int.test.ts.`);
});
