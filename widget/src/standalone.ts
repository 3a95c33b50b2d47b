// Script-tag entry: bundles React and registers <iam-auth-dialog> on load.
import { defineAuthDialogElement } from './element';

defineAuthDialogElement();

export { defineAuthDialogElement };
