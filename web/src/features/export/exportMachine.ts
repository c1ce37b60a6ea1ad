import { assign, fromCallback, setup } from 'xstate';
import type { Downloaded } from '../../lib/api';

export type ExportEvent =
  { type: 'START' } | { type: 'CANCEL' } | { type: 'PROGRESS'; received: number } | { type: 'DONE'; file: Downloaded } | { type: 'FAILED'; error: unknown };

interface ExportContext {
  received: number;
  error: unknown;
}

/**
 * "Download everything" (docs/api.md, "Export"): the archive is fetched and read as it comes,
 * the bytes so far counted; once whole it is handed to `save`. The download actor is provided by
 * the component (the vessel's path); cancelling aborts it.
 */
export const exportMachine = setup({
  types: {
    context: {} as ExportContext,
    events: {} as ExportEvent,
  },
  actors: {
    download: fromCallback<ExportEvent>(() => () => {}),
  },
  actions: {
    save: (_, _file: Downloaded) => {},
  },
}).createMachine({
  id: 'export',
  context: { received: 0, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { START: { target: 'downloading', actions: assign({ received: 0, error: null }) } },
    },
    downloading: {
      tags: ['busy'],
      invoke: { src: 'download' },
      on: {
        PROGRESS: { actions: assign({ received: ({ event }) => event.received }) },
        DONE: { target: 'done', actions: { type: 'save', params: ({ event }) => event.file } },
        FAILED: { target: 'failed', actions: assign({ error: ({ event }) => event.error }) },
        CANCEL: { target: 'idle' },
      },
    },
    done: {
      on: { START: { target: 'downloading', actions: assign({ received: 0, error: null }) } },
    },
    failed: {
      tags: ['failed'],
      on: { START: { target: 'downloading', actions: assign({ received: 0, error: null }) } },
    },
  },
});
