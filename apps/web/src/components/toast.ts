import { MSG_CORE } from '@arandu/shared';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { createElement } from 'react';

/*
 * The toasts' container (Mantine's Notifications: transitions, portal) is mounted at the first toast, not with
 * the page: the login page shows none until something goes wrong, and its JavaScript stays smaller (issue 16).
 * A toast shown before the container has mounted is kept by the notifications store and appears with it.
 */
let hostWanted = false;
const hostListeners = new Set<() => void>();
export const toastHost = {
  wanted: () => hostWanted,
  subscribe: (notify: () => void) => {
    hostListeners.add(notify);
    return () => hostListeners.delete(notify);
  },
  /** Mounts the container now (the signed-in shell does, so its first toast does not wait for the chunk). */
  want: () => {
    if (hostWanted) return;
    hostWanted = true;
    hostListeners.forEach((notify) => notify());
  },
};

function show(...args: Parameters<typeof notifications.show>) {
  toastHost.want();
  notifications.show(...args);
}

/**
 * When a session ends, every call in flight fails with it; the user needs one message, not one per call.
 * For a short while after the session-ended toast, other error toasts are held back.
 */
const SESSION_ENDED_QUIET_MS = 3000;
let sessionEndedAt = 0;

/** The spec's three toast kinds (spec 01 section 8). */
export const toast = {
  /** Success: blank title. */
  success(message: string) {
    show({ title: '', message, color: 'teal', icon: createElement(IconCheck, { size: 18 }) });
  },
  /** Warning: title 'Advertencia'. */
  warning(message: string) {
    show({
      title: MSG_CORE.warningTitle,
      message,
      color: 'yellow',
      icon: createElement(IconAlertTriangle, { size: 18 }),
    });
  },
  /** Error: title 'Error', default text 'Ha ocurrido un error, por favor intenta de nuevo.' */
  error(message: string = MSG_CORE.errorGeneric) {
    if (Date.now() - sessionEndedAt < SESSION_ENDED_QUIET_MS) return;
    show({
      title: MSG_CORE.errorTitle,
      message,
      color: 'red',
      icon: createElement(IconX, { size: 18 }),
      autoClose: 6000,
    });
  },
  /** The session is over (expired, ended elsewhere, failed check): one 'Error' toast, however many calls failed. */
  sessionEnded(message: string = MSG_CORE.errorGeneric) {
    if (Date.now() - sessionEndedAt < SESSION_ENDED_QUIET_MS) return;
    toast.error(message);
    sessionEndedAt = Date.now();
  },
};

/**
 * Forgets the quiet period and the mounted container, as a page load does (tests: a worker runs file after file
 * on one window, and a session ended by one file's last test held back the next file's first error toast).
 */
export function resetToasts() {
  sessionEndedAt = 0;
  hostWanted = false;
}
