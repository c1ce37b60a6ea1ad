import { useState } from 'react';

/**
 * Whether a form's fields differ from what it opened with: a modal asks before discarding them
 * (spec 000, "unsaved changes"). The first values are kept from the first render.
 */
export function useEdited<T>(current: T): boolean {
  const [initial] = useState(() => JSON.stringify(current));
  return JSON.stringify(current) !== initial;
}
