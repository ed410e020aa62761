/**
 * Keeps the secrets of a schema URL (query values, a fragment) out of codegen's messages: a server may echo them back
 * as written, percent-encoded (upper- or lower-case escapes), form-encoded or JSON-escaped. Pinned by
 * test/safety.test.ts.
 */

/** What stands in for a secret. */
export const REDACTED = '[REDACTED]';

/** Replaces every secret in a piece of text. */
export type Redactor = (text: string) => string;

/** A redactor of `secrets` in every form listed above; empty secrets are ignored. */
export function hideSecrets(secrets: readonly string[]): Redactor {
  const forms = new Set<string>();
  for (const secret of secrets.filter((one) => one !== '')) {
    const escaped = [encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)];
    for (const form of escaped) forms.add(form).add(form.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()));
    forms.add(secret).add(JSON.stringify(secret).slice(1, -1));
  }
  // Longest first, so a form that contains another is replaced whole.
  const longestFirst = [...forms].sort((a, b) => b.length - a.length);
  return (text) => longestFirst.reduce((out, form) => out.split(form).join(REDACTED), text);
}
