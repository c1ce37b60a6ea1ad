/** A vessel alert, raised and cleared by the bridge's Signal K notifications (docs/protocol.md). */

export const ALERT_STATES = ['normal', 'alert', 'warn', 'alarm', 'emergency'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

export interface Alert {
  id: number;
  path: string;
  state: AlertState;
  message: string;
  raisedAt: string;
  clearedAt: string | null;
  acknowledgedAt: string | null;
  silenced: boolean;
}
