// The IPO commands of `npm run ops` (docs/api/ipo.md §Ops): create an issue with dates in
// seconds from now (the e2e walks the journey on the real-time demo clock), fix the offer
// price, close book-building, draw, list. args.ts and format.ts delegate here.
import type { ParseResult } from './call';
import { cell as s, type Json } from './cells';

export const IPO_USAGE = `
IPO (simulated issues):
  ipo-issues                                   every issue with its schedule and status
  ipo-create <code> --name-jp t --name-en t --name-tw t --lower yen --upper yen --units N --max N
             [--offer yen] [--model perCustomer|weighted] [--market growth|standard|prime]
             [--opens-in s] [--closes-in s] [--draw-in s] [--pay-in s] [--list-in s] [--reason text]
                                               create (dates in seconds from now; defaults 0/600/660/3600/7200)
  ipo-price <code> <yen> [--reason text]       fix the offer price inside the range
  ipo-close <code> [--reason text]             end book-building now
  ipo-draw <code> [--reason text]              draw now (once); publishes the seed and winners
  ipo-list <code> [--reason text]              end the payment period now and list (paid shares become holdings)`;

export const IPO_VALUE_FLAGS = [
  'name-jp',
  'name-en',
  'name-tw',
  'lower',
  'upper',
  'units',
  'max',
  'offer',
  'model',
  'market',
  'opens-in',
  'closes-in',
  'draw-in',
  'pay-in',
  'list-in',
] as const;

const CODE = /^[0-9A-Z]{4}$/;
const STEPS: Record<string, string> = { 'ipo-close': 'close', 'ipo-draw': 'draw', 'ipo-list': 'list' };

function int(raw: string | undefined): number | null {
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : null;
}

/** The call of an IPO command, or null when `command` is not one. */
export function parseIpoCommand(command: string, positional: string[], flags: Record<string, string>): ParseResult | null {
  const fail = (error: string): ParseResult => ({ ok: false, error });
  const code = positional[0];
  if (command === 'ipo-issues') return { ok: true, call: { command, method: 'GET', path: '/api/ops/ipo/issues' } };
  const step = STEPS[command];
  if (step) {
    if (!code || !CODE.test(code)) return fail(`${command}: give the 4-character code`);
    return { ok: true, call: { command, method: 'POST', path: `/api/ops/ipo/issues/${code}/${step}`, body: { reason: flags.reason } } };
  }
  if (command === 'ipo-price') {
    const price = int(positional[1]);
    if (!code || !CODE.test(code) || price === null) return fail('ipo-price: give <code> <yen>');
    return { ok: true, call: { command, method: 'POST', path: `/api/ops/ipo/issues/${code}/offer-price`, body: { price, reason: flags.reason } } };
  }
  if (command !== 'ipo-create') return null;
  if (!code || !CODE.test(code)) return fail('ipo-create: give the 4-character code');
  const names = { jp: flags['name-jp'], en: flags['name-en'], tw: flags['name-tw'] };
  if (!names.jp || !names.en || !names.tw) return fail('ipo-create: --name-jp, --name-en and --name-tw are required');
  const numbers = { lower: int(flags.lower), upper: int(flags.upper), units: int(flags.units), max: int(flags.max) };
  if (Object.values(numbers).some((n) => n === null)) return fail('ipo-create: --lower, --upper, --units and --max are required whole numbers');
  const secs = (name: string, fallback: number) => (flags[name] === undefined ? fallback : int(flags[name]));
  const dates = {
    bookBuildingStart: secs('opens-in', 0),
    bookBuildingEnd: secs('closes-in', 600),
    lotteryAt: secs('draw-in', 660),
    paymentDeadline: secs('pay-in', 3600),
    listingAt: secs('list-in', 7200),
  };
  if (Object.values(dates).some((n) => n === null)) return fail('ipo-create: the --*-in options are whole seconds');
  const offer = flags.offer === undefined ? undefined : int(flags.offer);
  if (offer === null) return fail('ipo-create: --offer is whole yen');
  return {
    ok: true,
    call: {
      command,
      method: 'POST',
      path: '/api/ops/ipo/issues',
      body: {
        code,
        names,
        market: flags.market,
        priceLower: numbers.lower,
        priceUpper: numbers.upper,
        offerPrice: offer,
        unitsAvailable: numbers.units,
        maxUnitsPerCustomer: numbers.max,
        lotteryModel: flags.model,
        ...dates,
        reason: flags.reason,
      },
    },
  };
}

function issueLine(d: Json): string {
  const names = (d.names ?? {}) as Json;
  return `${s(d.code)}  ${s(names.en)}  ${s(d.status)}  range ${s(d.priceLower)}–${s(d.priceUpper)}  offer ${s(d.offerPrice)}  units ${s(d.unitsAvailable)} (max ${s(d.maxUnitsPerCustomer)}, ${s(d.lotteryModel)})
      book ${s(d.bookBuildingStart)} → ${s(d.bookBuildingEnd)}  draw ${s(d.lotteryAt)}  pay by ${s(d.paymentDeadline)}  list ${s(d.listingAt)}
      commitment ${s(d.commitment)}${d.drawnAt ? `  drawn ${s(d.drawnAt)}` : ''}${d.listedAt ? `  listed ${s(d.listedAt)}` : ''}`;
}

/** Output of an IPO command, or null when `command` is not one. */
export function formatIpoAnswer(command: string, data: unknown): string | null {
  if (!command.startsWith('ipo-')) return null;
  if (command === 'ipo-issues') {
    const list = Array.isArray(data) ? (data as Json[]) : [];
    return list.length ? list.map(issueLine).join('\n') : 'No issues.';
  }
  return issueLine((data ?? {}) as Json);
}
