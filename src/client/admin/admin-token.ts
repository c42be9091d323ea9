/**
 * Where the back-office keeps its staff token: sessionStorage, under its own key (never the investor's), so it ends
 * with the tab and an investor session in the same browser never sees it.
 */
export const ADMIN_TOKEN_KEY = 'g2g.admin.token';

export const getAdminToken = (): string | null => {
  try {
    return window.sessionStorage.getItem(ADMIN_TOKEN_KEY);
  } catch {
    return null;
  }
};

export const setAdminToken = (token: string | null): void => {
  try {
    if (token) window.sessionStorage.setItem(ADMIN_TOKEN_KEY, token);
    else window.sessionStorage.removeItem(ADMIN_TOKEN_KEY);
  } catch {
    // Storage refused (private mode quotas): the session lasts as long as the page.
  }
};
