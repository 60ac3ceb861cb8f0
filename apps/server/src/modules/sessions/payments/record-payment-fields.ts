import { AppError, ErrorCode } from '@paysplit/domain';
import type { RecordPaymentCommand } from './payment-recording.service.js';

/** The reply a strict body gives a field it does not know (what an automatic session always answered). */
export function unknownField(field: string): AppError {
  const message = `Unrecognized key: "${field}"`;
  return new AppError(ErrorCode.ValidationError, message, [{ path: '(body)', message }]);
}

/** holdExpiresAt, with authorize only and as an ISO 8601 time; undefined when not sent. */
export function readHoldExpiresAt(command: RecordPaymentCommand): Date | undefined {
  if (command.holdExpiresAt == null) return undefined;
  const at = new Date(command.holdExpiresAt);
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(command.holdExpiresAt);
  const problem =
    command.action !== 'authorize'
      ? 'goes with action authorize only'
      : !iso || Number.isNaN(at.getTime())
        ? 'must be an ISO 8601 time'
        : undefined;
  if (problem) throw new AppError(ErrorCode.ValidationError, `holdExpiresAt ${problem}`, [{ path: 'holdExpiresAt', message: problem }]);
  return at;
}
