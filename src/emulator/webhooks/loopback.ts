/** Deliveries go to loopback addresses only: a test's own receiver, never anywhere else. */

/** True when `url`'s host is a loopback address (`localhost`, 127.0.0.0/8, `::1`). */
export function isLoopbackUrl(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);
}
