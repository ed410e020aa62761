/**
 * Reads the request target of the request line (`/v2?x=1`, `http://host/v2`, `*`) into a URL without ever
 * throwing: a target that is no URL at all (`http://[`, `//[`, `http://%`) is reported, so the listener can
 * answer 400 instead of letting `new URL` throw out of it.
 */

/** Origin every parsed target is resolved against; never contacted. */
const PLACEHOLDER_ORIGIN = 'http://emulator.invalid';

/** The URL of a request target, or undefined when the target cannot be read as one. */
export function parseRequestTarget(target: string | undefined): URL | undefined {
  const raw = target ?? '/';
  // Origin form (the usual `/path?query`) is glued to the placeholder origin rather than resolved against it,
  // so a target starting with `//` stays a path instead of becoming a host.
  const absolute = raw.startsWith('/') ? `${PLACEHOLDER_ORIGIN}${raw}` : raw;
  if (!/^https?:\/\//i.test(absolute) || !URL.canParse(absolute)) return undefined;
  return new URL(absolute);
}

/** A short, printable form of a raw target for the request log (control characters replaced, length capped). */
export function printableTarget(target: string | undefined): string {
  const text = (target ?? '').replace(/[^\x20-\x7e]/g, '?');
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
