import { version } from '../../package.json';

/** Shown in the footer as "v1.6.0" (spec §1). */
export const APP_VERSION = `v${version}`;
