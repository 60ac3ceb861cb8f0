import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PayParticipant, PaySessionView } from '../session/session-query';

/** A session as paySession returns it; tests override what they are about. */
export function makeSession(overrides: Partial<PaySessionView> = {}): PaySessionView {
  return {
    id: '8a4c8f52-0c4e-4d0c-9b8e-3f0a5e2b7c11',
    status: 'OPEN',
    viewerRole: 'HOST',
    viewerParticipantId: 'p-host',
    currency: 'NZD',
    amountMinor: '48000',
    paidMinor: '0',
    remainingMinor: '48000',
    splitMode: 'EQUAL',
    organiserName: 'Sam',
    merchantName: 'Harbour Table',
    merchantLogoUrl: null,
    accentColor: null,
    description: 'Dinner for 4',
    locale: null,
    captureMethod: 'AUTOMATIC',
    merchantTimeZone: 'UTC',
    openGroup: null,
    participants: [],
    successUrl: null,
    cancelUrl: null,
    version: 1,
    expiresAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2029-12-29T00:00:00.000Z',
    ...overrides,
  };
}

export function makeParticipant(overrides: Partial<PayParticipant> = {}): PayParticipant {
  return {
    id: 'p-1',
    displayName: 'Alex',
    amountMinor: '16000',
    status: 'PENDING',
    isHost: false,
    isYou: false,
    coveredByHost: false,
    email: null,
    inviteUrl: null,
    emailStatus: null,
    refundedMinor: null,
    refundPendingMinor: null,
    duplicateRefundedMinor: null,
    duplicateRefundPendingMinor: null,
    holdState: null,
    duplicateHoldReleased: null,
    places: null,
    joinedAt: null,
    reservedUntil: null,
    finalAmountMinor: null,
    priceDropRefundedMinor: null,
    priceDropRefundPendingMinor: null,
    ...overrides,
  };
}

type GraphQLReply = { data: unknown } | { errors: { message: string; extensions: Record<string, unknown> }[] };

/** Both codegen outputs' documents by id: what the server's trusted list holds. */
const TRUSTED_DOCUMENTS = Object.assign(
  {},
  ...['../gql/persisted-documents.json', '../admin/gql/persisted-documents.json'].map(
    (manifest) => JSON.parse(readFileSync(fileURLToPath(new URL(manifest, import.meta.url)), 'utf8')) as Record<string, string>,
  ),
) as Record<string, string>;

export interface RecordedOperation {
  operationName: string;
  variables: Record<string, unknown>;
}

/**
 * A stand-in for fetch('/graphql'): answers each operation by name and records what was sent.
 * `handlers` return the reply body; an unknown operation fails the test loudly.
 */
export function graphQLFetch(handlers: Record<string, (variables: Record<string, unknown>) => GraphQLReply>) {
  const calls: RecordedOperation[] = [];
  const fetchMock = async (_url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init?.body)) as { query?: string; documentId?: string; variables: Record<string, unknown> };
    // The app names its documents by id, as the server's trusted list knows them.
    const text = body.documentId === undefined ? body.query : TRUSTED_DOCUMENTS[body.documentId];
    if (text === undefined) throw new Error(`Not a document codegen made: ${body.documentId ?? '(no query)'}`);
    const operationName = /(?:query|mutation|subscription)\s+(\w+)/.exec(text)?.[1] ?? 'unknown';
    calls.push({ operationName, variables: body.variables });
    // The page tells the server the reader's language on every load it has not told yet: accepted unless a test says otherwise.
    const handler =
      handlers[operationName] ?? (operationName === 'RememberLocale' ? () => ({ data: { rememberLocale: true } }) : undefined);
    if (!handler) throw new Error(`No handler for ${operationName}`);
    return new Response(JSON.stringify(handler(body.variables)), { status: 200, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetchMock, calls };
}

export function graphQLError(code: string, message = code, details?: { path: string; message: string }[]): GraphQLReply {
  return { errors: [{ message, extensions: details ? { code, details } : { code } }] };
}
