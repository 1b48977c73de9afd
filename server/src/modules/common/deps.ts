import type { Clock } from '../../clock';
import type { Database } from '../../db/client';

/** What the common module's calls need (site config, logo, uploads); the plugin receives it as options. */
export interface CommonDeps {
  db: Database;
  clock: Clock;
  /** KABUTO_DATA_DIR: uploads live in <dataDir>/uploads. */
  dataDir: string;
  /** Upload-policy signing secret. */
  secret: string;
  uploadPolicyTtlMs?: number;
}
