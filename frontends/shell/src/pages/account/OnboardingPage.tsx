import { api, Button, useDocumentMeta, useSession, type Schemas } from '@pencraft/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { isOnboardingStep, nextStep, ONBOARDING_STEPS, stepPath } from '../../lib/onboarding.js';
import { safeNextPath } from '../../lib/validation.js';
import { NotFoundPage } from '../NotFoundPage.js';
import { ProfileStep } from './ProfileStep.js';

/** The three steps after the e-mail is confirmed (SPEC.md section 2); each can be skipped. */
export function OnboardingPage() {
  const { t } = useTranslation('shell');
  const { step } = useParams();
  const { state } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  useDocumentMeta(isOnboardingStep(step) ? `${t(`onboarding.${step}.title`)} — Pencraft` : undefined);

  if (!isOnboardingStep(step)) return <NotFoundPage />;
  if (state.status === 'loading') return null;
  if (state.status === 'visitor')
    return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;

  const following = nextStep(step);
  const advance = () => void navigate(following ? stepPath(following, next) : next);
  const index = ONBOARDING_STEPS.indexOf(step);

  return (
    <div className="pc-container pc-page pc-auth">
      <div className="pc-auth__card pc-onboarding">
        <nav aria-label={t('onboarding.progress')}>
          <ol className="pc-steps">
            {ONBOARDING_STEPS.map((s, i) => (
              <li
                key={s}
                className={i < index ? 'pc-steps__done' : i === index ? 'pc-steps__current' : undefined}
                aria-current={i === index ? 'step' : undefined}
              >
                {t(`onboarding.${s}.short`)}
              </li>
            ))}
          </ol>
        </nav>
        <h1>{t(`onboarding.${step}.title`)}</h1>
        <p>{t(`onboarding.${step}.text`)}</p>
        {step === 'profile' && <ProfileStep onDone={advance} />}
        {step === 'article' && <ArticleStep onSkip={advance} />}
        {step === 'explore' && <ExploreStep next={next} />}
        {step !== 'explore' && (
          <p className="pc-auth__switch">
            <Button variant="ghost" onClick={advance}>
              {t('onboarding.skip')}
            </Button>
          </p>
        )}
      </div>
    </div>
  );
}

function ArticleStep({ onSkip }: { onSkip: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <div className="pc-onboarding__actions">
      {/* The editor is the editor remote's page; coming back later finishes nothing that is left undone. */}
      <Link className="pc-button pc-button--primary" to="/write" onClick={onSkip}>
        {t('onboarding.article.write')}
      </Link>
    </div>
  );
}

function ExploreStep({ next }: { next: string }) {
  const { t } = useTranslation('shell');
  const [categories, setCategories] = useState<Schemas['CategoryList']['items']>([]);
  useEffect(() => {
    const controller = new AbortController();
    api.get('/api/articles/categories', { signal: controller.signal }).then(
      (list) => setCategories(list.items),
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return (
    <>
      {categories.length > 0 && (
        <>
          <h2 className="pc-onboarding__subtitle">{t('onboarding.explore.topics')}</h2>
          <ul className="pc-chips">
            {categories.map((category) => (
              <li key={category.id} className="pc-chip">
                {category.name}
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="pc-onboarding__actions">
        <Link className="pc-button pc-button--primary" to={next}>
          {t('onboarding.explore.finish')}
        </Link>
      </div>
    </>
  );
}
