import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { shippedLanguageOf } from '../../i18n';
import { utilityQueries } from '../utility/queries';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { TextField } from '../forms/Field';
import { CountryLanguageFields } from '../utility/CountryLanguageFields';
import { useFixedLink } from '../links/useLink';
import { DeleteProfile } from './DeleteProfile';
import { profileActions, profileKeys, profileQueries } from './queries';
import type { Profile } from './types';
import './profile.css';

function formOf(profile: Profile) {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: profile.phone ?? '',
    countryCode: profile.countryCode ?? '',
    languageCode: profile.languageCode ?? '',
  };
}

/**
 * The administrators may list a language the product has no catalogues for yet: it can be
 * chosen, and the app, the e-mails and the notifications stay in English, which this says.
 */
function UntranslatedLanguage({ languageCode }: { languageCode: string }) {
  const { t } = useTranslation('profile');
  const languages = useQuery(utilityQueries.languages());
  if (!languageCode || shippedLanguageOf(languageCode)) return null;
  const name = languages.data?.find((language) => language.code === languageCode)?.name ?? languageCode;
  return (
    <p className="muted" role="note" data-testid="untranslated-language">
      {t('language.untranslated', { language: name })}
    </p>
  );
}

export function ProfileDetails() {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const { data: profile } = useSuspenseQuery(profileQueries.details());
  const [form, setForm] = useState(() => formOf(profile));
  const fileInput = useRef<HTMLInputElement>(null);
  const dirty = JSON.stringify(form) !== JSON.stringify(formOf(profile));

  const save = useMutation({
    mutationFn: () =>
      profileActions.edit({
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        phone: form.phone.trim() || null,
        countryCode: form.countryCode || null,
        languageCode: form.languageCode || null,
      }),
    onSuccess: (updated) => {
      queryClient.setQueryData(profileKeys.details, updated);
      setForm(formOf(updated));
      toast.success(t('details.saved'));
    },
    onError: (error) => reportActionFailure(t('details.saving'), error),
  });
  const upload = useMutation({
    mutationFn: profileActions.uploadImage,
    onSuccess: ({ imageUrl }) => {
      const updated = { ...profile, imageUrl };
      queryClient.setQueryData(profileKeys.details, updated);
      toast.success(t('image.updated'));
    },
    onError: (error) => reportActionFailure(t('image.uploading'), error),
  });

  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  const image = useFixedLink(profile.imageUrl);

  return (
    <div className="settings-grid">
      <section className="card profile-image" aria-labelledby="image-title">
        <h2 id="image-title">{t('image.title')}</h2>
        <div className="avatar avatar--large" aria-hidden={!image}>
          {image ? <img src={image} alt={t('image.alt')} /> : `${profile.firstName[0] ?? ''}${profile.lastName[0] ?? ''}`}
        </div>
        <label className="button" htmlFor="profile-image-file">
          {upload.isPending ? t('image.uploadingNow') : t('image.choose')}
        </label>
        <input
          id="profile-image-file"
          ref={fileInput}
          className="visually-hidden"
          type="file"
          accept="image/*"
          disabled={upload.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) upload.mutate(file);
            event.target.value = '';
          }}
        />
      </section>
      <form className="card form" onSubmit={submit} aria-labelledby="details-title">
        <h2 id="details-title">{t('details.title')}</h2>
        <TextField label={t('details.email')} value={profile.email} disabled hint={t('details.emailHint')} />
        <div className="form__row">
          <TextField label={t('details.firstName')} required value={form.firstName} onChange={set('firstName')} autoComplete="given-name" />
          <TextField label={t('details.lastName')} required value={form.lastName} onChange={set('lastName')} autoComplete="family-name" />
        </div>
        <TextField label={t('details.phone')} type="tel" value={form.phone} onChange={set('phone')} autoComplete="tel" />
        <CountryLanguageFields
          countryCode={form.countryCode}
          languageCode={form.languageCode}
          onCountryChange={set('countryCode')}
          onLanguageChange={set('languageCode')}
        />
        <UntranslatedLanguage languageCode={form.languageCode} />
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={!dirty || save.isPending}>
            {save.isPending ? t('saving') : t('details.save')}
          </button>
        </div>
      </form>
      <DeleteProfile userId={profile.id} email={profile.email} />
    </div>
  );
}
