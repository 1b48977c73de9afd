// WebSocket `/ws` (docs/api/market.md §6): one ClientStream per connection.
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { MarketDataProvider } from '../provider';
import type { MarketBus } from '../ws/bus';
import { ClientStream, type UserChannel } from '../ws/client-stream';
import type { MarketPump } from '../ws/pump';

/** Largest client frame accepted (a subscribe of 50 codes is well under 1 KiB). */
export const WS_MAX_PAYLOAD_BYTES = 4096;

export interface WsDeps {
  market: MarketDataProvider;
  bus: MarketBus;
  pump: MarketPump;
  /** Per-user events after an `auth` frame (docs/api/market.md §6.2). */
  users: UserChannel;
}

export async function wsRoutes(app: FastifyInstance, deps: WsDeps): Promise<void> {
  await app.register(websocket, { options: { maxPayload: WS_MAX_PAYLOAD_BYTES } });
  app.get(
    '/ws',
    {
      websocket: true,
      config: {
        summary: 'Market WebSocket (quotes, depth, trades); protocol in docs/api/market.md',
        plainAnswer: 'WebSocket upgrade; the message protocol is in docs/api/market.md.',
      },
    },
    (socket) => {
      const stream = new ClientStream({ socket, bus: deps.bus, pump: deps.pump, market: deps.market, users: deps.users });
      socket.on('message', (data, isBinary) => {
        stream.handle(isBinary ? '' : data.toString());
      });
      socket.on('close', () => stream.close());
      // A protocol error (oversize frame …) closes this socket only; the stream is cleaned up by 'close'.
      socket.on('error', () => socket.terminate());
    },
  );
}
