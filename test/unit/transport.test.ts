/**
 * The fetch transport on its own: what it sends, and which bodies it hands back parsed.
 */
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PlatformConfigError } from '../../src/client/errors/errors.js';
import { sendRequest, type TransportRequest } from '../../src/client/request/transport.js';
import { ENDPOINT, installApi, useMockApi } from './client-fixtures.js';

useMockApi();

const HEADERS = { accept: 'application/json', authorization: 'Bearer t', 'content-type': 'application/json' };

function request(overrides: Partial<TransportRequest> = {}): TransportRequest {
  return {
    url: ENDPOINT,
    fetch: (input, init) => fetch(input, init),
    query: '{ a }',
    headers: HEADERS,
    maxResponseBytes: 1 << 20,
    ...overrides,
  };
}

function answer(body: string, status: number, contentType?: string): Response {
  return new HttpResponse(body, { status, headers: contentType ? { 'content-type': contentType } : {} });
}

describe('sendRequest', () => {
  it('POSTs query, variables and operationName as JSON with exactly the headers given, and leaves them unchanged', async () => {
    const received = installApi(() => HttpResponse.json({ data: { a: 1 } }, { headers: { 'x-id': '7' } }));
    const headers = Object.freeze({ ...HEADERS });
    const response = await sendRequest(
      request({ query: 'query Q { a }', operationName: 'Q', variables: { n: 1 }, headers }),
    );
    expect(received[0]?.method).toBe('POST');
    expect(received[0]?.body).toEqual({ query: 'query Q { a }', variables: { n: 1 }, operationName: 'Q' });
    expect(received[0]?.headers).toMatchObject(HEADERS);
    expect(headers).toEqual(HEADERS);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-id')).toBe('7');
    expect(response.payload).toEqual({ data: { a: 1 } });
    expect(response.text).toBe('{"data":{"a":1}}');
  });

  it('omits operationName and variables when there are none', async () => {
    const received = installApi(() => HttpResponse.json({ data: {} }));
    await sendRequest(request());
    expect(received[0]?.body).toEqual({ query: '{ a }' });
  });

  it.each([
    ['JSON in any letter case', '{"data":{"a":1}}', 200, 'Application/JSON; charset=utf-8', { data: { a: 1 } }],
    [
      'the GraphQL response media type',
      '{"data":null,"errors":[]}',
      200,
      'application/graphql-response+json',
      { data: null, errors: [] },
    ],
    ['broken JSON', '{"data": ', 200, 'application/json', undefined],
    ['a 2xx JSON body that is not a GraphQL result', '[1,2]', 200, 'application/json', undefined],
    ['a 2xx result whose data is not an object', '{"data":"x"}', 200, 'application/json', undefined],
    ['an error status keeps whatever JSON it carried', '[1,2]', 502, 'application/json', [1, 2]],
    ['JSON text sent as HTML', '{"data":{}}', 200, 'text/html', undefined],
    ['no Content-Type at all', '{"data":{}}', 200, undefined, undefined],
  ])('parses %s as expected, keeping the text', async (_label, body, code, contentType, payload) => {
    installApi(() => answer(body, code, contentType));
    const response = await sendRequest(request());
    expect(response.status).toBe(code);
    expect(response.payload).toEqual(payload);
    expect(response.text).toBe(body);
  });

  it('sends nothing and throws PlatformConfigError when the variables cannot be JSON', async () => {
    const received = installApi(() => HttpResponse.json({ data: {} }));
    await expect(sendRequest(request({ variables: { big: 10n } }))).rejects.toBeInstanceOf(PlatformConfigError);
    expect(received).toHaveLength(0);
  });

  it('rejects with the abort reason when its signal aborts, so no response is invented', async () => {
    installApi(() => new Promise<Response>(() => {}));
    const controller = new AbortController();
    const sent = sendRequest(request({ signal: controller.signal }));
    controller.abort(new Error('stop'));
    await expect(sent).rejects.toThrow('stop');
  });
});
