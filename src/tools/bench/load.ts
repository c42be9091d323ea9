/** Requests per second and latency under a bounded loopback load (autocannon). */
import autocannon from 'autocannon';

export interface LoadResult {
  label: string;
  url: string;
  connections: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  non2xx: number;
  errors: number;
}

/**
 * durationSeconds: each load run of the interleaved yardstick (BENCH_DURATION, 5 s unless set: 3 rounds x 2 connection
 * counts x 5 runs make 150 s per database); connections: the default for a single run (sealing's).
 */
export const LOAD = { connections: 10, durationSeconds: Number(process.env.BENCH_DURATION ?? 5) };

export async function measureLoad(label: string, url: string, headers: Record<string, string> = {}, durationSeconds = LOAD.durationSeconds, connections = LOAD.connections): Promise<LoadResult> {
  const r = await autocannon({ url, headers, connections, duration: durationSeconds });
  return {
    label,
    url,
    connections,
    requestsPerSecond: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}
