import { configureHost, defaultHost, getHost, goBack, resetHost } from './host';
import { ROUTES } from '../routes/route-table';

afterEach(() => resetHost());

describe('host port', () => {
  it('defaults to hash navigation, a console toast and the stored language', () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    localStorage.setItem('lang', 'jp');
    const host = getHost();
    expect(host).toBe(defaultHost);
    host.navigate(`${ROUTES.sessionEnded}?v=2`);
    expect(window.location.hash).toBe(`#${ROUTES.sessionEnded}?v=2`);
    host.toast('hello', 1500);
    expect(info).toHaveBeenCalledWith('[toast] hello');
    expect(host.getLang()).toBe('jp');
  });

  it('uses the configured port, and history.back when it has no back()', () => {
    const navigate = jest.fn();
    configureHost({ navigate, toast: jest.fn(), getLang: () => 'en' });
    getHost().navigate('/x');
    expect(navigate).toHaveBeenCalledWith('/x');
    const back = jest.spyOn(window.history, 'back').mockImplementation(() => undefined);
    goBack();
    expect(back).toHaveBeenCalledTimes(1);
  });
});
