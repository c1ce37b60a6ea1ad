import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { Modal } from '../modal/Modal';
import { vesselKeys } from '../vessels/queries';
import { NO_PERMISSIONS, type Level, type PermissionSet } from '../vessels/types';
import { FLAG_FIELDS, LEVEL_FIELDS, PERMISSION_LEVELS, samePermissions } from './permissionFields';
import { accessActions } from './queries';
import { memberName, type Member } from './types';
import './members.css';

export function PermissionsModal({ vesselId, member, onClose }: { vesselId: number; member: Member; onClose: () => void }) {
  const queryClient = useQueryClient();
  const initial = { ...NO_PERMISSIONS, ...member.permissions };
  const [permissions, setPermissions] = useState<PermissionSet>(initial);
  const [open, setOpen] = useState(true);
  const save = useMutation({
    mutationFn: () => accessActions.editPermissions(vesselId, member, permissions),
    onSuccess: () => {
      toast.success('Permissions saved');
      void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'directory') });
      setOpen(false);
    },
    onError: (error) => reportActionFailure('Saving the permissions', error),
  });
  const name = memberName(member);

  return (
    <Modal
      open={open}
      title={`Permissions of ${name}`}
      onClose={onClose}
      dirty={!samePermissions(initial, permissions) && !save.isSuccess}
      footer={
        <button type="button" className="button button--primary" disabled={save.isPending} onClick={() => save.mutate()}>
          {save.isPending ? 'Saving…' : 'Save'}
        </button>
      }
    >
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
                    onChange={() => setPermissions((current) => ({ ...current, [key]: level }))}
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
            <input
              type="checkbox"
              checked={permissions[key]}
              onChange={(event) => setPermissions((current) => ({ ...current, [key]: event.target.checked }))}
            />
            {label}
          </label>
        ))}
      </fieldset>
    </Modal>
  );
}
