import type { Clock } from '../../clock';
import type { Database, DatabaseKind } from '../../db/client';
import type { Startup } from '../../http/startup';

/** What the health call needs; the plugin receives it as options. */
export interface HealthDeps {
  db: Database;
  dbKind: DatabaseKind;
  clock: Clock;
  /** Start-up work (order recovery): not ready until it is done. */
  startup: Startup;
}
