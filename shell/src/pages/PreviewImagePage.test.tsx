import { screen } from '@testing-library/react';
import { renderApp } from '../test-utils/render-app';
import { sameOriginImageUrl } from './PreviewImagePage';

jest.mock('../remotes/federation', () => ({ loadRemoteModule: jest.fn(), registerRemoteEntries: jest.fn() }));

const page = 'https://kabuto.example/#/preview-image';

test('only images of this origin are accepted', () => {
  expect(sameOriginImageUrl('/uploads/imgs/a.png', page)).toBe('https://kabuto.example/uploads/imgs/a.png');
  expect(sameOriginImageUrl('https://evil.example/a.png', page)).toBeNull();
  expect(sameOriginImageUrl('data:image/png;base64,AAAA', page)).toBeNull();
  expect(sameOriginImageUrl('javascript:alert(1)', page)).toBeNull();
  expect(sameOriginImageUrl(null, page)).toBeNull();
});

test('a same-origin image is shown, a foreign one is explained', () => {
  const { unmount } = renderApp('/preview-image?src=%2Fuploads%2Fimgs%2Fa.png');
  expect(screen.getByRole('img', { name: 'Preview' }).getAttribute('src')).toBe(`${window.location.origin}/uploads/imgs/a.png`);
  unmount();
  renderApp('/preview-image?src=https%3A%2F%2Fevil.example%2Fa.png');
  expect(screen.getByRole('alert').textContent).toBe('This image comes from another site and cannot be shown here.');
});
