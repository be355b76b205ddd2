// A line diff of two scripts for the PR comment (`diff` fence: `-` removed,
// `+` added, ` ` kept). Scripts are short; the longest-common-subsequence
// table is small. Past MAX_CELLS the diff is simply "all removed, all added".

const MAX_CELLS = 4_000_000;

export function diffLines(before: string, after: string): string {
  const a = split(before);
  const b = split(after);
  if (a.length * b.length > MAX_CELLS) {
    return [...a.map((line) => `-${line}`), ...b.map((line) => `+${line}`)].join('\n');
  }
  // lcs[i][j] = length of the LCS of a[i..] and b[j..].
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] =
        a[i] === b[j]
          ? lcs[(i + 1) * width + j + 1]! + 1
          : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push(` ${a[i]}`);
      i++;
      j++;
    } else if (lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!) {
      out.push(`-${a[i]}`);
      i++;
    } else {
      out.push(`+${b[j]}`);
      j++;
    }
  }
  while (i < a.length) out.push(`-${a[i++]}`);
  while (j < b.length) out.push(`+${b[j++]}`);
  return out.join('\n');
}

function split(text: string): string[] {
  const normalized = text.replace(/\r\n?/g, '\n').replace(/\n$/, '');
  return normalized === '' ? [] : normalized.split('\n');
}
