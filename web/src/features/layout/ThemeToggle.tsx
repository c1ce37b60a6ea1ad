import { useTranslation } from 'react-i18next';
import { theme, useTheme } from '../theme/theme';
import { Icon } from '../icons/Icon';

export function ThemeToggle({ onToggle }: { onToggle?: (next: 'light' | 'dark') => void }) {
  const { t } = useTranslation('layout');
  const current = useTheme();
  const next = current === 'light' ? 'dark' : 'light';
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={t(`theme.switchTo.${next}`)}
      title={t(`theme.switchTo.${next}`)}
      onClick={() => {
        theme.toggle();
        onToggle?.(next);
      }}
    >
      <Icon name={current === 'light' ? 'moon' : 'sun'} />
    </button>
  );
}
