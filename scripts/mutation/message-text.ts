import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

// A Stryker ignorer: mutants inside message text are not generated.
//
// Why: a sentence written for people (an error message, a hint, a log line)
// can be reworded, emptied or replaced with "Stryker was here!" without any
// behaviour changing, and the tests deliberately assert the facts a message
// carries (a file, a field, a number) with `toContain`, not every word of it.
// Mutants of such text would either survive by design or force tests that
// freeze the wording; both hide the mutants that matter. Strings a program
// compares or sends (codes like `claimed_twice`, header values, paths, field
// names) are never sentences, so they stay mutated.

/** The part of Babel's NodePath this ignorer reads. */
interface Path {
  node: Node;
  parentPath: Path | null;
}

interface Node {
  type: string;
  value?: unknown;
  operator?: string;
  left?: Node;
  right?: Node;
  quasis?: Array<{ value: { cooked?: string | null; raw: string } }>;
}

export const MESSAGE_TEXT_REASON =
  'Message text: a sentence for people, whose facts the tests assert but whose wording is free.';

/** At least three whitespace-separated words with letters: a sentence, not a code, key, path or header value. */
export function isSentence(text: string): boolean {
  return text.split(/\s+/).filter((token) => /[A-Za-z]/.test(token)).length >= 3;
}

function staticText(node: Node): string | null {
  if (node.type === 'StringLiteral' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.quasis) {
    return node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join(' ');
  }
  return null;
}

/** A literal that is a sentence, or a `+` concatenation with one inside. */
function isMessageText(node: Node): boolean {
  const text = staticText(node);
  if (text !== null) return isSentence(text);
  if (node.type === 'BinaryExpression' && node.operator === '+' && node.left && node.right) {
    return isMessageText(node.left) || isMessageText(node.right);
  }
  return false;
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'message-text', {
    shouldIgnore(path: Path): string | undefined {
      return isMessageText(path.node) ? MESSAGE_TEXT_REASON : undefined;
    },
  }),
];
