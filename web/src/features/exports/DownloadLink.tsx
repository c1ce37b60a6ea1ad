import type { MouseEvent } from 'react';
import { withLinkKey } from '../links/queries';
import { useLinkKey } from '../links/useLink';
import './exports.css';

interface Props {
  /** The export's path under /api, without query. */
  path: string;
  /** The query, computed when the link is followed so that "the last 24 hours" ends now. */
  query: () => Record<string, string>;
  label: string;
}

/**
 * A download of an export (docs/api.md, "Exports"): a plain link, so the browser streams the file
 * to disk itself; a link key rides in the query because a link cannot send a header. The link has
 * no address until its key arrives.
 */
export function DownloadLink({ path, query, label }: Props) {
  const key = useLinkKey(path);
  const href = () => (key ? withLinkKey(path, key, query()) : undefined);
  return (
    <a
      className="button download-link"
      href={href()}
      download
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        const now = href();
        if (now) event.currentTarget.href = now;
      }}
    >
      {label}
    </a>
  );
}
