// Bad: a package of its own imports no application code.
import { helper } from '../../server/src/lib/helper.js';

export const engine = helper;
