import type { Dispatch, SetStateAction } from 'react';
import type { Level, PermissionSet } from '../vessels/types';
import { FLAG_FIELDS, LEVEL_FIELDS, PERMISSION_LEVELS } from './permissionFields';
import './members.css';

/** The per-area levels and the booleans of a permission set, as radio buttons and checkboxes. */
export function PermissionTable({ permissions, onChange }: { permissions: PermissionSet; onChange: Dispatch<SetStateAction<PermissionSet>> }) {
  return (
    <>
      <table className="permission-table">
        <thead>
          <tr>
            <th scope="col">Area</th>
            {PERMISSION_LEVELS.map((level) => (
              <th key={level} scope="col">
                {level === 'DENY' ? 'None' : level === 'VIEW' ? 'View' : 'Manage'}
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
                    aria-label={`${label}: ${level.toLowerCase()}`}
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
        <legend>Also allowed</legend>
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
