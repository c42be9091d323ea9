/** Where the session lives in the browser (spec section 3 "Browser session storage"). */
import { STORAGE_KEYS, type AuthResponse } from '../../shared/auth.ts';

const NOTICE_KEY = 'g2g.notice';

export function readStoredSession(storage: Storage = localStorage, flash: Storage = sessionStorage) {
  const notice = flash.getItem(NOTICE_KEY);
  if (notice !== null) flash.removeItem(NOTICE_KEY);
  return { token: storage.getItem(STORAGE_KEYS.token), userRaw: storage.getItem(STORAGE_KEYS.user), notice };
}

export function storeSession(auth: AuthResponse, storage: Storage = localStorage) {
  storage.setItem(STORAGE_KEYS.token, auth.token);
  storage.setItem(STORAGE_KEYS.user, JSON.stringify(auth.user));
  storage.setItem(STORAGE_KEYS.userDetailsId, auth.user.userDetailsId);
}

/** Spec: logout removes token, user and userDetailsId; if that fails, all local storage is cleared. */
export function clearStoredSession(storage: Storage = localStorage) {
  try {
    storage.removeItem(STORAGE_KEYS.token);
    storage.removeItem(STORAGE_KEYS.user);
    storage.removeItem(STORAGE_KEYS.userDetailsId);
  } catch {
    storage.clear();
  }
}

export const getStoredToken = (storage: Storage = localStorage) => storage.getItem(STORAGE_KEYS.token);

export function rememberNotice(notice: string, flash: Storage = sessionStorage) {
  if (notice) flash.setItem(NOTICE_KEY, notice);
}

/** A registration waiting for its emailed code: kept by this tab (sessionStorage) over a reload, never beyond it. */
const PENDING_REGISTRATION_KEY = 'g2g.pendingRegistration';

/** What was kept, as parsed JSON (the registration chart decides whether it is a pending registration), or null. */
export function readPendingRegistration(tab: Storage = sessionStorage): unknown {
  const raw = tab.getItem(PENDING_REGISTRATION_KEY);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export const storePendingRegistration = (pending: unknown, tab: Storage = sessionStorage) => tab.setItem(PENDING_REGISTRATION_KEY, JSON.stringify(pending));
export const clearPendingRegistration = (tab: Storage = sessionStorage) => tab.removeItem(PENDING_REGISTRATION_KEY);
