import { idParam } from '@gas/contracts';
import { z } from 'zod';

/** `?evento=<id>`; an empty value means no filter, as in DRF. */
export const eventoFilter = z.preprocess((v) => (v === '' ? undefined : v), idParam.optional());
