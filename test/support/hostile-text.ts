// Text an attacker would put in a title, a script, a file name or a service
// message, to make the runner run a command, a terminal run an escape, or
// GitHub turn a comment into links and mentions.

export const NEL = '\u0085';
export const ESC = '\u001b';

/** Each holds something that must stay inert; `marker` is a word to find it by. */
export const HOSTILE_LINES: readonly string[] = [
  'Reef ##[set-output name=changed;]true',
  'Quiet ##[stop-commands]tok3n',
  '::add-mask::Ocean',
  `Line one\n${NEL}::warning title=fake::injected`,
  `Line one\r::set-output name=changed::true`,
  'Percent %0A::error::after escape',
  '  ::stop-commands::pause',
  `Colour ${ESC}[31mred${ESC}[0m ${ESC}[2J${ESC}]0;pwned${ESC}\\ ${ESC}]8;;https://evil.example${ESC}\\link${ESC}]8;;${ESC}\\`,
  'C1 \u009b2J and \u009d0;title\u0007 end',
  'Bidi \u202eevil\u202c and \u2066isolate\u2069',
  'Links https://evil.example/x www.evil.example GH-2 octo-org/videos#12 https://github.com/octo-org/videos/issues/3',
  'Mentions @octocat and @octo-org/team',
  'HTML <img src=x onerror=alert(1)> <a href="https://evil.example">x</a> <!-- c -->',
  'Fence ```\n</details>\n``` and ~~~',
];

/** A YAML double-quoted scalar holding exactly `text`: every character outside printable ASCII escaped. */
export function yamlDoubleQuoted(text: string): string {
  return `"${text.replace(/[\\"]/g, '\\$&').replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)}"`;
}
