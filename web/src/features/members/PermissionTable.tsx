import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import type { Level, PermissionSet } from '../vessels/types';
import { FLAG_FIELDS, LEVEL_FIELDS, PERMISSION_LEVELS } from './permissionFields';
import './members.css';

/** The per-area levels and the booleans of a permission set, as radio buttons and checkboxes. */
export function PermissionTable({ permissions, onChange }: { permissions: PermissionSet; onChange: Dispatch<SetStateAction<PermissionSet>> }) {
  const { t } = useTranslation('members');
  return (
    <>
      <table className="permission-table">
        <thead>
          <tr>
            <th scope="col">{t('table.area')}</th>
            {PERMISSION_LEVELS.map((level) => (
              <th key={level} scope="col">
                {t(`table.level.${level}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {LEVEL_FIELDS.map(({ key, label }) => (
            <tr key={key}>
              <th scope="row">{label}</th>
              {PERMISSION_LEVELS.map((level: Level) => (
                <td key={level}>
                  <input
                    type="radio"
                    name={key}
                    aria-label={t(`table.choice.${level}`, { area: label })}
                    checked={permissions[key] === level}
                    onChange={() => onChange((current) => ({ ...current, [key]: level }))}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <fieldset className="checkbox-list">
        <legend>{t('table.alsoAllowed')}</legend>
        {FLAG_FIELDS.map(({ key, label }) => (
          <label key={key} className="checkbox">
            <input type="checkbox" checked={permissions[key]} onChange={(event) => onChange((current) => ({ ...current, [key]: event.target.checked }))} />
            {label}
          </label>
        ))}
      </fieldset>
    </>
  );
}
