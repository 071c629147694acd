import {
  formatManat,
  parseManat,
  PLAN_INTERVALS,
  planDescriptionProblem,
  planPriceProblem,
  type PlanInterval,
} from '@pencraft/rules';
import { api, Button, Select, spreadError, TextField, useFeedback, useLoad, type Schemas } from '@pencraft/ui';
import { useId, useState } from 'react';
import { FormError, Loaded, Panel } from '../components/parts.js';
import { StudioFrame } from '../components/StudioFrame.js';
import { useStudioTranslation } from '../i18n.js';
import { LIMITS } from '../lib/limits.js';
import { onPublication, type Studio } from '../lib/studio.js';
import { useAction } from '../lib/useAction.js';

type Plan = Schemas['PublicationPlan'];

/** A new plan: one per interval, its price typed in manats (sent in qəpik), an optional description. */
function CreatePlan({ studio, free, onCreated }: { studio: Studio; free: PlanInterval[]; onCreated: () => void }) {
  const { t, i18n } = useStudioTranslation();
  const feedback = useFeedback();
  const [interval, setInterval] = useState<PlanInterval>(free[0]!);
  const [price, setPrice] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ price?: string; description?: string }>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const bounds = {
    priceMin: formatManat(LIMITS.priceMinQepik, i18n.language),
    priceMax: formatManat(LIMITS.priceMaxQepik, i18n.language),
  };
  const chosen = free.includes(interval) ? interval : free[0]!;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const qepik = parseManat(price);
        const priceProblem = planPriceProblem(qepik);
        const descriptionProblem = planDescriptionProblem(description.trim());
        setFormError(undefined);
        // qepik is undefined only with priceProblem set; this narrows it for the body (its price is required).
        if (qepik === undefined || priceProblem || descriptionProblem) {
          setErrors({
            price: priceProblem && t(`problems.${priceProblem}`, bounds),
            description: descriptionProblem && t('problems.planDescriptionLength', LIMITS),
          });
          return;
        }
        setErrors({});
        setBusy(true);
        const body = {
          interval: chosen,
          price: qepik,
          ...(description.trim() ? { description: description.trim() } : {}),
        };
        api.post('/api/core-publications/{id}/studio/plans', { ...onPublication(studio), body }).then(
          () => {
            setBusy(false);
            setPrice('');
            setDescription('');
            feedback.success(t('plans.created'));
            onCreated();
          },
          (error: unknown) => {
            setBusy(false);
            const codes = {
              EmptyPlanPrice: 'price',
              CannotCreateFreePlan: 'price',
              PlanPriceLessThan: 'price',
              PlanPriceMoreThan: 'price',
            } as const;
            const spread = spreadError(error, ['price', 'description'], codes, t('common:dialog.failure'));
            setErrors(spread.fields);
            setFormError(spread.form);
          },
        );
      }}
    >
      <Select
        label={t('plans.interval')}
        value={chosen}
        onChange={(event) => setInterval(event.target.value as PlanInterval)}
        options={free.map((value) => ({ value, label: t(`plans.intervals.${value}`) }))}
      />
      <TextField
        label={t('plans.price')}
        inputMode="decimal"
        autoComplete="off"
        value={price}
        onChange={(event) => {
          setPrice(event.target.value);
          setErrors((current) => ({ ...current, price: undefined }));
        }}
        error={errors.price}
        hint={t('plans.priceHint', bounds)}
        required
      />
      <TextField
        multiline
        rows={3}
        label={t('plans.description')}
        value={description}
        onChange={(event) => {
          setDescription(event.target.value);
          setErrors((current) => ({ ...current, description: undefined }));
        }}
        error={errors.description}
        counter={t('counter', { count: [...description].length, max: LIMITS.planDescriptionMax })}
      />
      <FormError message={formError} />
      <div className="pc-studio__actions">
        <Button type="submit" busy={busy}>
          {t('plans.submit')}
        </Button>
      </div>
    </form>
  );
}

function PlanRow({ plan, studio, onDeleted }: { plan: Plan; studio: Studio; onDeleted: () => void }) {
  const { t, i18n } = useStudioTranslation();
  const action = useAction();
  const [confirming, setConfirming] = useState(false);
  const interval = t(`plans.intervals.${plan.interval}`);
  return (
    <li className="pc-studio__row" data-plan={plan.interval}>
      <span className="pc-studio__row-main">
        <span>{interval}</span>
        <span className="pc-studio__price" data-price>
          {t(`plans.per.${plan.interval}`, { price: formatManat(plan.price, i18n.language) })}
        </span>
        {plan.description && <span className="pc-studio__row-meta">{plan.description}</span>}
        {confirming && (
          <span className="pc-studio__row-meta" role="status">
            {t('plans.deleteNote')}
          </span>
        )}
        <FormError message={action.error} />
      </span>
      <span className="pc-studio__row-actions">
        {confirming ? (
          <>
            {/* A new element (its own key): the kit's colour transition would otherwise fade it in from the last button. */}
            <Button
              key="confirm"
              variant="danger"
              busy={action.running === plan.id}
              onClick={() =>
                void action
                  .run(
                    plan.id,
                    () =>
                      api.delete('/api/core-publications/{id}/studio/plans/{planId}', {
                        params: { path: { id: studio.publication.id, planId: plan.id } },
                      }),
                    t('plans.deleted'),
                  )
                  .then((ok) => ok && onDeleted())
              }
            >
              {t('plans.confirmDelete')}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('plans.keep')}
            </Button>
          </>
        ) : (
          <Button
            key="ask"
            variant="secondary"
            aria-label={t('plans.deleteLabel', { interval: interval.toLowerCase() })}
            onClick={() => setConfirming(true)}
          >
            {t('plans.delete')}
          </Button>
        )}
      </span>
    </li>
  );
}

function PlansBody({ studio }: { studio: Studio }) {
  const { t } = useStudioTranslation();
  const id = useId();
  const plans = useLoad(
    (signal) => api.get('/api/core-publications/{id}/studio/plans', { ...onPublication(studio), signal }),
    [studio.publication.id],
    t('common:dialog.failure'),
  );
  const changed = () => {
    plans.reload();
    studio.reload();
  };
  return (
    <Loaded state={plans.state} onRetry={plans.reload}>
      {(data) => {
        const free = PLAN_INTERVALS.filter((interval) => !data.items.some((plan) => plan.interval === interval));
        return (
          <>
            <Panel id={`${id}-list`} title={t('plans.list')}>
              {data.items.length === 0 ? (
                <p className="pc-studio__text">{t('plans.empty')}</p>
              ) : (
                <>
                  <p className="pc-studio__text">{t('plans.deleteNote')}</p>
                  <ul className="pc-studio__list" data-plans>
                    {data.items.map((plan) => (
                      <PlanRow key={plan.id} plan={plan} studio={studio} onDeleted={changed} />
                    ))}
                  </ul>
                </>
              )}
            </Panel>
            <Panel id={`${id}-create`} title={t('plans.create')}>
              {free.length === 0 ? (
                <p className="pc-studio__text">{t('plans.allCreated')}</p>
              ) : (
                <CreatePlan key={free.join()} studio={studio} free={free} onCreated={changed} />
              )}
            </Panel>
          </>
        );
      }}
    </Loaded>
  );
}

/** /studio/plans: the owner's paid plans (monthly, yearly) in manats; deleting one lets its subscribers finish. */
export default function Plans() {
  return <StudioFrame section="plans">{(studio) => <PlansBody studio={studio} />}</StudioFrame>;
}
