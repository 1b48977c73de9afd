// Loads the data file into validated instruments with lookup and search. The Traditional
// Chinese names pass through the spec §5 company-name correction table here, once.
import { correctCompanyName } from '@kabuto/shared-sdk/format';
import { yenToTenths } from '../price';
import {
  CORPORATE_ACTIONS,
  ETFS,
  NIKKEI_225,
  NOT_LOAN_ELIGIBLE,
  REFERENCE_DATE,
  SECTORS,
  UNIVERSE_SOURCE,
  UNIVERSE_VERSION,
  type SectorKey,
} from './data/instruments';
import { instrumentSchema, universeSchema, type CorporateAction, type Instrument, type UniverseData } from './schema';
import { buildSearchIndex, searchIndex } from './search';

export interface Universe {
  readonly version: string;
  readonly source: string;
  readonly referenceDate: string;
  readonly instruments: readonly Instrument[];
  readonly corporateActions: readonly CorporateAction[];
  byCode(code: string): Instrument | undefined;
  /** Corporate actions of one code, oldest first. */
  actionsFor(code: string): readonly CorporateAction[];
  search(query: string, limit?: number): Instrument[];
  /** A new listing joins at run time (an IPO's listing day); validated like the data file's. */
  add(instrument: Instrument): void;
}

function sectorOf(key: SectorKey) {
  const s = SECTORS[key];
  return { sector: key, sectorName: { jp: s.jp, en: s.en, tw: s.tw }, industryPe: s.pe };
}

/** The raw data file shaped for validation. */
export function universeDataFromFile(): unknown {
  const stocks = NIKKEI_225.map(([code, jp, reading, en, tw, sector, topix500, price, pe]) => ({
    code,
    kind: 'stock',
    name: { jp, en, tw: correctCompanyName(tw) },
    reading,
    ...sectorOf(sector),
    pe,
    topix500,
    nikkei225: true,
    loanEligible: !NOT_LOAN_ELIGIBLE.includes(code),
    tickTable: topix500 ? '03' : '01',
    lot: 100,
    referencePrice: yenToTenths(price),
    referenceDate: REFERENCE_DATE,
    marketBeta: 1,
  }));
  const etfs = ETFS.map(([code, jp, reading, en, tw, unit, price, beta]) => ({
    code,
    kind: 'etf',
    name: { jp, en, tw: correctCompanyName(tw) },
    reading,
    ...sectorOf('etf'),
    pe: null,
    topix500: false,
    nikkei225: false,
    loanEligible: !NOT_LOAN_ELIGIBLE.includes(code),
    tickTable: unit === 1 ? '04' : '03',
    lot: unit,
    referencePrice: yenToTenths(price),
    referenceDate: REFERENCE_DATE,
    marketBeta: beta,
  }));
  const corporateActions = CORPORATE_ACTIONS.map((a) =>
    a.kind === 'split' ? { ...a } : { code: a.code, exDate: a.exDate, kind: a.kind, amount: yenToTenths(a.amountYen), origin: a.origin },
  );
  return {
    version: UNIVERSE_VERSION,
    source: UNIVERSE_SOURCE,
    referenceDate: REFERENCE_DATE,
    instruments: [...stocks, ...etfs],
    corporateActions,
  };
}

/** Validate (zod) and index a universe; throws with every problem listed when invalid. */
export function createUniverse(raw: unknown = universeDataFromFile()): Universe {
  const data: UniverseData = universeSchema.parse(raw);
  const byCode = new Map(data.instruments.map((i) => [i.code, i]));
  const actions = new Map<string, CorporateAction[]>();
  for (const a of [...data.corporateActions].sort((x, y) => x.exDate.localeCompare(y.exDate))) {
    actions.set(a.code, [...(actions.get(a.code) ?? []), a]);
  }
  const instruments = [...data.instruments];
  let index = buildSearchIndex(instruments);
  return {
    version: data.version,
    source: data.source,
    referenceDate: data.referenceDate,
    instruments,
    corporateActions: data.corporateActions,
    byCode: (code) => byCode.get(code),
    actionsFor: (code) => actions.get(code) ?? [],
    search: (query, limit = 20) => searchIndex(index, query, limit),
    add: (raw) => {
      const instrument = instrumentSchema.parse(raw);
      if (byCode.has(instrument.code)) throw new Error(`instrument ${instrument.code} already listed`);
      instruments.push(instrument);
      byCode.set(instrument.code, instrument);
      index = buildSearchIndex(instruments);
    },
  };
}
