import type { ActorRefFrom } from 'xstate';
import { actionFailedText } from '../../lib/errorReport';
import type { ToastContent } from './toastMachine';
import type { toasterMachine } from './toasterMachine';

let nextToastId = 0;

/** The imperative toast API components use: `toast.success('Saved')`. */
export function createToastApi(toaster: ActorRefFrom<typeof toasterMachine>) {
  const show = (content: ToastContent) => {
    const id = String(++nextToastId);
    toaster.send({ type: 'TOAST.SHOW', id, content });
    return id;
  };
  return {
    blank: (message: string) => show({ type: 'blank', message }),
    success: (message: string) => show({ type: 'success', message }),
    error: (message: string) => show({ type: 'error', message }),
    /** Stays until `update` turns it into a success or error toast. */
    loading: (message: string) => show({ type: 'loading', message }),
    update: (id: string, content: ToastContent) => toaster.send({ type: 'TOAST.UPDATE', id, content }),
    dismiss: (id: string) => toaster.send({ type: 'TOAST.DISMISS', id }),
    /** "{action} has failed with status code {status}" (spec 8). */
    actionFailed: (action: string, status: number | null) => show({ type: 'error', message: actionFailedText(action, status) }),
  };
}
