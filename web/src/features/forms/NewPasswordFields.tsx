import type { ChangeEvent } from 'react';
import { TextField } from './Field';
import { PASSWORD_HINT } from '../../../../contracts/passwords';

type Change = (event: ChangeEvent<HTMLInputElement>) => void;

/**
 * A new password and its confirmation, as every form that sets one asks for them; the problem
 * found by `newPasswordError` shows under the confirmation.
 */
export function NewPasswordFields({
  labels = ['New password', 'Confirm new password'],
  password,
  confirmation,
  onPassword,
  onConfirmation,
  problem,
}: {
  labels?: readonly [string, string];
  password: string;
  confirmation: string;
  onPassword: Change;
  onConfirmation: Change;
  problem: string | null;
}) {
  return (
    <>
      <TextField label={labels[0]} type="password" required autoComplete="new-password" value={password} onChange={onPassword} hint={PASSWORD_HINT} />
      <TextField label={labels[1]} type="password" required autoComplete="new-password" value={confirmation} onChange={onConfirmation} error={problem} />
    </>
  );
}
