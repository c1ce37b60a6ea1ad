import { assign, setup } from 'xstate';

/** The indicator appears only when loading lasts longer than this (spec 9)… */
export const INDICATOR_DELAY_MS = 1000;
/** …and, once shown, stays at least this long so it does not flash. */
export const INDICATOR_MIN_VISIBLE_MS = 1000;

export type LoadingIndicatorEvent = { type: 'LOADING.START' } | { type: 'LOADING.DONE' };

/**
 * The delayed loading indicator for settings and vessel sections ("forced loading" in the
 * spec): quick loads never show a spinner, slow ones show it for at least a second.
 */
export const loadingIndicatorMachine = setup({
  types: {
    context: {} as { finished: boolean },
    events: {} as LoadingIndicatorEvent,
  },
  delays: {
    indicatorDelay: INDICATOR_DELAY_MS,
    minimumVisible: INDICATOR_MIN_VISIBLE_MS,
  },
  guards: {
    hasFinished: ({ context }) => context.finished,
  },
}).createMachine({
  id: 'loadingIndicator',
  context: { finished: false },
  initial: 'idle',
  states: {
    idle: {
      on: { 'LOADING.START': 'waiting' },
    },
    waiting: {
      after: { indicatorDelay: 'shown' },
      on: { 'LOADING.DONE': 'idle' },
    },
    shown: {
      tags: ['indicatorVisible'],
      entry: assign({ finished: false }),
      on: { 'LOADING.START': { actions: assign({ finished: false }) } },
      initial: 'holding',
      states: {
        holding: {
          after: {
            minimumVisible: [{ guard: 'hasFinished', target: '#loadingIndicator.idle' }, { target: 'released' }],
          },
          on: { 'LOADING.DONE': { actions: assign({ finished: true }) } },
        },
        released: {
          on: { 'LOADING.DONE': '#loadingIndicator.idle' },
        },
      },
    },
  },
});
