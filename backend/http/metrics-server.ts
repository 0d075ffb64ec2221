/**
 * `GET /metrics` in the Prometheus text format, on a port of its own (config `metrics.port`), so
 * the public port never shows it and a firewall can keep it to the scraper. Anything else there
 * is 404.
 */
import { createServer } from 'node:http';
import type { Logger } from '../../common/log.js';
import { answerClientErrors, closeServer, listen } from '../../server-kit/http/server.js';
import type { BackendMetrics } from './metrics.js';

export interface RunningMetricsServer {
  url: string;
  close(): Promise<void>;
}

export async function startMetricsServer(metrics: BackendMetrics, host: string, port: number, logger: Logger): Promise<RunningMetricsServer> {
  const server = createServer({ requestTimeout: 10_000, headersTimeout: 5_000 }, (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('only GET /metrics is served here\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' }).end(text),
      (err: unknown) => {
        logger.error({ err }, 'metrics: could not collect');
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('could not collect the metrics\n');
      },
    );
  });
  answerClientErrors(server);
  const bound = await listen(server, port, host);
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return { url: `http://${shownHost}:${bound}/metrics`, close: () => closeServer(server) };
}
