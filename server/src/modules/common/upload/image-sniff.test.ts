import { jpegHeader, tinyPng, webpLosslessHeader } from '../../../testing/images';
import { hasAcceptableDimensions, sniffImage } from './image-sniff';

describe('sniffImage', () => {
  it('reads PNG size from IHDR', () => {
    expect(sniffImage(tinyPng(7, 3))).toEqual({ kind: 'png', width: 7, height: 3 });
  });

  it('reads JPEG size from the frame header, past APP segments and fill bytes', () => {
    expect(sniffImage(jpegHeader(640, 480))).toEqual({ kind: 'jpeg', width: 640, height: 480 });
    const jpeg = jpegHeader(10, 20);
    const withFill = Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff]), jpeg.subarray(2)]);
    expect(sniffImage(withFill)).toEqual({ kind: 'jpeg', width: 10, height: 20 });
  });

  it('reads WebP size from VP8L, VP8X and VP8 headers', () => {
    expect(sniffImage(webpLosslessHeader(300, 200))).toEqual({ kind: 'webp', width: 300, height: 200 });
    const vp8x = Buffer.alloc(30);
    vp8x.write('RIFF', 0, 'latin1');
    vp8x.write('WEBP', 8, 'latin1');
    vp8x.write('VP8X', 12, 'latin1');
    vp8x.writeUIntLE(1023, 24, 3);
    vp8x.writeUIntLE(767, 27, 3);
    expect(sniffImage(vp8x)).toEqual({ kind: 'webp', width: 1024, height: 768 });
    const vp8 = Buffer.alloc(30);
    vp8.write('RIFF', 0, 'latin1');
    vp8.write('WEBP', 8, 'latin1');
    vp8.write('VP8 ', 12, 'latin1');
    vp8.set([0x9d, 0x01, 0x2a], 23);
    vp8.writeUInt16LE(50, 26);
    vp8.writeUInt16LE(40, 28);
    expect(sniffImage(vp8)).toEqual({ kind: 'webp', width: 50, height: 40 });
  });

  it('rejects anything else, including truncated headers and look-alikes', () => {
    expect(sniffImage(Buffer.from('GIF89a......................'))).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(tinyPng().subarray(0, 20))).toBeNull();
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WAVEfmt ................'))).toBeNull();
  });

  it('refuses zero-sized and pixel-flood dimensions', () => {
    expect(hasAcceptableDimensions({ kind: 'png', width: 4000, height: 3000 })).toBe(true);
    expect(hasAcceptableDimensions({ kind: 'png', width: 0, height: 10 })).toBe(false);
    expect(hasAcceptableDimensions({ kind: 'png', width: 16385, height: 1 })).toBe(false);
    expect(hasAcceptableDimensions({ kind: 'jpeg', width: 10000, height: 10000 })).toBe(false);
  });
});
