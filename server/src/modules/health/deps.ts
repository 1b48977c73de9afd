import type { Clock } from '../../clock';
import type { Database, DatabaseKind } from '../../db/client';

/** What the health call needs; the plugin receives it as options. */
export interface HealthDeps {
  db: Database;
  dbKind: DatabaseKind;
  clock: Clock;
}
