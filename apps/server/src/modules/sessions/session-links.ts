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

  /**
   * The host's way back, safe to put in an email or on a merchant's page: it carries no secret, and
   * only offers to email a sign-in link to the address the host gave.
   */
  hostReturnUrl(sessionId: string): string {
    return `${this.publicBaseUrl}/pay/${sessionId}/sign-in`;
  }

  /** A sign-in link's address: its code works once, for a short time (access/host-sign-in.service.ts). */
  hostSignInUrl(sessionId: string, signInId: string): string {
    return `${this.hostReturnUrl(sessionId)}?code=${this.access.signInCode(signInId)}`;
  }

  /** An open group's link to share: its own code, never the host token. */
  joinUrl(sessionId: string): string {
    return `${this.publicBaseUrl}/pay/${sessionId}/join?code=${this.access.joinCode(sessionId)}`;
  }

  sessionUrl(sessionId: string, hostToken: string): string {
    return `${this.publicBaseUrl}/pay/${sessionId}?host=1&hostToken=${encodeURIComponent(hostToken)}`;
  }
}
