import {
  BIO_MAX,
  codePointLength,
  GENDERS,
  HEADLINE_MAX,
  LINK_PROVIDERS,
  normalizeBio,
  normalizeFullname,
  normalizeHeadline,
  type LinkProvider,
} from '@pencraft/rules';
import { api, Button, Select, TextField, useSession, type Schemas, errorMessage, useLoad } from '@pencraft/ui';
import { useId, useState } from 'react';
import { FormActions, FormError, Loaded, Panel, Saved } from '../components/parts.js';
import { SettingsFrame } from '../components/SettingsFrame.js';
import { useSettingsTranslation } from '../i18n.js';
import { LIMITS } from '../lib/limits.js';
import { useForm } from '../lib/useForm.js';
import { bioCheck, birthdateCheck, fullnameCheck, headlineCheck, linkCheck, problems } from '../lib/validation.js';

type Profile = Schemas['ProfileSettings'];
type Link = Profile['links'][number];
type Country = Schemas['CountryList']['items'][number];

const FIELDS = ['fullname', 'headline', 'bio', 'birthdate', 'country', 'gender'] as const;
type Field = (typeof FIELDS)[number];
const CODE_FIELDS = {
  InvalidFullname: 'fullname',
  InvalidHeadline: 'headline',
  InvalidBio: 'bio',
  InvalidBirthdate: 'birthdate',
  InvalidCountry: 'country',
  InvalidGender: 'gender',
} as const;

const LINK_FIELDS = ['provider', 'url'] as const;
const LINK_CODE_FIELDS = {
  InvalidLinkProvider: 'provider',
  AlreadyHasLinkProvider: 'provider',
  InvalidLinkUrl: 'url',
} as const;

/** Social links: every provider but the personal site, which has its own block. */
const SOCIAL_PROVIDERS = LINK_PROVIDERS.filter((provider) => provider !== 'website');

function GeneralForm({ profile, countries }: { profile: Profile; countries: readonly Country[] }) {
  const { t } = useSettingsTranslation();
  const id = useId();
  const session = useSession();
  const form = useForm(FIELDS, CODE_FIELDS);
  const [values, setValues] = useState<Record<Field, string>>({
    fullname: profile.fullname,
    headline: profile.headline,
    bio: profile.bio,
    birthdate: profile.birthdate ?? '',
    country: profile.country ?? '',
    gender: profile.gender,
  });
  const [saved, setSaved] = useState<string>();
  const [last, setLast] = useState(values);
  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setSaved(undefined);
    form.clear(field);
  };

  return (
    <Panel id={`${id}-title`} title={t('profile.generalTitle')}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const next = {
            fullname: normalizeFullname(values.fullname),
            headline: normalizeHeadline(values.headline),
            bio: normalizeBio(values.bio),
            birthdate: values.birthdate,
            country: values.country,
            gender: values.gender,
          };
          // Only what changed is sent; an empty value clears a field that may be empty.
          const changed = Object.fromEntries(
            (Object.keys(next) as Field[]).filter((f) => next[f] !== last[f]).map((f) => [f, next[f]]),
          );
          void form
            .submit(
              problems({
                fullname: fullnameCheck(values.fullname),
                headline: headlineCheck(values.headline),
                bio: bioCheck(values.bio),
                birthdate: birthdateCheck(values.birthdate, new Date()),
              }),
              async () => {
                if (Object.keys(changed).length === 0) return;
                await api.patch('/api/me/settings/profile', { body: changed });
              },
            )
            .then((ok) => {
              if (!ok) return;
              setLast(next);
              setValues(next);
              setSaved('saved');
              if (next.fullname !== last.fullname) void session.refresh();
            });
        }}
      >
        <TextField
          label={t('profile.fullname')}
          autoComplete="name"
          value={values.fullname}
          onChange={set('fullname')}
          error={form.errors.fullname}
          required
        />
        <TextField
          label={t('profile.headline')}
          value={values.headline}
          onChange={set('headline')}
          error={form.errors.headline}
          hint={t('profile.headlineHint')}
          counter={t('profile.counter', { count: codePointLength(values.headline), max: HEADLINE_MAX })}
        />
        <TextField
          multiline
          rows={5}
          label={t('profile.bio')}
          value={values.bio}
          onChange={set('bio')}
          error={form.errors.bio}
          hint={t('profile.bioHint', LIMITS)}
          counter={t('profile.counter', { count: codePointLength(values.bio), max: BIO_MAX })}
        />
        <TextField
          label={t('profile.birthdate')}
          type="date"
          autoComplete="bday"
          value={values.birthdate}
          onChange={set('birthdate')}
          error={form.errors.birthdate}
          hint={t('profile.birthdateHint', LIMITS)}
        />
        <Select
          label={t('profile.country')}
          value={values.country}
          placeholder={t('profile.noCountry')}
          options={countries.map((country) => ({ value: country.code, label: country.name }))}
          onChange={set('country')}
          error={form.errors.country}
        />
        <Select
          label={t('profile.gender')}
          value={values.gender}
          options={GENDERS.map((gender) => ({ value: gender, label: t(`profile.genders.${gender}`) }))}
          onChange={set('gender')}
          error={form.errors.gender}
        />
        <FormActions form={form} submitLabel={t('save')}>
          <Saved messageKey={saved} />
        </FormActions>
      </form>
    </Panel>
  );
}

/** A list of links with Remove, and a form that adds one (`providers` decides which may be chosen). */
function LinksEditor({
  title,
  text,
  links,
  providers,
  onChange,
}: {
  title: string;
  text: string;
  links: readonly Link[];
  providers: readonly LinkProvider[];
  onChange: () => void;
}) {
  const { t } = useSettingsTranslation();
  const id = useId();
  const form = useForm(LINK_FIELDS, LINK_CODE_FIELDS);
  const free = providers.filter((provider) => !links.some((link) => link.provider === provider));
  const [provider, setProvider] = useState<string>(free[0] ?? '');
  const [url, setUrl] = useState('');
  const [removing, setRemoving] = useState<string>();
  const [removeError, setRemoveError] = useState<string>();
  const single = providers.length === 1;
  const chosen = free.includes(provider as LinkProvider) ? provider : (free[0] ?? '');

  return (
    <Panel id={`${id}-title`} title={title}>
      <p className="pc-settings__text">{text}</p>
      {links.length > 0 && (
        <ul className="pc-settings__list pc-settings__rows">
          {links.map((link) => {
            const name = t(`profile.providers.${link.provider}`);
            return (
              <li key={link.id} className="pc-settings__row" data-link={link.provider}>
                <div className="pc-settings__row-main">
                  <p className="pc-settings__row-title">{name}</p>
                  <a href={link.url} rel="noopener noreferrer me" target="_blank" className="pc-settings__url">
                    {link.url}
                  </a>
                </div>
                <Button
                  variant="secondary"
                  busy={removing === link.id}
                  disabled={removing !== undefined}
                  aria-label={t('profile.removeLinkNamed', { name })}
                  onClick={() => {
                    setRemoving(link.id);
                    setRemoveError(undefined);
                    api.delete('/api/me/settings/profile/links/{id}', { params: { path: { id: link.id } } }).then(
                      () => {
                        setRemoving(undefined);
                        onChange();
                      },
                      (error: unknown) => {
                        setRemoving(undefined);
                        setRemoveError(errorMessage(error, t('common:dialog.failure')));
                      },
                    );
                  }}
                >
                  {t('profile.removeLink')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <FormError message={removeError} />
      {free.length > 0 && (
        <form
          noValidate
          className="pc-settings__link-form"
          onSubmit={(event) => {
            event.preventDefault();
            void form
              .submit(problems({ url: linkCheck(chosen, url) }), async () => {
                await api.post('/api/me/settings/profile/links', {
                  body: { provider: chosen as LinkProvider, url: url.trim() },
                });
              })
              .then((ok) => {
                if (!ok) return;
                setUrl('');
                onChange();
              });
          }}
        >
          {!single && (
            <Select
              label={t('profile.provider')}
              value={chosen}
              options={free.map((value) => ({ value, label: t(`profile.providers.${value}`) }))}
              onChange={(event) => {
                setProvider(event.target.value);
                form.clear('provider');
              }}
              error={form.errors.provider}
            />
          )}
          <TextField
            label={single ? t('profile.siteUrl') : t('profile.linkUrl')}
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://"
            value={url}
            onChange={(event) => {
              setUrl(event.target.value);
              form.clear('url');
            }}
            error={form.errors.url ?? (single ? form.errors.provider : undefined)}
            hint={t('profile.linkHint', LIMITS)}
            required
          />
          <FormError message={form.formError} />
          <div className="pc-settings__actions">
            <Button type="submit" variant="secondary" busy={form.busy}>
              {single ? t('profile.addSite') : t('profile.addLink')}
            </Button>
          </div>
        </form>
      )}
    </Panel>
  );
}

/** /settings/profile: the general profile fields, the social links and the personal site. */
export default function ProfilePage() {
  const { t, i18n } = useSettingsTranslation();
  const language = i18n.language;
  const data = useLoad(
    async (signal) => {
      const [profile, countries] = await Promise.all([
        api.get('/api/me/settings/profile', { signal }),
        api.get('/api/ttin/country', { signal }),
      ]);
      return { profile, countries: countries.items };
    },
    [language],
    t('common:dialog.failure'),
  );

  return (
    <SettingsFrame title={t('sections.profile.title')}>
      {() => (
        <Loaded state={data.state} onRetry={data.reload}>
          {({ profile, countries }) => (
            <>
              <GeneralForm profile={profile} countries={countries} />
              <LinksEditor
                title={t('profile.linksTitle')}
                text={t('profile.linksText')}
                links={profile.links.filter((link) => link.provider !== 'website')}
                providers={SOCIAL_PROVIDERS}
                onChange={data.reload}
              />
              <LinksEditor
                title={t('profile.siteTitle')}
                text={t('profile.siteText')}
                links={profile.links.filter((link) => link.provider === 'website')}
                providers={['website']}
                onChange={data.reload}
              />
            </>
          )}
        </Loaded>
      )}
    </SettingsFrame>
  );
}
