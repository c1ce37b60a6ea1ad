import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { COMMAND_STATES, isFinalCommandState } from '../../../../contracts/live';
import { api } from '../../lib/api';
import { vesselKeys, vesselPath } from '../vessels/queries';
import type { Bus, BusDescription, BusProperty, CommandRequest, CommandState, CommandStatus, Device, HistoryBucket } from './types';

/** Identical simple-device reads within 9 s are answered from the cache (spec 7). */
export const SIMPLE_DEVICE_DEDUPE_MS = 9000;

export const deviceQueries = {
  list: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'devices'),
      queryFn: () => api.get<Device[]>(vesselPath(vesselId, 'devices')),
      // The live stream keeps the values current while the vessel is open.
      staleTime: 60_000,
    }),
  buses: (vesselId: number) =>
    queryOptions({
      queryKey: vesselKeys.section(vesselId, 'busList'),
      queryFn: () => api.get<Bus[]>(vesselPath(vesselId, 'busList')),
    }),
  busProperties: (vesselId: number, bus: string) =>
    queryOptions({
      queryKey: [...vesselKeys.section(vesselId, 'busProperties'), bus] as const,
      queryFn: () => api.get<BusProperty[]>('devices/busProperties', { query: { vesselId, bus } }),
    }),
  /** The platform's bus names: they change with a release, not while the app runs. */
  busCatalogue: () =>
    queryOptions({
      queryKey: ['buses'] as const,
      queryFn: () => api.get<BusDescription[]>('dataUtils', { query: { action: 'getAllBuses' } }),
      staleTime: Infinity,
    }),
  /** A property's history in at most `buckets` buckets: a chart asks for about one per pixel of its width. */
  history: (vesselId: number, propertyId: number, dateFrom: string, dateTo: string, buckets: number) =>
    queryOptions({
      queryKey: [...vesselKeys.section(vesselId, 'history'), propertyId, { dateFrom, dateTo, buckets }] as const,
      queryFn: () => api.get<HistoryBucket[]>('simpleDevices/values', { query: { propertyId, dateFrom, dateTo, buckets } }),
      staleTime: SIMPLE_DEVICE_DEDUPE_MS,
    }),
  /**
   * Where one command stands (GET vessel/{id}/commands/{requestId}). The POST's answer and the
   * live stream's `command` events write this entry (writeCommandStatus); it is read from the
   * server only when the cache may have missed an event (the stream's `hello`).
   */
  command: (vesselId: number, requestId: string) =>
    queryOptions({
      queryKey: commandKey(vesselId, requestId),
      queryFn: async ({ client }) =>
        mergeCommandStatus(
          client.getQueryData<CommandStatus>(commandKey(vesselId, requestId)),
          await api.get<CommandStatus>(vesselPath(vesselId, `commands/${encodeURIComponent(requestId)}`)),
        ),
      staleTime: Infinity,
    }),
};

/** A command's entry: ['vessels', id, 'commands', requestId]. */
export const commandKey = (vesselId: number, requestId: string) => [...vesselKeys.section(vesselId, 'commands'), requestId] as const;

/** A server state that is not in the contract counts as a failure. */
export function commandStateOf(raw: string): CommandState {
  return COMMAND_STATES.find((state) => state === raw) ?? 'FAILED';
}

/** How far a command has got: queued, then sent, acknowledged, then a final state. */
const progress = (state: CommandState) => (isFinalCommandState(state) ? 3 : state === 'ACKNOWLEDGED' ? 2 : state === 'SENT' ? 1 : 0);

/**
 * A command's states only move forward: the HTTP answer, the live events and a read may arrive
 * in any order, and a final state is never replaced.
 */
export function mergeCommandStatus(current: CommandStatus | undefined, incoming: CommandStatus): CommandStatus {
  if (!current) return incoming;
  if (isFinalCommandState(current.state) || progress(incoming.state) < progress(current.state)) return current;
  return incoming;
}

/** Records a state of a command in its cache entry (the POST's answer, a live `command` event). */
export function writeCommandStatus(queryClient: QueryClient, vesselId: number, status: CommandStatus): void {
  queryClient.setQueryData<CommandStatus>(commandKey(vesselId, status.requestId), (current) => mergeCommandStatus(current, status));
}

/** What sending a command is given: the control names the command itself, so every channel can report it. */
export interface SendCommandInput {
  vesselId: number;
  propertyId: number;
  requestId: string;
  value: unknown;
  /** The vessel is offline and the user chose to let the command wait for it this long. */
  queueForSeconds?: number;
}

/** Sending a command (POST sendCommand): its answer is the command's first state, written to the command's entry. */
export const sendCommandMutation = () =>
  mutationOptions({
    mutationFn: (input: SendCommandInput) =>
      deviceActions.sendCommand(input.vesselId, {
        deviceProperty: input.propertyId,
        value: input.value,
        requestId: input.requestId,
        queueForSeconds: input.queueForSeconds,
      }),
    onSuccess: (answer: Pick<CommandStatus, 'state' | 'statusCode'> & Partial<CommandStatus>, input, _onMutate, { client }) =>
      writeCommandStatus(client, input.vesselId, {
        ...answer,
        // The answer is this command's by construction.
        requestId: input.requestId,
        propertyId: answer.propertyId ?? input.propertyId,
        value: answer.value ?? input.value,
        updatedAt: answer.updatedAt ?? new Date().toISOString(),
        state: commandStateOf(answer.state),
        expiresAt: answer.expiresAt ?? null,
      }),
  });

export const deviceActions = {
  sendCommand: (vesselId: number, command: CommandRequest) => api.post<CommandStatus>(vesselPath(vesselId, 'sendCommand'), command),
};
