/** Deliveries go to loopback addresses only: a test's own receiver, never anywhere else. */

/** True when `url` parses and its host is a loopback address (`localhost`, 127.0.0.0/8, `::1`). */
export function isLoopbackUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // A seeded webhook may hold any string: it is never contacted (test/e2e/webhook-delivery.test.ts).
    return false;
  }
  const host = parsed.hostname.toLowerCase();
  // Names under `.localhost` are left out: they go to the resolver like any other name, which may answer with an
  // address off the machine (test/e2e/webhook-delivery.test.ts).
  return host === 'localhost' || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);
}
