import { z } from 'zod';

/**
 * The operator's settings that GET /api/gas/sito/ adds to the site content
 * (environment variables, not build-time ones): the maps' tile server and the
 * community chat link (null when GAS_CHAT_URL is unset: the app shows no link).
 */
export const sitoServer = z.object({
  map_tile_url: z.string(),
  chat_url: z.string().nullable(),
});
export type SitoServer = z.infer<typeof sitoServer>;
