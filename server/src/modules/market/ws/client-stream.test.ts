import { fixedClock, jstDate } from '../../../clock';
import { MSG } from '@kabuto/shared-sdk/messages';
import { SimulatedMarket } from '../provider';
import { testUniverse } from '../test-universe';
import { createInProcessBus, topicOf } from './bus';
import { ClientStream, MAX_BUFFERED_BYTES, type PushSocket } from './client-stream';
import { MarketPump } from './pump';

class FakeSocket implements PushSocket {
  sent: string[] = [];
  bufferedAmount = 0;
  readyState = 1;
  send(data: string): void {
    this.sent.push(data);
  }
  frames(): Array<Record<string, any>> {
    return this.sent.map((s) => JSON.parse(s) as Record<string, any>);
  }
  pushes(): Array<Record<string, any>> {
    return this.frames().filter((f) => f.channel !== undefined && f.op === undefined);
  }
}

function setup() {
  const clock = fixedClock(jstDate(2025, 1, 6, 10, 0));
  const market = new SimulatedMarket({ clock, seed: 'ws-test', universe: testUniverse(['7203', '6758', '1306']) });
  const bus = createInProcessBus();
  const pump = new MarketPump({ provider: market, bus });
  let mono = 0;
  const make = () => {
    const socket = new FakeSocket();
    const stream = new ClientStream({ socket, bus, pump, market, throttleMs: 250, maxCodes: 2, now: () => mono });
    return { socket, stream };
  };
  return { clock, market, bus, pump, make, advance: (ms: number) => (mono += ms) };
}

describe('ClientStream', () => {
  afterEach(() => jest.useRealTimers());

  it('acks a subscription and pushes the present quote of each code', () => {
    const { make } = setup();
    const { socket, stream } = make();
    stream.handle(JSON.stringify({ op: 'subscribe', channel: 'quote', codes: ['7203', '6758'], id: 1 }));
    const [ack, ...pushes] = socket.frames();
    expect(ack).toEqual({ op: 'subscribed', channel: 'quote', codes: ['7203', '6758'], id: 1 });
    expect(pushes.map((p) => [p.channel, p.code, p.data.simulated])).toEqual([
      ['quote', '7203', true],
      ['quote', '6758', true],
    ]);
    expect(pushes[0]?.t).toEqual(expect.any(Number));
  });

  it('answers bad frames, channels, unknown codes and too many codes with error frames, changing nothing', () => {
    const { make } = setup();
    const { socket, stream } = make();
    stream.handle('not json');
    stream.handle(JSON.stringify({ op: 'dance', id: 'x' }));
    stream.handle(JSON.stringify({ op: 'subscribe', channel: 'news', codes: ['7203'] }));
    stream.handle(JSON.stringify({ op: 'subscribe', channel: 'quote', codes: ['7203', '0000'], id: 7 }));
    stream.handle(JSON.stringify({ op: 'subscribe', channel: 'depth', codes: ['7203', '6758', '1306'] }));
    expect(socket.frames()).toEqual([
      { op: 'error', code: 'bad-frame', msg: MSG.wsBadFrame },
      { op: 'error', code: 'bad-frame', msg: MSG.wsBadFrame, id: 'x' },
      { op: 'error', code: 'bad-channel', msg: MSG.wsBadChannel, channel: 'news' },
      { op: 'error', code: 'unknown-code', msg: MSG.unknownStockCode, channel: 'quote', codes: ['0000'], id: 7 },
      { op: 'error', code: 'too-many-codes', msg: MSG.tooManyStockCodes, channel: 'depth', codes: ['7203', '6758', '1306'] },
    ]);
    expect(stream.subscribed('quote')).toEqual([]);
    expect(stream.subscribed('depth')).toEqual([]);
  });

  it('throttles per topic, latest wins, and stops after unsubscribe', () => {
    jest.useFakeTimers();
    const { make, bus, advance } = setup();
    const { socket, stream } = make();
    stream.handle(JSON.stringify({ op: 'subscribe', channel: 'depth', codes: ['7203'] }));
    const topic = topicOf('depth', '7203');
    const frame = (n: number) => JSON.stringify({ channel: 'depth', code: '7203', t: 0, data: { n } });
    const before = socket.pushes().length; // the snapshot
    advance(100);
    bus.publish(topic, frame(1)); // within 250 ms of the snapshot: held
    bus.publish(topic, frame(2)); // replaces 1
    expect(socket.pushes()).toHaveLength(before);
    advance(150);
    jest.advanceTimersByTime(150);
    expect(
      socket
        .pushes()
        .slice(before)
        .map((p) => p.data.n),
    ).toEqual([2]);
    advance(300);
    bus.publish(topic, frame(3)); // long enough after: sent at once
    expect(
      socket
        .pushes()
        .slice(before)
        .map((p) => p.data.n),
    ).toEqual([2, 3]);

    stream.handle(JSON.stringify({ op: 'unsubscribe', channel: 'depth', codes: ['7203'] }));
    expect(socket.frames().at(-1)).toEqual({ op: 'unsubscribed', channel: 'depth', codes: [] });
    advance(1000);
    bus.publish(topic, frame(4));
    jest.advanceTimersByTime(1000);
    expect(
      socket
        .pushes()
        .slice(before)
        .map((p) => p.data.n),
    ).toEqual([2, 3]);
    expect(bus.activeTopics()).toEqual([]);
  });

  it('holds pushes while the socket buffer is full and sends the latest when it drains', () => {
    jest.useFakeTimers();
    const { make, bus, advance } = setup();
    const { socket, stream } = make();
    stream.handle(JSON.stringify({ op: 'subscribe', channel: 'depth', codes: ['6758'] }));
    const before = socket.pushes().length;
    socket.bufferedAmount = MAX_BUFFERED_BYTES + 1;
    advance(1000);
    bus.publish(topicOf('depth', '6758'), JSON.stringify({ channel: 'depth', code: '6758', data: { n: 1 } }));
    bus.publish(topicOf('depth', '6758'), JSON.stringify({ channel: 'depth', code: '6758', data: { n: 2 } }));
    jest.advanceTimersByTime(200);
    expect(socket.pushes()).toHaveLength(before);
    socket.bufferedAmount = 0;
    jest.advanceTimersByTime(100);
    expect(
      socket
        .pushes()
        .slice(before)
        .map((p) => p.data.n),
    ).toEqual([2]);
    stream.close();
  });

  it('the pump publishes a topic only when it changed', () => {
    const { clock, make, pump } = setup();
    const { stream } = make();
    stream.handle(JSON.stringify({ op: 'subscribe', channel: 'quote', codes: ['7203'] }));
    expect(pump.tick()).toBe(0); // the snapshot was just sent, nothing changed since
    clock.advance(60_000);
    expect(pump.tick()).toBe(1);
    stream.close();
  });
});
