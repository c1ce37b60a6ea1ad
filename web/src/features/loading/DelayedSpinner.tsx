import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { loadingIndicatorMachine } from './loadingIndicatorMachine';

/**
 * A spinner for loading that is usually quick: it appears only after 1 s and then stays at
 * least 1 s (spec 4).
 */
export function useDelayedIndicator(loading: boolean): boolean {
  const actor = useActorRef(loadingIndicatorMachine);
  useEffect(() => {
    actor.send({ type: loading ? 'LOADING.START' : 'LOADING.DONE' });
  }, [actor, loading]);
  return useSelector(actor, (state) => state.hasTag('indicatorVisible'));
}

export function DelayedSpinner({ loading, label }: { loading: boolean; label: string }) {
  const visible = useDelayedIndicator(loading);
  if (!visible) return null;
  return (
    <div className="inline-loading" role="status">
      <span className="spinner spinner--small" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
