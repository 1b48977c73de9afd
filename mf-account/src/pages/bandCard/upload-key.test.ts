import { uploadKeyOf } from './upload-key';

test('the upload key is read from the end of the image URL', () => {
  expect(uploadKeyOf('http://127.0.0.1:8080/uploads/imgs/AbCdEfGhIjKlMnO.jpg')).toBe('imgs/AbCdEfGhIjKlMnO.jpg');
  expect(uploadKeyOf('http://x/uploads/imgs/short.jpg')).toBeNull();
  expect(uploadKeyOf('')).toBeNull();
});
