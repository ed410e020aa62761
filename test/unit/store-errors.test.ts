/**
 * The older `ComplexityException` budget report is a RateLimitError with the wait from its message, and a store
 * given to a client must be a throttle store.
 */
import { describe, expect, it } from 'vitest';
import { createResponseError } from '../../src/client/errors/error-factory.js';
import {
  createMemoryThrottleStore,
  defineThrottleStore,
  PlatformClient,
  PlatformConfigError,
  RateLimitError,
} from '../../src/index.js';

const facts = (payload: unknown) => ({
  status: 200,
  headers: new Headers(),
  rateLimit: { policies: {} },
  payload,
  redact: (text: string) => text,
  nowMs: 0,
});

describe('exhausted complexity budget shapes', () => {
  it('reads the older top-level ComplexityException with the wait in its message', () => {
    const error = createResponseError(
      facts({
        error_code: 'ComplexityException',
        status_code: 429,
        error_message:
          'Complexity budget exhausted, query cost 30001 budget remaining 29999 out of 1000000 reset in 7 seconds',
      }),
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterSeconds).toBe(7);
  });

  it('reads ComplexityException as an error extension code too', () => {
    const error = createResponseError(
      facts({
        errors: [
          {
            message: 'Complexity budget exhausted ... reset in 12 seconds',
            extensions: { code: 'ComplexityException', status_code: 429 },
          },
        ],
      }),
    );
    expect((error as RateLimitError).retryAfterSeconds).toBe(12);
  });

  it('reads the current COMPLEXITY_BUDGET_EXHAUSTED with retry_in_seconds', () => {
    const error = createResponseError(
      facts({
        errors: [
          {
            message: 'Complexity budget exhausted',
            extensions: { code: 'COMPLEXITY_BUDGET_EXHAUSTED', retry_in_seconds: 9 },
          },
        ],
      }),
    );
    expect((error as RateLimitError).retryAfterSeconds).toBe(9);
  });
});

describe('throttle.store', () => {
  const base = { token: 't', baseUrl: 'https://api.example.com' };

  it('accepts the stores of the package and marked stores of your own', () => {
    expect(() => new PlatformClient({ ...base, throttle: { store: createMemoryThrottleStore() } })).not.toThrow();
    const own = defineThrottleStore({
      acquire: async () => ({ granted: true as const }),
      settle: async () => {},
      renew: async () => 1,
    });
    expect(() => new PlatformClient({ ...base, throttle: { store: own, leaseMs: 5000 } })).not.toThrow();
  });

  it('rejects an unmarked or malformed store, and a bad leaseMs, saying what to do', () => {
    const unmarked = {
      acquire: async () => ({ granted: true as const }),
      settle: async () => {},
      renew: async () => 1,
    };
    expect(() => new PlatformClient({ ...base, throttle: { store: unmarked } })).toThrow(/defineThrottleStore/);
    expect(() => new PlatformClient({ ...base, throttle: { store: {} as never } })).toThrow(PlatformConfigError);
    expect(() => new PlatformClient({ ...base, throttle: { store: createMemoryThrottleStore(), leaseMs: 5 } })).toThrow(
      /leaseMs/,
    );
  });
});
