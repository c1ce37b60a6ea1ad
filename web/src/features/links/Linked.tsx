import type { ReactNode } from 'react';
import { useLink } from './useLink';

/** `children` given the link to `path` (useLink): for lists, whose rows cannot each call a hook. */
export function Linked({ path, children }: { path: string | null; children: (link: string | null) => ReactNode }) {
  return <>{children(useLink(path))}</>;
}
