import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../app/services';
import { failureMessage } from '../../lib/failureMessage';
import { TextField } from '../forms/Field';
import { Modal } from '../modal/Modal';
import { isCompletePairingCode, normalisePairingCode } from './pairing';
import { vesselActions, vesselKeys } from './queries';

export function PairBridgeModal({ vesselId, onClose }: { vesselId: number; onClose: () => void }) {
  const { t } = useTranslation('vessels');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(true);
  const [code, setCode] = useState('');
  const pair = useMutation({
    mutationFn: (pairingCode: string) => vesselActions.pair(vesselId, pairingCode),
    onSuccess: () => {
      toast.success(t('pair.done'));
      void queryClient.invalidateQueries({ queryKey: vesselKeys.detail(vesselId) });
      void queryClient.invalidateQueries({ queryKey: vesselKeys.all, exact: true });
      setOpen(false);
    },
  });
  const normalised = normalisePairingCode(code);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isCompletePairingCode(normalised)) pair.mutate(normalised);
  };

  return (
    <Modal open={open} title={t('pair.title')} onClose={onClose} dirty={code.length > 0 && !pair.isSuccess}>
      <form className="form" onSubmit={submit}>
        <p>{t('pair.text')}</p>
        <TextField
          label={t('pair.code')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={12}
          hint={t('pair.hint')}
          required
        />
        {pair.isError ? (
          <p className="form-error" role="alert">
            {failureMessage(pair.error, t('pair.failed'))}
          </p>
        ) : null}
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={!isCompletePairingCode(normalised) || pair.isPending}>
            {pair.isPending ? t('pair.pairing') : t('pair.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
