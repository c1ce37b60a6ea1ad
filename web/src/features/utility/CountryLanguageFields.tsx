import type { ChangeEventHandler } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../forms/Field';
import { utilityQueries } from './queries';

interface CountryLanguageFieldsProps {
  countryCode: string;
  languageCode: string;
  onCountryChange: ChangeEventHandler<HTMLSelectElement>;
  onLanguageChange: ChangeEventHandler<HTMLSelectElement>;
}

/** The country and language pickers that registration and the profile share. */
export function CountryLanguageFields({ countryCode, languageCode, onCountryChange, onLanguageChange }: CountryLanguageFieldsProps) {
  const { t } = useTranslation('utility');
  const countries = useQuery(utilityQueries.countries());
  const languages = useQuery(utilityQueries.languages());
  return (
    <div className="form__row">
      <SelectField
        label={t('fields.country')}
        placeholder={t('fields.choose')}
        value={countryCode}
        onChange={onCountryChange}
        options={(countries.data ?? []).map((country) => ({ value: country.code, label: country.name }))}
      />
      <SelectField
        label={t('fields.language')}
        placeholder={t('fields.choose')}
        value={languageCode}
        onChange={onLanguageChange}
        options={(languages.data ?? []).map((language) => ({ value: language.code, label: language.name }))}
      />
    </div>
  );
}
