/** Error catalog of the telemetry module (what the SDKs send). */
export const TelemetryErrors = {
  RESERVED_ACTION: {
    status: 400,
    code: 'reserved_action',
    message:
      'This action name is reserved for the platform’s own audit trail (user., member., organization., token., …). Choose a name of your own, e.g. "cart_item_removed".',
  },
} as const;
