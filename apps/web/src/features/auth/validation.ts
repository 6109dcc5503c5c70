import { zForgotPassword, zLogin } from '@arandu/shared';
import { schemaResolver, type FormErrors } from '@mantine/form';

/**
 * The login page's validation, the shared zod schemas the API also applies. Imported on the first submit,
 * not with the page: zod is a seventh of the JavaScript a phone would otherwise fetch before it can show
 * the form (issue 16).
 */
export const validateLogin = schemaResolver(zLogin, { sync: true });
export const validateForgotPassword = schemaResolver(zForgotPassword, { sync: true });

export const hasErrors = (errors: FormErrors) => Object.keys(errors).length > 0;
