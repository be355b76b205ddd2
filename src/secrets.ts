// Anything shaped like a credential this project handles: the service's API
// keys and GitHub's tokens. Every text that leaves the process passes through
// scrubSecrets, whatever else it went through, so a key echoed back by the
// service or pasted into a manifest is never printed, written or posted.

const SECRET_PATTERNS = [
  // Service keys: the fixed prefix and the token characters after it (dots
  // inside, not at the end, so a key that ends a sentence keeps its period).
  // At least one: the prefix alone is no secret, and advice names it.
  /svc_live_[\w\-~+/=.]*[\w\-~+/=]/g,
  // GitHub tokens: classic (ghp_, gho_, ghu_, ghs_, ghr_) and fine-grained.
  /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g,
];

export const SECRET_PLACEHOLDER = '***';

/** Replaces the given secrets (longest first) and anything shaped like one with `***`. */
export function scrubSecrets(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret.length > 0) out = out.split(secret).join(SECRET_PLACEHOLDER);
  }
  for (const pattern of SECRET_PATTERNS) out = out.replace(pattern, SECRET_PLACEHOLDER);
  return out;
}
