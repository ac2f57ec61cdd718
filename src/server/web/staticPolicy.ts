// Which files of the built web app may be served. Dotfiles never (dist/.vite/manifest.json is
// read by the service, not published; a stray .env or .git must not leak); source maps not in
// production, where they would hand out the unminified source.

/** True when the URL path of a static file may be served. */
export function isServableStaticPath(pathname: string, production: boolean): boolean {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  const segments = path.split(/[\\/]+/);
  if (segments.some((segment) => segment.startsWith('.'))) return false;
  if (production && /\.map(\.(br|gz))?$/i.test(path)) return false;
  return true;
}
