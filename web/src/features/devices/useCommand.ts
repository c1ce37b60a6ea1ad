import { useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { toast } from '../../app/services';
import { commandMachine, commandView, settledEvent } from './commandMachine';
import { deviceQueries, sendCommandMutation } from './queries';

/**
 * One control's command: send a value (queued for an offline vessel when asked) through the send
 * mutation, and follow that command's entry in the Query cache, which the POST's answer and the
 * live stream's `command` events write, to its final state.
 */
export function useCommand(vesselId: number, propertyId: number, actionLabel: string) {
  const sending = useMutation(sendCommandMutation());
  const { mutate } = sending;
  const actor = useActorRef(
    commandMachine.provide({
      actions: {
        sendCommand: (_, input) => mutate(input),
        notifyFailed: (_, { statusCode }) => toast.actionFailed(actionLabel, statusCode),
      },
    }),
    { input: { vesselId, propertyId } },
  );
  const following = useSelector(actor, (state) => !state.matches('idle'));
  const requestId = useSelector(actor, (state) => state.context.requestId);
  const requestedValue = useSelector(actor, (state) => state.context.requestedValue);

  const sent = following && requestId !== null && sending.variables?.requestId === requestId;
  // Read from the server only once the POST has answered (the command exists there); until then the entry is only written.
  const status = useQuery({ ...deviceQueries.command(vesselId, requestId ?? ''), enabled: sent && sending.isSuccess }).data;
  const view = commandView(following && requestId !== null, status, sent ? sending.error : null);

  // Once the command settles, the machine shows the confirmation for a moment or keeps the reason until dismissed.
  const settled = settledEvent(requestId, view);
  useEffect(() => {
    if (settled) actor.send(settled);
  }, [actor, settled?.requestId, settled?.outcome]);

  return {
    ...view,
    requestedValue,
    send: (value: unknown, queueForSeconds?: number) => {
      if (!view.pending) actor.send({ type: 'SEND', value, queueForSeconds });
    },
    acknowledge: () => actor.send({ type: 'ACKNOWLEDGE' }),
  };
}

export type Command = ReturnType<typeof useCommand>;
