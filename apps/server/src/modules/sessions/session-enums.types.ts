import { SESSION_STATUSES, SPLIT_MODES } from '@paysplit/domain';
import { registerEnumType } from 'type-graphql';
import { enumFromValues } from '../../graphql/enums.js';

export const SessionStatusEnum = enumFromValues(SESSION_STATUSES);
registerEnumType(SessionStatusEnum, { name: 'SessionStatus', description: 'Where a session is in its lifecycle.' });

export const SplitModeEnum = enumFromValues(SPLIT_MODES);
registerEnumType(SplitModeEnum, { name: 'SplitMode', description: 'How the total is divided among participants.' });

export const ParticipantStatusEnum = enumFromValues(['pending', 'paid', 'left', 'lapsed'] as const);
registerEnumType(ParticipantStatusEnum, {
  name: 'ParticipantStatus',
  description: 'LEFT and LAPSED: open groups only (a payer who gave their places up; a claim whose reservation ran out).',
});

/** Said of the fields only an open group's participants have (null in a closed session). */
export const OPEN_GROUP_ONLY = 'Open groups only.';
