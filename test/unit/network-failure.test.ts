/**
 * How the reason of a failed fetch is dug out of the shapes different runtimes throw, for the
 * NetworkError message.
 */
import { describe, expect, it } from 'vitest';
import { describeNetworkFailure } from '../../src/client/request/network-failure.js';

/** An error with a system `code`, as Node's sockets and Bun's fetch throw them. */
function systemError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('describeNetworkFailure', () => {
  it("Node: takes the code and message of fetch's cause, past the generic 'fetch failed'", () => {
    const error = new TypeError('fetch failed', {
      cause: systemError('connect ECONNREFUSED 127.0.0.1:4999', 'ECONNREFUSED'),
    });
    expect(describeNetworkFailure(error)).toEqual({
      code: 'ECONNREFUSED',
      reason: 'connect ECONNREFUSED 127.0.0.1:4999',
    });
  });

  it('Node: a host that does not resolve', () => {
    const error = new TypeError('fetch failed', {
      cause: systemError('getaddrinfo ENOTFOUND api.example.invalid', 'ENOTFOUND'),
    });
    expect(describeNetworkFailure(error)).toEqual({
      code: 'ENOTFOUND',
      reason: 'getaddrinfo ENOTFOUND api.example.invalid',
    });
  });

  it("Node: a port fetch refuses ('bad port') says so", () => {
    const error = new TypeError('fetch failed', { cause: new Error('bad port') });
    expect(describeNetworkFailure(error).reason).toBe('bad port (this fetch refuses to connect to that port)');
  });

  it('Bun: the code on the error itself', () => {
    const error = systemError('Unable to connect. Is the computer able to access the url?', 'ConnectionRefused');
    expect(describeNetworkFailure(error)).toEqual({
      code: 'ConnectionRefused',
      reason: 'ConnectionRefused: Unable to connect. Is the computer able to access the url?',
    });
  });

  it('Deno: no code, the cause spells it out', () => {
    const error = new TypeError('fetch failed', {
      cause: new Error(
        'error sending request for url (http://127.0.0.1:4999/v2): tcp connect error: Connection refused (os error 111)',
      ),
    });
    expect(describeNetworkFailure(error)).toEqual({
      reason:
        'error sending request for url (http://127.0.0.1:4999/v2): tcp connect error: Connection refused (os error 111)',
    });
  });

  it("a browser's bare 'Failed to fetch' and non-errors still give a reason", () => {
    expect(describeNetworkFailure(new TypeError('Failed to fetch'))).toEqual({ reason: 'Failed to fetch' });
    expect(describeNetworkFailure(undefined)).toEqual({ reason: 'unknown failure' });
    expect(describeNetworkFailure('socket hang up')).toEqual({ reason: 'socket hang up' });
  });

  it('stops at a cause chain that loops', () => {
    const looping = new Error('fetch failed');
    (looping as { cause?: unknown }).cause = looping;
    expect(describeNetworkFailure(looping)).toEqual({ reason: 'fetch failed' });
  });
});
