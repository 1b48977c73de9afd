// What a venue standby answers on its port while it waits for the lease: alive (/api/health 200),
// not ready (/api/health/ready 503), so an operator and the launcher see it is there and waiting.
// Closed the moment it leads, and the full app takes the port.
import { createServer, type Server } from 'node:http';

export async function serveStandbyHealth(port: number, host: string, partition: number): Promise<() => Promise<void>> {
  const server: Server = createServer((request, response) => {
    const ready = request.url?.startsWith('/api/health/ready');
    const alive = request.url === '/api/health' || request.url?.startsWith('/api/health/live');
    response.writeHead(ready ? 503 : alive ? 200 : 404, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify({ status: ready ? 'standby' : alive ? 'ok' : 'not found', role: 'venue', partition }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}
