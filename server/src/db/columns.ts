// Column helpers and jsonb shapes every module's schema.ts uses.
import { bigint, customType, timestamp } from 'drizzle-orm/pg-core';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** timestamptz read as a Date. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** bigint read as a JS bigint: money in integer yen or minor units. */
export const money = (name: string) => bigint(name, { mode: 'bigint' });

/** Text in the three complete languages (hi and id read en). */
export interface LocalisedText {
  tw: string;
  jp: string;
  en: string;
}
