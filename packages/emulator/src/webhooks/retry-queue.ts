/**
 * Pending webhook retries in order of their time: a binary min-heap, so scheduling a retry and taking the due ones
 * cost O(log n) each, whatever the size of the delivery log (a scan of the log per failed attempt made a round of
 * n retries cost n²). An entry whose delivery was since delivered, failed, cancelled or rescheduled is stale: it is
 * dropped when it reaches the top ({@link RetryQueue.peek}). Pinned by test/webhook-retry-work.test.ts.
 */

/** One scheduled retry. */
interface Entry<T> {
  at: number;
  item: T;
}

/** Retries of `T` by due time; `isCurrent` tells a live entry from a stale one. */
export class RetryQueue<T> {
  readonly #heap: Entry<T>[] = [];
  readonly #isCurrent: (item: T, at: number) => boolean;

  constructor(isCurrent: (item: T, at: number) => boolean) {
    this.#isCurrent = isCurrent;
  }

  /** Schedules `item` at `at`. */
  push(item: T, at: number): void {
    const heap = this.#heap;
    heap.push({ at, item });
    let index = heap.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if ((heap[parent] as Entry<T>).at <= at) break;
      heap[index] = heap[parent] as Entry<T>;
      index = parent;
    }
    heap[index] = { at, item };
  }

  /** The soonest live entry, stale ones dropped on the way; undefined when none is left. */
  peek(): Entry<T> | undefined {
    for (let top = this.#heap[0]; top !== undefined; top = this.#heap[0]) {
      if (this.#isCurrent(top.item, top.at)) return top;
      this.#pop();
    }
    return undefined;
  }

  /** Takes the soonest live entry due at or before `now`, or undefined. */
  takeDue(now: number): T | undefined {
    const top = this.peek();
    if (top === undefined || top.at > now) return undefined;
    this.#pop();
    return top.item;
  }

  /** Forgets every entry. */
  clear(): void {
    this.#heap.length = 0;
  }

  #pop(): void {
    const heap = this.#heap;
    const last = heap.pop();
    if (last === undefined || heap.length === 0) return;
    let index = 0;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child = right < heap.length && (heap[right] as Entry<T>).at < (heap[left] as Entry<T>).at ? right : left;
      if ((heap[child] as Entry<T>).at >= last.at) break;
      heap[index] = heap[child] as Entry<T>;
      index = child;
    }
    heap[index] = last;
  }
}
