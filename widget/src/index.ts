export {
  apiBase,
  AuthDialog,
  describeFailure,
  type AuthDialogProps,
  type AuthErrorDetail,
  type AuthSuccessDetail,
} from './AuthDialog';
export { defineAuthDialogElement, IamAuthDialogElement, ELEMENT_NAME } from './element';
export { catalogs, resolveLocale, type Locale, type Messages } from './i18n';
export { authDialogCss } from './styles';
export { MIN_PASSWORD_LENGTH, validateAuthForm, type AuthFormValues, type AuthMode } from './validation';
