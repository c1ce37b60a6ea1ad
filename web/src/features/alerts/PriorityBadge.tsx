import { Icon, type IconName } from '../icons/Icon';
import { PRIORITY_LABELS, type AlertPriority } from './types';
import './alerts.css';

/** Each priority has its own shape as well as its colour, so it reads without colour too. */
export const PRIORITY_ICONS: Record<AlertPriority, IconName> = { emergency: 'emergency', alarm: 'bell', warning: 'warning', caution: 'caution' };

export function PriorityBadge({ priority }: { priority: AlertPriority }) {
  return (
    <span className={`priority priority--${priority}`}>
      <Icon name={PRIORITY_ICONS[priority]} size={16} />
      {PRIORITY_LABELS[priority]}
    </span>
  );
}
