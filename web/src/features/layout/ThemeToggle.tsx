import { theme, useTheme } from '../theme/theme';
import { Icon } from '../icons/Icon';

export function ThemeToggle({ onToggle }: { onToggle?: (next: 'light' | 'dark') => void }) {
  const current = useTheme();
  const next = current === 'light' ? 'dark' : 'light';
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      onClick={() => {
        theme.toggle();
        onToggle?.(next);
      }}
    >
      <Icon name={current === 'light' ? 'moon' : 'sun'} />
    </button>
  );
}
