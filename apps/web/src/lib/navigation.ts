/**
 * Navigation from outside React (the API client's 401 handling, logout). The router registers itself
 * at start; without it we fall back to a full page load.
 */
type Navigator = (to: string, opts?: { replace?: boolean }) => void | Promise<void>;

let navigator: Navigator | null = null;

export function setNavigator(next: Navigator | null): void {
  navigator = next;
}

/** Resolves once the router has finished the navigation (the previous page is unmounted). */
export async function navigateTo(to: string, opts?: { replace?: boolean }): Promise<void> {
  if (navigator) await navigator(to, opts);
  else if (opts?.replace) window.location.replace(to);
  else window.location.assign(to);
}

export function currentPath(): string {
  return window.location.pathname;
}
