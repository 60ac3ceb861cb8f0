// The sessions module's front door (sessions, participants' access, payments and refunds: one lock
// order, one transaction per change): what other modules may use (docs/architecture.md, "Modules").
export { createSessionServices, type RefundReads, type SessionLocks, type SessionServices } from './session-services.js';
export type { SessionEventBus, SessionEvents, SessionOutcome } from './events.js';
export type { Session } from './session.entity.js';
export type { Participant } from './participant.entity.js';
export type { Payment } from './payments/payment.entity.js';
export type { PaymentCall } from './payments/payment-call.entity.js';
export type { Refund } from './refunds/refund.entity.js';
export type { SessionLoaders } from './session.loaders.js';
export { type SessionAccess, type Viewer } from './access/session-access.js';
export type { SessionLinks } from './session-links.js';
export type { HostSignInService, SignInRequestAnswer } from './access/host-sign-in.service.js';
export type { SessionReadService } from './session-reads.service.js';
export type { EmailFacts } from './pay-session-record.repository.js';
export type { SessionProgress } from './session.repository.js';
export { type SessionSchedule, type SessionSchedules, type TestClockRun, testClockRun } from './test-clock/session-schedules.js';
export { type TestClockAdvance, testClockAuditEntry } from './test-clock/test-clock.service.js';
export type { ExportRecord, ExportRequest, ExportService } from './exports/export.service.js';
export { SessionStatusEnum, SessionView, PaySessionView, PayParticipantView } from './session.types.js';
export { SESSION_RESOLVERS } from './resolvers.js';
export { OpenGroupInvitation } from './open-groups/open-group.types.js';
export { joinCodeMatches, type OpenGroupReadService } from './open-groups/open-group-reads.service.js';
export { SESSION_RECORD_COLUMNS, type SessionRecord, type SessionRow, toSessionRecord } from './session-record.js';
export { toPaySessionView, toSessionViewOfRecord, withMaskedPayerEmails } from './session.mapper.js';
