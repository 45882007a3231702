/**
 * Sets (or, with null, deletes) a cookie of page requests: the whole site, a year, sent on
 * top-level navigations from other sites too (Lax), over HTTPS only when the page is.
 */
export function writeCookie(name: string, value: string | null): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const life = value === null ? 'Max-Age=0' : 'Max-Age=31536000';
  document.cookie = `${name}=${encodeURIComponent(value ?? '')}; Path=/; ${life}; SameSite=Lax${secure}`;
}
