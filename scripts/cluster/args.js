// `npm run start:cluster -- …`: its arguments, and the business clock it starts by default.
const path = require('node:path');
const { parseArgs } = require('node:util');

const ROOT = path.resolve(__dirname, '../..');

const USAGE = `npm run start:cluster -- [--api N] [--venues M] [--standbys S] [--port P] [--clock real|<ISO business instant>] [--data-dir DIR]

  --api N        API servers behind HAProxy (default 2)
  --venues M     venue partitions: the instruments are split across M partitions by code (default 1)
  --standbys S   standby processes per partition, besides its leader (default 1; 0 for none)
  --port P       HAProxy's port, the one customers use (default 8080, or PORT)
  --clock real   the real calendar (default: today's business day, or the last one, from 09:00:05 JST,
                 so the market is open for the next 6 h 25 min)
  --clock ISO    the business clock reads this instant now and runs at real speed
  --data-dir DIR PostgreSQL, NATS, the servers' files and the logs (default ./data/cluster)

DATABASE_URL=postgres://… uses that PostgreSQL instead of starting one.`;

/** The server's bound on KABUTO_VENUE_PARTITIONS (server/src/cluster/partitions.ts, MAX_PARTITIONS). */
const MAX_COUNT = 64;

function count(value, name, min = 1) {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > MAX_COUNT) throw new Error(`--${name} must be a whole number from ${min} to ${MAX_COUNT}, got "${value}"`);
  return n;
}

function portNumber(value) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`--port must be a port number (1–65535), got "${value}"`);
  return n;
}

/**
 * The clock setting: 'real', an ISO instant (kept as given, so its offset stays readable), or
 * undefined for the default (computed at start, when the instant is known).
 */
function clockSetting(value) {
  if (value === undefined) return undefined;
  if (value === 'real') return 'real';
  // An instant needs its zone: a bare local time would mean different instants on different machines.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new Error(`--clock must be "real" or an ISO instant with its zone (e.g. 2026-12-03T09:00:05+09:00), got "${value}"`);
  }
  return value;
}

/** Parses the command's arguments; throws an Error that says what is wrong (and the usage is printed). */
function parseClusterArgs(argv, env = process.env) {
  const { values, positionals } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      api: { type: 'string' },
      venues: { type: 'string' },
      standbys: { type: 'string' },
      port: { type: 'string' },
      clock: { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (positionals.length) throw new Error(`unexpected argument "${positionals[0]}"`);
  const dataDir = values['data-dir'] ?? path.join(ROOT, 'data', 'cluster');
  return {
    help: values.help === true,
    api: values.api === undefined ? 2 : count(values.api, 'api'),
    partitions: values.venues === undefined ? 1 : count(values.venues, 'venues'),
    standbys: values.standbys === undefined ? 1 : count(values.standbys, 'standbys', 0),
    port: portNumber(values.port ?? env.PORT ?? '8080'),
    clock: clockSetting(values.clock),
    dataDir: path.resolve(dataDir),
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
  };
}

const OPENING_SECOND = 9 * 3600 + 5;

/**
 * The default business start: the latest TSE business day (today if it is one) at 09:00:05 JST,
 * five seconds into the morning session, so a fresh cluster trades at once and keeps trading
 * until the closing auction at 15:25 (6 h 25 min later; lunch included). `calendar` is the
 * server's (server/dist/modules/market/rules/calendar.js): jstDateKey, businessDayOnOrBefore, atJst.
 */
function defaultClockStart(now, calendar) {
  const day = calendar.businessDayOnOrBefore(calendar.jstDateKey(now));
  return calendar.atJst(day, OPENING_SECOND).toISOString();
}

module.exports = { USAGE, parseClusterArgs, defaultClockStart };
