import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { COMPRESS_MIN_BYTES, acceptedEncodings, registerAnswerCompression } from './compress';

const BIG = { status: 1, msg: '', data: { bars: Array.from({ length: 200 }, (_, i) => ({ time: i, close: 26600 + i })) } };

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  registerAnswerCompression(app);
  app.post('/public', { config: { compress: true } }, async () => BIG);
  app.post('/public-small', { config: { compress: true } }, async () => ({ status: 1, msg: '', data: 1 }));
  app.post('/private', async () => ({ ...BIG, token: 'secret' }));
  await app.ready();
});

afterAll(() => app.close());

const post = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'POST', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('answer compression', () => {
  it('sends a marked route brotli or gzip, as the client accepts, and the same JSON comes out', async () => {
    const br = await post('/public', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(BIG);
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(BIG).length / 4);

    const gzip = await post('/public', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(BIG);
  });

  it('sends it plain to a client that accepts neither, or refuses them with q=0', async () => {
    for (const header of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await post('/public', header);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.json()).toEqual(BIG);
    }
  });

  it(`leaves answers under ${COMPRESS_MIN_BYTES} bytes, and every route not marked, plain`, async () => {
    expect((await post('/public-small', 'br')).headers['content-encoding']).toBeUndefined();
    const secret = await post('/private', 'gzip, br');
    expect(secret.headers['content-encoding']).toBeUndefined();
    expect(secret.json()).toMatchObject({ token: 'secret' });
  });

  it('acceptedEncodings: best first, refused ones left out', () => {
    expect(acceptedEncodings('gzip, deflate, br')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings(['gzip', 'br;q=0'])).toEqual(['gzip']);
    expect(acceptedEncodings(undefined)).toEqual([]);
  });
});
