import type { Clock } from '../../clock';
import type { Database } from '../../db/client';

/** What the ops module's calls need; the plugin receives it as options. */
export interface OpsDeps {
  db: Database;
  clock: Clock;
  /** KABUTO_DATA_DIR: where the bootstrap add leaves the second operator's credential. */
  dataDir: string;
}

/** Every operator call lives under this prefix, whichever module owns it. */
export const OPS_API = '/api/ops';
