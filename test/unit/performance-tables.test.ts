// The docs' per-call tables are generated from the results of `npm run bench -- --harnesses`
// (scripts/performance-tables.mjs): what they say must follow the results file, verdicts included.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { renderPerCallTables } from '../../scripts/performance-tables.mjs';

const entry = (runs: number[]) => ({
  median: [...runs].sort((a, b) => a - b)[1],
  spread: [Math.min(...runs), Math.max(...runs)],
  runs,
});

function results(sdkP50Runs: number[]) {
  const client = (id: string, name: string, p50: number[]) => ({
    id,
    name,
    p50: entry(p50),
    cpu: entry([1.01, 1.03, 1.02]),
    throughput: entry([0.97, 0.99, 0.96]),
  });
  const sdk = client('sdk', 'workspace-platform-sdk', sdkP50Runs);
  const median = sdk.p50.median as number;
  return {
    generatedAt: '2026-01-02T03:04:05.000Z',
    runs: 3,
    sdkSource: 'workspace-platform-sdk from the repository build (dist/)',
    environment: { cpuModel: 'Some CPU', cpus: 2, node: 'v20.0.0', pinned: true, loadAverage: 0.4 },
    harnesses: [
      {
        title: 'All four clients in one process',
        method: 'the method',
        clients: [client('raw-fetch', 'raw fetch', [1, 1, 1]), sdk],
        verdicts: { p50: median <= 1.05, cpu: true, throughput: true },
      },
    ],
    bundle: { gzipBytes: 15_900, oneFileGzipBytes: 17_800 },
  };
}

describe('the generated per-call tables', () => {
  it('say that no documented run is committed when the results file holds none', () => {
    expect(renderPerCallTables(undefined)).toContain('No documented run is committed yet');
    expect(renderPerCallTables({ note: 'no run yet' })).toContain('No documented run is committed yet');
  });

  it("give each client's median with its spread over the runs, and the SDK's verdicts", () => {
    const text: string = renderPerCallTables(results([1.02, 1.07, 1.04]));
    expect(text).toContain(
      '| **workspace-platform-sdk** | **1.04 (1.02-1.07)** | **1.02 (1.01-1.03)** | **0.97 (0.96-0.99)** |',
    );
    expect(text).toContain('p50, 1 in flight ≤ 1.05: met');
    expect(text).toContain('3 runs of each harness on 2026-01-02');
    expect(text).toContain('15.90 kB');
    expect(text).toContain('17.80 kB as one file');
  });

  it('say a line was missed when the median is past it', () => {
    expect(renderPerCallTables(results([1.08, 1.12, 1.1]))).toContain('p50, 1 in flight ≤ 1.05: missed');
  });
});
