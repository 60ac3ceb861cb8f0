import { LISTEN_MAX_ANSWER_BODY_CHARS } from '@paysplit/sdk';
import { z } from 'zod';

/**
 * The messages of the listen connection (`paysplit listen`, docs/wire-contracts.md §11), as the
 * OpenAPI document describes them (the SDK's types are generated from it) and as the server reads
 * what a listener sends. Everything is JSON text; a listener sends nothing but answers.
 */

export const listenReadySchema = z
  .object({
    type: z.literal('ready'),
    listenerId: z.uuid().describe('This connection; a newer one for the same integration replaces it (close code 4409)'),
    integrationId: z.uuid(),
    mode: z.literal('test').describe('Only test-mode traffic is ever forwarded'),
    signingSecret: z
      .string()
      .describe(
        'Verify every forwarded webhook and partner call with this (whsec_…): derived from the API key, the same on every connection with that key',
      ),
    pingIntervalMs: z.int().describe('PaySplit pings this often; a listener that hears nothing for three intervals may reconnect'),
  })
  .strict()
  .meta({ id: 'ListenReady', description: "PaySplit's first message on a listen connection." });

export const listenCallSchema = z
  .object({
    type: z.literal('call'),
    callId: z.uuid().describe('Answer with this id'),
    kind: z.enum(['webhook', 'partner']).describe('A webhook event, or a partner call (create-payment, refund, cancel, capture)'),
    path: z.string().describe("The path and query of the integration's own URL for this call"),
    attempt: z.int().nullable().describe('Which attempt this is (null for the create-payment call, which is not retried)'),
    timeoutMs: z.int().describe('How long PaySplit waits for the answer'),
    headers: z
      .record(z.string(), z.string())
      .describe('Send exactly these: content-type, the user agent and the Standard Webhooks signature headers'),
    body: z.string().describe('The exact bytes to POST (signed as they are)'),
  })
  .strict()
  .meta({ id: 'ListenCall', description: 'A call PaySplit would have made to the merchant: POST it to the local URL and answer.' });

const callId = z.uuid();

const answeredSchema = z
  .object({
    type: z.literal('answer'),
    callId,
    status: z.int().min(100).max(599).describe("The local endpoint's HTTP status"),
    retryAfter: z.string().max(64).nullable().optional().describe('Its Retry-After header, if any'),
    body: z
      .string()
      .max(LISTEN_MAX_ANSWER_BODY_CHARS)
      .describe(`Its body, at most ${LISTEN_MAX_ANSWER_BODY_CHARS} characters (PaySplit reads no more of any answer)`),
  })
  .strict();

const unansweredSchema = z
  .object({
    type: z.literal('answer'),
    callId,
    error: z.string().min(1).max(200).describe('Why the local endpoint gave no answer, e.g. "could not connect (ECONNREFUSED)"'),
  })
  .strict();

export const listenAnswerSchema = z
  .union([answeredSchema, unansweredSchema])
  .meta({ id: 'ListenAnswer', description: "A listener's answer to a call: the local endpoint's, or why there was none." });

export type ListenAnswerMessage = z.infer<typeof listenAnswerSchema>;
export type ListenCallMessage = z.infer<typeof listenCallSchema>;
export type ListenReadyMessage = z.infer<typeof listenReadySchema>;
