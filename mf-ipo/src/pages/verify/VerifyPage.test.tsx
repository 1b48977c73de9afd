// "Verify this draw" as anyone would use it: the page recomputes the published draw with
// the server's own function and says whether it matches; a tampered winner list or seed is
// caught; the customer's own pseudonymous id is marked.
import { screen, waitFor, within } from '@testing-library/react';
import { MSG, resetHost } from '@kabuto/shared-sdk';
import { drawIpo, seedCommitment, type IpoDrawPublication } from '@kabuto/shared-sdk/schemas';
import { application, issue, page } from '../../test-utils/fixtures';
import { installIpoServer, ok, refused, renderIpo } from '../../test-utils/render-ipo';
import { ROUTES } from '@kabuto/shared-sdk';
import VerifyPage from './VerifyPage';

afterEach(() => resetHost());

const SEED = '3f'.repeat(32);
const APPLICATIONS = Array.from({ length: 12 }, (_, i) => ({ id: `${(i + 1).toString(16).padStart(2, '0')}aa55aa55aa55aa`, lots: 1 + (i % 3) }));
const MY_ID = APPLICATIONS[4]!.id;

function publication(patch: Partial<IpoDrawPublication> = {}): IpoDrawPublication {
  return {
    code: '9990',
    name: { tw: '櫻花機器人', jp: 'さくらロボティクス', en: 'Sakura Robotics' },
    algorithm: 'kabuto-ipo-draw-v1',
    model: 'perCustomer',
    lotsAvailable: 4,
    commitment: seedCommitment(SEED),
    committedAt: '2026-11-20T00:00:00.000Z',
    applications: APPLICATIONS,
    seed: SEED,
    winners: drawIpo({ seed: SEED, model: 'perCustomer', lotsAvailable: 4, applications: APPLICATIONS }),
    drawnAt: '2026-11-27T01:00:00.000Z',
    simulated: true,
    ...patch,
  };
}

function server(draw: IpoDrawPublication) {
  return installIpoServer({
    list: (form) => ok(page(form.status === 'drawn' ? [issue({ status: 'drawn', actions: [] })] : [])),
    draw: () => ok(draw),
    mine: () => ok(page([application({ drawId: MY_ID })])),
  });
}

test('the published draw recomputes to the same winners, and my pseudonymous id is marked', async () => {
  const calls = server(publication());
  renderIpo(<VerifyPage />, { path: `${ROUTES.ipoVerify}?code=9990` });
  const result = await screen.findByTestId('ipo-verify-result');
  expect(result.getAttribute('data-ok')).toBe('true');
  expect(result.textContent).toContain('the winners match the published result');
  expect(screen.getByTestId('ipo-verify-commitment').getAttribute('data-ok')).toBe('true');
  expect(calls.find((c) => c.action === 'draw')?.form).toEqual({ code: '9990' });
  expect(within(screen.getByTestId('ipo-draw-winners')).getAllByTestId('ipo-draw-winners-row')).toHaveLength(4);
  await waitFor(() => expect(screen.getByTestId('ipo-draw-my-pid').textContent).toContain(MY_ID));
  const mine = within(screen.getByTestId('ipo-draw-applications'))
    .getAllByTestId('ipo-draw-applications-row')
    .filter((row) => row.getAttribute('data-mine') === 'true');
  expect(mine.map((row) => row.getAttribute('data-pid'))).toEqual([MY_ID]);
});

test('a winner list that is not what the seed draws is reported as not matching', async () => {
  const honest = publication();
  const loser = APPLICATIONS.find((a) => !honest.winners?.some((w) => w.id === a.id));
  const tampered = [...(honest.winners ?? []).slice(1), { id: loser!.id, lots: 1 }];
  server(publication({ winners: tampered }));
  renderIpo(<VerifyPage />, { path: `${ROUTES.ipoVerify}?code=9990` });
  const result = await screen.findByTestId('ipo-verify-result');
  expect(result.getAttribute('data-ok')).toBe('false');
  expect(result.textContent).toContain('do NOT match');
  expect(screen.getByTestId('ipo-verify-commitment').getAttribute('data-ok')).toBe('true');
});

test('a revealed seed that is not the committed one is reported, in Japanese too', async () => {
  server(publication({ seed: '40'.repeat(32) }));
  renderIpo(<VerifyPage />, { lang: 'jp', path: `${ROUTES.ipoVerify}?code=9990` });
  const commitment = await screen.findByTestId('ipo-verify-commitment');
  expect(commitment.getAttribute('data-ok')).toBe('false');
  expect(commitment.textContent).toContain('コミットメントと一致しません');
});

test('before the draw the page says so', async () => {
  server(publication({ seed: null, winners: null, applications: null, drawnAt: null }));
  renderIpo(<VerifyPage />, { path: `${ROUTES.ipoVerify}?code=9990` });
  expect((await screen.findByTestId('ipo-draw-pending')).textContent).toBe('This issue has not been drawn yet');
  expect(screen.queryByTestId('ipo-verify-result')).toBeNull();
});

test('a failed draw load goes through the page state', async () => {
  installIpoServer({ list: () => ok(page([])), draw: () => refused(MSG.systemBusy), mine: () => ok(page([])) });
  renderIpo(<VerifyPage />, { path: `${ROUTES.ipoVerify}?code=9990` });
  await waitFor(() => expect(screen.getByTestId('ipo-draw-state').getAttribute('role')).toBe('alert'));
});
