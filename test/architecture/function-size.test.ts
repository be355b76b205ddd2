// A function fits on a screen: read with the TypeScript compiler, no function
// in src/plan/ or src/apply/ (the planner and the code that carries a plan
// out, where a long function hides a wrong state change) is over 60 lines,
// and none anywhere in src/ is over 80. A longer one is split by phase, not
// by line count.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/runner.ts';

const SRC = join(ROOT, 'src');
const STRICT_AREAS = ['plan/', 'apply/'];
const STRICT_LIMIT = 60;
const LIMIT = 80;

interface Measured {
  /** `file:function` under src/, as PENDING names it. */
  key: string;
  lines: number;
  limit: number;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

type FunctionNode =
  | ts.FunctionDeclaration
  | ts.MethodDeclaration
  | ts.ConstructorDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration
  | ts.FunctionExpression
  | ts.ArrowFunction;

function isFunction(node: ts.Node): node is FunctionNode {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node)
  );
}

/**
 * The name a reader would look for: the declared name, a method as
 * `Class.method`, a function held by a variable or a property by that name;
 * an inline callback by the function it is written in.
 */
function nameOf(node: FunctionNode, enclosing: string | null): string {
  const owner =
    ts.isClassLike(node.parent) && node.parent.name !== undefined ? `${node.parent.name.text}.` : '';
  if (ts.isConstructorDeclaration(node)) return `${owner}constructor`;
  if (node.name !== undefined) return `${owner}${node.name.getText()}`;
  const { parent } = node;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name !== undefined)
    return parent.name.getText();
  return `${enclosing ?? '(module)'} callback`;
}

/** Every function of every module of src/, nested ones included, with its length in lines. */
function measure(): Measured[] {
  const measured: Measured[] = [];
  for (const path of sources(SRC)) {
    const file = relative(SRC, path).split('\\').join('/');
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const limit = STRICT_AREAS.some((area) => file.startsWith(area)) ? STRICT_LIMIT : LIMIT;
    const visit = (node: ts.Node, enclosing: string | null): void => {
      let inside = enclosing;
      if (isFunction(node)) {
        inside = nameOf(node, enclosing);
        // From the first token (doc comments excluded) to the closing brace, both lines counted.
        const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        measured.push({ key: `${file}:${inside}`, lines: last - first + 1, limit });
      }
      ts.forEachChild(node, (child) => visit(child, inside));
    };
    visit(source, null);
  }
  return measured;
}

const MEASURED = measure();
const over = (entry: Measured): boolean => entry.lines > entry.limit;

describe('the size of functions in src/', () => {
  it('measures every module', () => {
    expect(MEASURED.length).toBeGreaterThan(500);
    expect(MEASURED.map((entry) => entry.key)).toContain('service-client/retry.ts:sendWithRetries');
  });

  it(`has no function over ${STRICT_LIMIT} lines in src/plan/ or src/apply/, none over ${LIMIT} elsewhere`, () => {
    const tooLong = MEASURED.filter(over).map(
      ({ key, lines, limit }) => `${key}: ${lines} lines, over ${limit}`,
    );
    expect(tooLong, 'split each by phase').toEqual([]);
  });
});
