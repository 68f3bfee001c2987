import { useState } from 'react';
import type { Sponsor } from '@gas/contracts';
import { safeHref } from '../../lib/safeHref';

/** A sponsor's logo, wider when landscape than when portrait (spec §2 Sponsors page). */
export function SponsorLogo({ sponsor }: { sponsor: Sponsor }) {
  const [orientation, setOrientation] = useState<'landscape' | 'portrait'>('landscape');
  return (
    <img
      src={sponsor.logo_url}
      alt={sponsor.name}
      className={`sponsor-logo sponsor-logo--${orientation}`}
      data-orientation={orientation}
      loading="lazy"
      onLoad={(event) => {
        const { naturalWidth, naturalHeight } = event.currentTarget;
        setOrientation(naturalWidth >= naturalHeight ? 'landscape' : 'portrait');
      }}
    />
  );
}

/** The sponsors' logos in a row, each linking to its site. */
export function SponsorStrip({ sponsors }: { sponsors: readonly Sponsor[] }) {
  return (
    <ul className="sponsor-strip list-unstyled d-flex flex-wrap gap-4 align-items-center justify-content-center mb-0">
      {sponsors.map((sponsor) => (
        <li key={sponsor.name}>
          {safeHref(sponsor.website) ? (
            <a href={safeHref(sponsor.website)} target="_blank" rel="noreferrer">
              <SponsorLogo sponsor={sponsor} />
            </a>
          ) : (
            <SponsorLogo sponsor={sponsor} />
          )}
        </li>
      ))}
    </ul>
  );
}
