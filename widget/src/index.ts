export { AuthDialog, type AuthDialogProps } from './AuthDialog';
export { defineAuthDialogElement, IamAuthDialogElement, ELEMENT_NAME } from './element';
export { authDialogCss } from './styles';
export {
  messages,
  MIN_PASSWORD_LENGTH,
  validateAuthForm,
  type AuthFormValues,
  type AuthMode,
} from './validation';
