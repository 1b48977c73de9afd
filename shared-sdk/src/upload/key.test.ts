import { uploadKeyOf } from './key';

test('reads the key at the end of an uploaded image URL, nothing else', () => {
  expect(uploadKeyOf('http://localhost:8080/uploads/imgs/abcdefghijklmno.jpg')).toBe('imgs/abcdefghijklmno.jpg');
  expect(uploadKeyOf('http://x/uploads/imgs/short.jpg')).toBeNull();
  expect(uploadKeyOf('http://x/uploads/imgs/abcdefghijklmno.jpg?x=1')).toBeNull();
});
