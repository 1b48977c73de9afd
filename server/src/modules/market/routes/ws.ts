// WebSocket `/ws` (docs/api/market.md §6): one ClientStream per connection.
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
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

/** Close codes of RFC 6455 §7.4.1: a frame over the limit, any other breach of the protocol. */
const CLOSE_TOO_BIG = 1009;
const CLOSE_POLICY = 1008;

/** Sockets already logged: a peer may send frame after frame before the close takes effect. */
const logged = new WeakSet<WebSocket>();

/** `ws` names the faults of the peer's frames WS_ERR_*; a reset is the peer leaving uncleanly. */
function peerFault(error: Error): string | undefined {
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code !== 'string') return undefined;
  return code.startsWith('WS_ERR_') || code === 'ECONNRESET' || code === 'EPIPE' ? code : undefined;
}

/**
 * Replaces @fastify/websocket's default, which logs every socket error at error level: any
 * anonymous peer could then write an error line per oversize frame. A peer's fault closes
 * its socket with a policy code and is noted once, as a warning; anything else is ours and
 * stays an error.
 */
function onSocketError(error: Error, socket: WebSocket, request: FastifyRequest): void {
  const fault = peerFault(error);
  if (!logged.has(socket)) {
    logged.add(socket);
    if (fault) request.log.warn({ code: fault }, 'websocket closed: the peer broke the protocol (payload too big or bad frame)');
    else request.log.error(error);
  }
  if (socket.readyState === socket.OPEN) socket.close(fault === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' ? CLOSE_TOO_BIG : CLOSE_POLICY);
  socket.terminate();
}

export async function wsRoutes(app: FastifyInstance, deps: WsDeps): Promise<void> {
  await app.register(websocket, {
    options: { maxPayload: WS_MAX_PAYLOAD_BYTES },
    errorHandler: (error, socket, request) => onSocketError(error, socket, request),
  });
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
      // A protocol error (oversize frame …) closes this socket only (onSocketError); the stream is cleaned up by 'close'.
    },
  );
}
