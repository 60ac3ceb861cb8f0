// The live module's front door: pay pages kept current over graphql-ws (docs/architecture.md, "Modules").
export { type LiveSession, LiveSessionReader, primeLoaders } from './live-session.js';
export { type FanoutStats, type LiveConnection, type LiveSnapshot, SessionFanout } from './session-fanout.js';
export { LiveSessionResolver } from './live-session.resolver.js';
export { OpenGroupInvitationResolver } from './open-group-invitation.resolver.js';
