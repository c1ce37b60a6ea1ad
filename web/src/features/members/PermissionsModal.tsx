import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { reportActionFailure } from '../../app/failures';
import { Modal } from '../modal/Modal';
import { vesselKeys } from '../vessels/queries';
import { NO_PERMISSIONS, type PermissionSet } from '../vessels/types';
import { PermissionTable } from './PermissionTable';
import { samePermissions } from './permissionFields';
import { accessActions } from './queries';
import { memberName, type Member } from './types';
import './members.css';

interface PermissionsDialogProps {
  vesselId: number;
  title: string;
  initial: PermissionSet;
  saveLabel: string;
  /** The toast once saved. */
  saved: string;
  /** What failed, for the error toast ("Saving the permissions"). */
  action: string;
  save: (permissions: PermissionSet) => Promise<unknown>;
  onClose: () => void;
}

/** Chooses a permission set and saves it; the Users tab's lists are refreshed afterwards. */
export function PermissionsDialog({ vesselId, title, initial, saveLabel, saved, action, save: send, onClose }: PermissionsDialogProps) {
  const { t } = useTranslation('members');
  const queryClient = useQueryClient();
  const [permissions, setPermissions] = useState<PermissionSet>(initial);
  const [open, setOpen] = useState(true);
  const save = useMutation({
    mutationFn: () => send(permissions),
    onSuccess: () => {
      toast.success(saved);
      void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'directory') });
      void queryClient.invalidateQueries({ queryKey: vesselKeys.section(vesselId, 'accessRequests') });
      setOpen(false);
    },
    onError: (error) => reportActionFailure(action, error),
  });

  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      dirty={!samePermissions(initial, permissions) && !save.isSuccess}
      footer={
        <button type="button" className="button button--primary" disabled={save.isPending} onClick={() => save.mutate()}>
          {save.isPending ? t('dialog.saving') : saveLabel}
        </button>
      }
    >
      <PermissionTable permissions={permissions} onChange={setPermissions} />
    </Modal>
  );
}

export function PermissionsModal({ vesselId, member, onClose }: { vesselId: number; member: Member; onClose: () => void }) {
  const { t } = useTranslation('members');
  return (
    <PermissionsDialog
      vesselId={vesselId}
      title={t('dialog.permissionsOf', { name: memberName(member) })}
      initial={{ ...NO_PERMISSIONS, ...member.permissions }}
      saveLabel={t('dialog.save')}
      saved={t('dialog.saved')}
      action={t('dialog.savingPermissions')}
      save={(permissions) => accessActions.editPermissions(vesselId, member, permissions)}
      onClose={onClose}
    />
  );
}
