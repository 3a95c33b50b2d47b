/** Errors carrying a MongoDB server error code, reported to clients as `{ ok: 0, errmsg, code, codeName }`. */

export const CODE_NAMES: Record<number, string> = {
  1: 'InternalError',
  2: 'BadValue',
  4: 'NoSuchKey',
  9: 'FailedToParse',
  10: 'UserNotFound',
  11: 'UnsupportedFormat',
  13: 'Unauthorized',
  14: 'TypeMismatch',
  17: 'ProtocolError',
  18: 'AuthenticationFailed',
  20: 'IllegalOperation',
  22: 'InvalidBSON',
  26: 'NamespaceNotFound',
  27: 'IndexNotFound',
  28: 'PathNotViable',
  40: 'ConflictingUpdateOperators',
  43: 'CursorNotFound',
  48: 'NamespaceExists',
  50: 'MaxTimeMSExpired',
  52: 'DollarPrefixedFieldName',
  53: 'InvalidIdField',
  56: 'EmptyFieldName',
  57: 'DottedFieldName',
  59: 'CommandNotFound',
  66: 'ImmutableField',
  67: 'CannotCreateIndex',
  72: 'InvalidOptions',
  73: 'InvalidNamespace',
  85: 'IndexOptionsConflict',
  86: 'IndexKeySpecsConflict',
  115: 'CommandNotSupported',
  121: 'DocumentValidationFailure',
  166: 'CommandNotSupportedOnView',
  334: 'MechanismUnavailable',
  10334: 'BSONObjectTooLarge',
  14031: 'OutOfDiskSpace',
  11000: 'DuplicateKey',
  13113: 'MergeStageNoMatchingDocument',
  17419: 'Location17419',
  40324: 'Location40324',
  40415: 'Location40415',
  51024: 'Location51024',
};

export class MongoServerError extends Error {
  readonly code: number;
  readonly codeName: string;
  /** Extra fields copied into the error reply / write error (keyPattern, keyValue, …). */
  readonly extra: Record<string, unknown>;

  constructor(code: number, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.code = code;
    this.codeName = CODE_NAMES[code] ?? `Location${code}`;
    this.extra = extra;
  }

  toReply(): Record<string, unknown> {
    return { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.extra };
  }
}

export function mongoError(code: number, message: string, extra?: Record<string, unknown>): MongoServerError {
  return new MongoServerError(code, message, extra);
}

/** Converts anything thrown (including mingo's errors) into a MongoServerError. */
export function toServerError(e: unknown): MongoServerError {
  if (e instanceof MongoServerError) return e;
  const msg = e instanceof Error ? e.message : String(e);
  // mingo reports invalid queries/expressions with plain errors: mongod's closest equivalent is BadValue.
  return new MongoServerError(2, msg.replace(/^mingo:\s*/, ''));
}
