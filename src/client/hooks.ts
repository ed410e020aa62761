/**
 * Calls an observability hook without letting it break the request: what a hook throws is ignored.
 */

/** Calls `hook(event)` when the hook is set; swallows anything it throws. */
export function callHook<E>(hook: ((event: E) => void) | undefined, event: E | (() => E)): void {
  if (!hook) return;
  try {
    hook(typeof event === 'function' ? (event as () => E)() : event);
  } catch {
    // Hooks only observe.
  }
}
