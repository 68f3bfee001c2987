// Site content as the public pages read it. Settings are edited by hand in
// the back office, so every value is checked here: a malformed one becomes
// null (or is skipped), never a 500.
import { sitoSchema, type Sito, type SitoServer } from '@gas/contracts';
import { IMPOSTAZIONI_SITO, type Sponsor } from '../../db/schema';

/** The about-us page "mentions the 16 most active collaborators". */
export const TOP_CONTRIBUTORS = 16;

type Contenuti = Omit<Sito, keyof SitoServer>;

/**
 * Home, rules documents, webinars, final and about-us: one object, null
 * where unset or where the stored value does not have the shape the site
 * reads (settings are edited by hand; a malformed one never breaks a page).
 */
export function presentSito(settings: Map<string, unknown>): Contenuti {
  const out: Record<string, unknown> = {};
  for (const key of IMPOSTAZIONI_SITO) {
    const parsed = sitoSchema.shape[key].safeParse(settings.get(key) ?? null);
    out[key] = parsed.success ? parsed.data : null;
  }
  return out as Contenuti;
}

export function presentSponsor(row: Sponsor) {
  return {
    name: row.name,
    logo_url: row.logoUrl,
    website: row.website,
    description: row.description,
  };
}
