import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { toast } from '../../app/services';
import { commandBus } from './commandBus';
import { commandMachine } from './commandMachine';
import { deviceActions } from './queries';

/** One control's command workflow: send a value, follow it to done or failed. */
export function useCommand(vesselId: string, propertyId: string, actionLabel: string) {
  const actor = useActorRef(
    commandMachine.provide({
      actors: {
        sendCommand: fromPromise(({ input }) => deviceActions.sendCommand(input.vesselId, input.propertyId, input.value)),
      },
      actions: {
        notifyFailed: (_, { statusCode }) => toast.actionFailed(actionLabel, statusCode),
      },
    }),
    { input: { vesselId, propertyId } },
  );

  useEffect(
    () => commandBus.subscribe(vesselId, propertyId, (command) => actor.send({ type: 'LIVE.COMMAND', command })),
    [actor, vesselId, propertyId],
  );

  const pending = useSelector(actor, (state) => state.hasTag('pending'));
  const done = useSelector(actor, (state) => state.hasTag('done'));
  const failed = useSelector(actor, (state) => state.hasTag('failed'));
  const message = useSelector(actor, (state) => state.context.message);
  const requestedValue = useSelector(actor, (state) => state.context.requestedValue);

  return {
    pending,
    done,
    failed,
    message,
    requestedValue,
    send: (value: unknown) => actor.send({ type: 'SEND', value }),
    acknowledge: () => actor.send({ type: 'ACKNOWLEDGE' }),
  };
}

export type Command = ReturnType<typeof useCommand>;
