import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { LiveBus } from '../live/bus';

/** What every API route plugin receives. */
export type ApiDeps = { config: AppConfig; database: Database; live: LiveBus };
