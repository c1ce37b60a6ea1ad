import { useSelector } from '@xstate/react';
import type { MouseEvent } from 'react';
import { session } from '../../app/services';
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
 * to disk itself; the session key rides in the query because a link cannot send a header.
 */
export function DownloadLink({ path, query, label }: Props) {
  const sessionKey = useSelector(session, (state) => state.context.token);
  const href = (params: Record<string, string>) => `/api/${path}?${new URLSearchParams({ ...params, ...(sessionKey ? { sessionKey } : {}) })}`;
  return (
    <a
      className="button download-link"
      href={href(query())}
      download
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        event.currentTarget.href = href(query());
      }}
    >
      {label}
    </a>
  );
}
