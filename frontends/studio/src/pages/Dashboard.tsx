import { formatDate } from '@pencraft/ui';
import { useId } from 'react';
import { figuresOf } from '../components/Figures.js';
import { Panel } from '../components/parts.js';
import { StudioFrame } from '../components/StudioFrame.js';
import { useStudioTranslation } from '../i18n.js';

/** /studio: the publication at a glance (its address, description and figures) for a member or the owner. */
export default function Dashboard() {
  const { t, i18n } = useStudioTranslation();
  const id = useId();
  const numbers = new Intl.NumberFormat(i18n.language);
  return (
    <StudioFrame section="dashboard">
      {(studio) => (
        <>
          <Panel id={`${id}-figures`} title={t('dashboard.figures')}>
            <ul className="pc-studio__figures">
              {figuresOf(studio).map((figure) => (
                <li key={figure.id} className="pc-studio__figure" data-figure={figure.id}>
                  <strong>{numbers.format(figure.value)}</strong>
                  <span>{t(`dashboard.${figure.id}`)}</span>
                </li>
              ))}
            </ul>
          </Panel>
          <Panel id={`${id}-about`} title={t('dashboard.address')}>
            <p>
              <a href={`${window.location.protocol}//${studio.publication.domain}`} data-domain>
                {studio.publication.domain}
              </a>
            </p>
            <p className="pc-studio__text">
              {t('dashboard.created', { date: formatDate(studio.publication.createdAt, t) })}
            </p>
            <h3>{t('dashboard.description')}</h3>
            <p className="pc-studio__text" data-description>
              {studio.publication.description || t('dashboard.noDescription')}
            </p>
          </Panel>
        </>
      )}
    </StudioFrame>
  );
}
