import { StudioFrame } from '../components/StudioFrame.js';
import { figuresOf } from '../components/Figures.js';
import { useStudioTranslation } from '../i18n.js';

/**
 * /studio/analytics: what the dashboard answers, as an accessible table. The API keeps no history of these figures
 * (no time series), so there is nothing to draw yet; the page says so.
 */
export default function Analytics() {
  const { t, i18n } = useStudioTranslation();
  const numbers = new Intl.NumberFormat(i18n.language);
  return (
    <StudioFrame section="analytics">
      {(studio) => (
        <div className="pc-studio__panel">
          <p className="pc-studio__text" data-no-series>
            {t('analytics.noSeries')}
          </p>
          <table className="pc-studio__table">
            <caption>{t('analytics.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('analytics.figure')}</th>
                <th scope="col">{t('analytics.value')}</th>
              </tr>
            </thead>
            <tbody>
              {figuresOf(studio).map((figure) => (
                <tr key={figure.id} data-figure={figure.id}>
                  <th scope="row">{t(`dashboard.${figure.id}`)}</th>
                  <td className="pc-studio__number">{numbers.format(figure.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </StudioFrame>
  );
}
