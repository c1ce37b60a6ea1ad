import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { toast } from '../../app/services';
import { commandBus } from './commandBus';
import { commandMachine } from './commandMachine';
import { deviceActions } from './queries';

/** One control's command workflow: send a value (queued for an offline vessel when asked), follow it to its final state. */
export function useCommand(vesselId: number, propertyId: number, actionLabel: string) {
  const actor = useActorRef(
    commandMachine.provide({
      actors: {
        sendCommand: fromPromise(({ input }) =>
          deviceActions.sendCommand(input.vesselId, {
            deviceProperty: input.propertyId,
            value: input.value,
            requestId: input.requestId,
            queueForSeconds: input.queueForSeconds,
          }),
        ),
      },
      actions: {
        notifyFailed: (_, { statusCode }) => toast.actionFailed(actionLabel, statusCode),
      },
    }),
    { input: { vesselId, propertyId } },
  );
  const requestId = useSelector(actor, (state) => state.context.requestId);

  useEffect(() => {
    if (!requestId) return;
    return commandBus.subscribe(requestId, (status) => actor.send({ type: 'COMMAND.STATUS', status }));
  }, [actor, requestId]);

  const pending = useSelector(actor, (state) => state.hasTag('pending'));
  const queued = useSelector(actor, (state) => state.hasTag('queued'));
  const done = useSelector(actor, (state) => state.hasTag('done'));
  const ended = useSelector(actor, (state) => state.hasTag('ended'));
  const commandState = useSelector(actor, (state) => state.context.commandState);
  const message = useSelector(actor, (state) => state.context.message);
  const expiresAt = useSelector(actor, (state) => state.context.expiresAt);
  const requestedValue = useSelector(actor, (state) => state.context.requestedValue);

  return {
    pending,
    queued,
    done,
    ended,
    commandState,
    message,
    expiresAt,
    requestedValue,
    send: (value: unknown, queueForSeconds?: number) => actor.send({ type: 'SEND', value, queueForSeconds }),
    acknowledge: () => actor.send({ type: 'ACKNOWLEDGE' }),
  };
}

export type Command = ReturnType<typeof useCommand>;
