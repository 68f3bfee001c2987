// Sponsors page (spec §2): logo linking to the site, name and description;
// the logo's width follows its orientation.
import Card from 'react-bootstrap/Card';
import { useSponsor } from '../../api/sito';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { safeHref } from '../../lib/safeHref';
import { SponsorLogo } from '../home/SponsorStrip';

export default function SponsorPage() {
  const query = useSponsor();
  return (
    <Page title="Sponsor">
      <p className="lead">Le gare a squadre sono possibili grazie a chi le sostiene.</p>
      <QueryState query={query}>
        {(sponsors) =>
          sponsors.length === 0 ? (
            <p>Nessuno sponsor al momento.</p>
          ) : (
            <ul className="list-unstyled d-grid gap-3">
              {sponsors.map((sponsor) => (
                <li key={sponsor.name}>
                  <Card>
                    <Card.Body className="d-flex flex-column flex-sm-row gap-3 align-items-sm-center">
                      <div className="flex-shrink-0 text-center" style={{ minWidth: '240px' }}>
                        {safeHref(sponsor.website) ? (
                          <a href={safeHref(sponsor.website)} target="_blank" rel="noreferrer">
                            <SponsorLogo sponsor={sponsor} />
                          </a>
                        ) : (
                          <SponsorLogo sponsor={sponsor} />
                        )}
                      </div>
                      <div>
                        <h2 className="h4">{sponsor.name}</h2>
                        <p className="mb-0">{sponsor.description}</p>
                      </div>
                    </Card.Body>
                  </Card>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </Page>
  );
}
