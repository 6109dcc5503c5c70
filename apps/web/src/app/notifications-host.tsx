import { Notifications } from '@mantine/notifications';

/** The toasts' container, in a chunk of its own (see providers.tsx). */
export default function NotificationsHost() {
  return <Notifications position="top-right" zIndex={1000} />;
}
