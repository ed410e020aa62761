/**
 * A minimal GraphQL endpoint for the bench, run as its own process so its CPU never counts
 * against the client being measured. It answers every authorised `POST /v2` with the same
 * boards body and rate-limit headers, prints its port on stdout, and exits when its stdin
 * closes (so it cannot outlive the bench).
 *
 * `GET /__stats` reports requests served and the server's own CPU time, so the bench can tell
 * when the server, not the client, was the bottleneck.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { boardsResponseBody, RATE_LIMIT_POLICY, rateLimitHeader } from './fixture.js';

const body = Buffer.from(boardsResponseBody());
const contentLength = String(body.length);
const WINDOW_MS = 60_000;
const started = Date.now();
let served = 0;
let windowIndex = 0;
let servedInWindow = 0;

/**
 * `BENCH_RATELIMIT=constant` sends the same `RateLimit` value on every answer (as a fixed-response
 * server does); by default it counts down within a fixed window, as the platform's does.
 */
const constantRateLimit = process.env.BENCH_RATELIMIT === 'constant';

/** Headers of one answer: the policy is constant, the state counts down within a fixed window. */
function responseHeaders(): Record<string, string> {
  if (constantRateLimit) {
    return {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': contentLength,
      'RateLimit-Policy': RATE_LIMIT_POLICY,
      RateLimit: rateLimitHeader(1, 60),
    };
  }
  const elapsed = Date.now() - started;
  const index = Math.floor(elapsed / WINDOW_MS);
  if (index !== windowIndex) {
    windowIndex = index;
    servedInWindow = 0;
  }
  servedInWindow += 1;
  const resetSeconds = Math.ceil(((index + 1) * WINDOW_MS - elapsed) / 1000);
  return {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': contentLength,
    'RateLimit-Policy': RATE_LIMIT_POLICY,
    RateLimit: rateLimitHeader(servedInWindow, resetSeconds),
  };
}

function answerGraphql(request: IncomingMessage, response: ServerResponse): void {
  let received = 0;
  request.on('data', (chunk: Buffer) => {
    received += chunk.length;
  });
  request.on('end', () => {
    if (!request.headers.authorization) {
      response.writeHead(401).end();
      return;
    }
    if (received === 0) {
      response.writeHead(400).end();
      return;
    }
    served += 1;
    response.writeHead(200, responseHeaders()).end(body);
  });
}

function answerStats(response: ServerResponse): void {
  const cpu = process.cpuUsage();
  response
    .writeHead(200, { 'Content-Type': 'application/json' })
    .end(JSON.stringify({ served, cpuMicros: cpu.user + cpu.system }));
}

const server = createServer({ keepAliveTimeout: 60_000 }, (request, response) => {
  const path = request.url?.split('?')[0];
  if (request.method === 'POST' && (path === '/v2' || path === '/v2/')) answerGraphql(request, response);
  else if (request.method === 'GET' && path === '/__stats') answerStats(response);
  else response.writeHead(404).end();
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('bench server has no TCP address');
  process.stdout.write(`${address.port}\n`);
});

process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
