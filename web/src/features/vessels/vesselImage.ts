/** Images served by the API need the session key in the link, since an <img> sends no header. */
export function withSessionKey(url: string | null | undefined, sessionKey: string | null): string | null {
  if (!url) return null;
  if (!sessionKey || !url.startsWith('/api/')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}sessionKey=${encodeURIComponent(sessionKey)}`;
}
