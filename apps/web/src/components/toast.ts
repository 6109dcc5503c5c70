import { MSG } from '@arandu/shared';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { createElement } from 'react';

/** The spec's three toast kinds (spec 01 section 8). */
export const toast = {
  /** Success: blank title. */
  success(message: string) {
    notifications.show({ title: '', message, color: 'teal', icon: createElement(IconCheck, { size: 18 }) });
  },
  /** Warning: title 'Advertencia'. */
  warning(message: string) {
    notifications.show({
      title: MSG.warningTitle,
      message,
      color: 'yellow',
      icon: createElement(IconAlertTriangle, { size: 18 }),
    });
  },
  /** Error: title 'Error', default text 'Ha ocurrido un error, por favor intenta de nuevo.' */
  error(message: string = MSG.errorGeneric) {
    notifications.show({
      title: MSG.errorTitle,
      message,
      color: 'red',
      icon: createElement(IconX, { size: 18 }),
      autoClose: 6000,
    });
  },
};
