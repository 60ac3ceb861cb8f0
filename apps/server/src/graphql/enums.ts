import { CAPTURE_METHODS } from '@paysplit/domain';
import { registerEnumType } from 'type-graphql';

/** GraphQL enum values in caps, domain values lowercase (decisions §2). */
export function enumFromValues<T extends string>(values: readonly T[]): Record<string, T> {
  return Object.fromEntries(values.map((value) => [value.toUpperCase(), value]));
}

export const ModeEnum = enumFromValues(['test', 'live'] as const);
registerEnumType(ModeEnum, { name: 'Mode', description: 'test or live, taken from the API key that created the session.' });

export const CaptureMethodEnum = enumFromValues(CAPTURE_METHODS);
registerEnumType(CaptureMethodEnum, {
  name: 'CaptureMethod',
  description:
    'AUTOMATIC: each share is charged when paid. MANUAL: each share is only held, and PaySplit asks for every capture (partner.payment.capture) once all are held.',
});
