import autocannon from 'autocannon';
import { serverCpuPer } from './process-cpu';
import { percentile } from './stats';

/** One HTTP request of a load: method, path (with query), headers, body. */
export interface RequestShape {
  method?: 'GET' | 'POST';
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadOptions extends RequestShape {
  /** Concurrent keep-alive connections (default: BENCH_CONNECTIONS or 10). */
  connections?: number;
  /** Measured seconds (default: BENCH_SECONDS or 5). */
  seconds?: number;
  /** An unmeasured run first, so both sides are compared with a warm JIT and warm caches (default 1 s). */
  warmupSeconds?: number;
  /**
   * Varies each request (e.g. a changing body or a random cursor). Runs in the runner process for every request,
   * so keep it cheap. Returns what changes; the rest of the request stays as given.
   */
  vary?: (sequence: number) => RequestShape;
  /** Headers per connection: connection i sends `perConnectionHeaders[i % length]` (e.g. one user token each). */
  perConnectionHeaders?: Array<Record<string, string>>;
  /** For a load that expects refusals (e.g. 404s or 429s): count non-2xx answers instead of failing (rates and
   * latencies still count only the 2xx answers). */
  allowNon2xx?: boolean;
  /** The loaded server's process: its CPU time per request over the measured run is reported (`serverCpuUs`). */
  serverPid?: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  requests: number;
  seconds: number;
  /** Latencies of the 2xx answers in ms, exact (not autocannon's whole-ms histogram). */
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  /** Completed requests in each whole second of the measured run (to see a trend, e.g. a growing stream). */
  perSecond: number[];
  bytesPerRequest: number;
  /** Answers other than 2xx; always 0 unless `allowNon2xx` (otherwise the load fails). */
  non2xx: number;
  /** The server's CPU time (user + system) per completed request over the measured run, µs; with `serverPid` on Linux. */
  serverCpuUs?: number | null;
}

export const defaultSeconds = (): number => positive(process.env.BENCH_SECONDS, 5);
export const defaultConnections = (): number => positive(process.env.BENCH_CONNECTIONS, 10);

const positive = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : fallback;
};

/**
 * Runs autocannon in this process against `url` (origin; the path comes from the options) and fails loudly when
 * anything but a 2xx came back, a socket failed or nothing completed: a benchmark with errors has no figure.
 */
export const load = async (url: string, options: LoadOptions = {}): Promise<LoadResult> => {
  const warmup = options.warmupSeconds ?? 1;
  // One sequence over the warm-up and the measured run, so `vary` never repeats a value.
  const sequence = { next: 0 };
  if (warmup > 0) await runOnce(url, options, warmup, sequence);
  const measured = () => runOnce(url, options, options.seconds ?? defaultSeconds(), sequence);
  if (options.serverPid === undefined) return measured();
  const { result, cpuUs } = await serverCpuPer(options.serverPid, measured);
  return { ...result, serverCpuUs: cpuUs };
};

const runOnce = (url: string, options: LoadOptions, seconds: number, sequence: { next: number }): Promise<LoadResult> =>
  new Promise((resolve, reject) => {
    const base: RequestShape = {
      method: options.method ?? 'GET',
      path: options.path ?? '/',
      headers: options.headers ?? {},
      ...(options.body !== undefined ? { body: options.body } : {}),
    };
    const vary = options.vary;
    const request: autocannon.Request = vary
      ? {
          ...base,
          setupRequest: (req) => {
            const change = vary(sequence.next++);
            return { ...req, ...change, headers: { ...req.headers, ...change.headers } };
          },
        }
      : base;
    let connectionIndex = 0;
    const perConnection = options.perConnectionHeaders;
    const latencies = new Latencies();
    const perSecond: number[] = [];
    let bytes = 0;
    const instance = autocannon(
      {
        url,
        connections: options.connections ?? defaultConnections(),
        duration: seconds,
        timeout: 30,
        requests: [request],
        ...(perConnection && perConnection.length > 0
          ? {
              setupClient: (client: autocannon.Client) => {
                client.setHeaders({ ...base.headers, ...perConnection[connectionIndex++ % perConnection.length] });
              },
            }
          : {}),
      },
      (error, result) => {
        if (error) return reject(error);
        const failure = failureOf(result, options.allowNon2xx ?? false);
        if (failure) return reject(new Error(`load on ${base.method} ${url}${base.path} failed: ${failure}`));
        const completed = latencies.count;
        resolve({
          requestsPerSecond: completed / result.duration,
          requests: completed,
          seconds: result.duration,
          p50Ms: latencies.percentile(50),
          p99Ms: latencies.percentile(99),
          meanMs: latencies.mean(),
          // The last bucket is a fraction of a second: only whole seconds are comparable.
          perSecond: Array.from(perSecond.slice(0, Math.floor(seconds)), (n) => n ?? 0),
          bytesPerRequest: completed > 0 ? bytes / completed : 0,
          non2xx: result.non2xx,
        });
      },
    );
    const started = performance.now();
    instance.on('response', (_client: unknown, status: number, resBytes: number, responseTime: number) => {
      if (status >= 200 && status < 300) {
        latencies.add(responseTime);
        bytes += resBytes;
        const second = Math.floor((performance.now() - started) / 1000);
        perSecond[second] = (perSecond[second] ?? 0) + 1;
      }
    });
  });

const failureOf = (r: autocannon.Result, allowNon2xx: boolean): string | null => {
  const problems: string[] = [];
  if (r.non2xx > 0 && !allowNon2xx) {
    const codes = Object.entries(r.statusCodeStats)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => `${count}× ${code}`);
    problems.push(`${r.non2xx} non-2xx answers (${codes.join(', ')})`);
  }
  if (r.errors > 0) problems.push(`${r.errors} socket errors (${r.timeouts} timeouts)`);
  if (r['2xx'] === 0) problems.push('no request completed');
  return problems.length > 0 ? problems.join('; ') : null;
};

/** Every latency of a run (a few hundred thousand doubles at most), for exact percentiles. */
class Latencies {
  private values = new Float64Array(65_536);
  count = 0;

  add(ms: number): void {
    if (this.count === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.count++] = ms;
  }

  percentile(p: number): number {
    return percentile(this.values.subarray(0, this.count), p);
  }

  mean(): number {
    let sum = 0;
    for (let i = 0; i < this.count; i++) sum += this.values[i];
    return this.count > 0 ? sum / this.count : 0;
  }
}
