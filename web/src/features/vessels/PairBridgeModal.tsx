import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../app/services';
import { failureMessage } from '../../lib/failureMessage';
import { TextField } from '../forms/Field';
import { Modal } from '../modal/Modal';
import { isCompletePairingCode, normalisePairingCode } from './pairing';
import { vesselActions, vesselKeys } from './queries';

export function PairBridgeModal({ vesselId, onClose }: { vesselId: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(true);
  const [code, setCode] = useState('');
  const pair = useMutation({
    mutationFn: (pairingCode: string) => vesselActions.pair(vesselId, pairingCode),
    onSuccess: () => {
      toast.success('Bridge paired');
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
    <Modal open={open} title="Pair a bridge" onClose={onClose} dirty={code.length > 0 && !pair.isSuccess}>
      <form className="form" onSubmit={submit}>
        <p>Enter the pairing code printed on the bridge to connect it to this vessel.</p>
        <TextField
          label="Pairing code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={12}
          hint="8 characters, for example K7PQ-3XWD."
          required
        />
        {pair.isError ? (
          <p className="form-error" role="alert">
            {failureMessage(pair.error, 'The bridge could not be paired.')}
          </p>
        ) : null}
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={!isCompletePairingCode(normalised) || pair.isPending}>
            {pair.isPending ? 'Pairing…' : 'Pair'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
