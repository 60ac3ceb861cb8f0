import type { SessionAccess } from './access/session-access.js';

/** The addresses a session's people open: the host's and each participant's invite. */
export class SessionLinks {
  constructor(
    private readonly publicBaseUrl: string,
    private readonly access: SessionAccess,
  ) {}

  inviteUrl(sessionId: string, participantId: string): string {
    return `${this.publicBaseUrl}/pay/${sessionId}?token=${this.access.participantToken(participantId)}`;
  }

  sessionUrl(sessionId: string, hostToken: string): string {
    return `${this.publicBaseUrl}/pay/${sessionId}?host=1&hostToken=${encodeURIComponent(hostToken)}`;
  }
}
