import { Link } from 'react-router';
import { StudioFrame } from '../components/StudioFrame.js';
import { useStudioTranslation } from '../i18n.js';

/** /studio/income: under construction (SPEC.md section 2); the owner's alone. */
export default function Income() {
  const { t } = useStudioTranslation();
  return (
    <StudioFrame section="income">
      {() => (
        <div className="pc-studio__panel" data-under-construction>
          <h2>{t('income.title')}</h2>
          <p className="pc-studio__text">{t('income.text')}</p>
          <Link to="/studio/plans">{t('income.toPlans')}</Link>
        </div>
      )}
    </StudioFrame>
  );
}
