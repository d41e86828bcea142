/**
 * Load generator process for bench/api.ts: runs autocannon against one URL, cycling
 * through the given request bodies or paths, and sends the result back. It runs in
 * its own process so the load it makes does not share the server's event loop.
 */
import autocannon from 'autocannon';

export interface LoadJob {
  url: string;
  method: 'GET' | 'POST';
  /** One per request, used in turn: JSON bodies for POST, paths with query for GET. */
  variants: string[];
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  bytesPerRequest: number;
}

const job: LoadJob = JSON.parse(process.argv[2] ?? '{}');
let next = 0;
const result = await autocannon({
  url: job.url,
  method: job.method,
  connections: job.connections,
  duration: job.durationSeconds,
  headers: { 'content-type': 'application/json', ...job.headers },
  requests: [
    {
      setupRequest: (request) => {
        const variant = job.variants[next++ % job.variants.length];
        return job.method === 'POST' ? { ...request, body: variant } : { ...request, path: variant };
      },
    },
  ],
});
{
  const answered = result.requests.total || 1;
  const summary: LoadResult = {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytesPerRequest: result.throughput.total / answered,
  };
  process.send?.(summary);
}
