/**
 * The app's few icons as inline SVG (24 × 24, stroked with the text colour), so they render
 * the same everywhere, without an icon font or emoji.
 */
const PATHS = {
  boat: 'M3 17h18l-2.5 4h-13zM12 3v12M12 4l6 9h-6M11 6l-5 7h5',
  chart: 'M3 3v18h18M7 15l4-5 4 3 5-7',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 21h4',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  warning: 'M12 3l10 18H2zM12 10v5M12 18v.5',
  offline: 'M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M12 19v.5M3 3l18 18',
  info: 'M12 2a10 10 0 1 1 0 20a10 10 0 0 1 0-20M12 11v6M12 7v.5',
  menu: 'M3 6h18M3 12h18M3 18h18',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  sun: 'M12 7a5 5 0 1 1 0 10a5 5 0 0 1 0-10M12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4',
  moon: 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8',
  close: 'M6 6l12 12M18 6L6 18',
  check: 'M4 12l5 5L20 6',
  back: 'M15 5l-7 7 7 7',
  emergency: 'M8 2h8l6 6v8l-6 6H8l-6-6V8zM12 7v6M12 16.5v.5',
  caution: 'M12 2a10 10 0 1 1 0 20a10 10 0 0 1 0-20M12 7v6M12 16.5v.5',
  pause: 'M8 5v14M16 5v14',
  phone: 'M7 2h10a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1M11 18h2',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 20, label }: { name: IconName; size?: number; label?: string }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
