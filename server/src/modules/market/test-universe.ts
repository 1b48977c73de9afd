// A few instruments of the real universe, so simulation tests stay fast.
import { createUniverse, type Universe } from './universe/universe';

let full: Universe | null = null;

export function testUniverse(codes: readonly string[]): Universe {
  full ??= createUniverse();
  const u = full;
  const keep = new Set(codes);
  const instruments = u.instruments.filter((i) => keep.has(i.code));
  return {
    ...u,
    instruments,
    // A listing joins this subset (and the full universe it reads through).
    add: (instrument) => {
      if (!u.byCode(instrument.code)) u.add(instrument);
      keep.add(instrument.code);
      const added = u.byCode(instrument.code);
      if (added) instruments.push(added);
    },
    corporateActions: u.corporateActions.filter((a) => keep.has(a.code)),
    byCode: (code) => (keep.has(code) ? u.byCode(code) : undefined),
    actionsFor: (code) => (keep.has(code) ? u.actionsFor(code) : []),
    search: (q, limit) =>
      u
        .search(q, 1000)
        .filter((i) => keep.has(i.code))
        .slice(0, limit ?? 20),
  };
}
