/** Requests per second and latency under a bounded loopback load (autocannon). */
import autocannon from 'autocannon';

export interface LoadResult {
  label: string;
  url: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  non2xx: number;
  errors: number;
}

export const LOAD = { connections: 10, durationSeconds: Number(process.env.BENCH_DURATION ?? 10) };

export async function measureLoad(label: string, url: string, headers: Record<string, string> = {}, durationSeconds = LOAD.durationSeconds): Promise<LoadResult> {
  const r = await autocannon({ url, headers, connections: LOAD.connections, duration: durationSeconds });
  return {
    label,
    url,
    requestsPerSecond: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}
