// What every probe server does once built: listen on a free loopback port, print
// "<name> listening <port>" for the parent process, and close cleanly on SIGTERM.
import type { FastifyInstance } from 'fastify';
import type { OpenedDatabase } from '../db/client';

export async function serveProbe(name: string, app: FastifyInstance, database: OpenedDatabase): Promise<void> {
  const stop = (): void => {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(`${name} listening ${typeof address === 'object' && address ? address.port : 0}`);
}

/** The probe's main(): any failure is printed and ends the process. */
export function runProbe(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
