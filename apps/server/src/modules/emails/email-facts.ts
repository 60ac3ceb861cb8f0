import type { SessionLinks } from '../sessions/index.js';
import type { EmailFactsRow } from './email-facts.repository.js';
import type { OutgoingEmail } from './email.repository.js';
import { emailLocale } from './email-locale.js';
import type { EmailFacts } from './email-wording.js';

/**
 * What a message says, from the one row read when it is sent. Links are the recipient's own: a
 * payer's invite link, the host's return page (no secret) or, in a sign-in email, that link; never
 * another person's link, never the host token (which is never known here).
 */
export function emailFactsOf(
  row: EmailFactsRow,
  message: OutgoingEmail,
  addresses: { links: SessionLinks; publicBaseUrl: string },
  unsubscribeToken: (participantId: string) => string,
): EmailFacts {
  const participantId = message.participant_id;
  // An open group's organiser is no participant: a message to nobody of the session is theirs, as host.
  const toOrganiser = participantId === null && row.open_group_pricing !== null;
  const toHost = row.recipient_is_host === true || toOrganiser;
  const toPayer = participantId !== null && row.recipient_is_host === false;
  const signInId = /^sign-in:([0-9a-f-]{36})$/.exec(message.reason)?.[1];
  const linkUrl =
    message.kind === 'host-sign-in'
      ? toHost && signInId
        ? addresses.links.hostSignInUrl(message.session_id, signInId)
        : null
      : toHost
        ? addresses.links.hostReturnUrl(message.session_id)
        : toPayer
          ? addresses.links.inviteUrl(message.session_id, participantId)
          : null;
  const payment = row.payment_id
    ? {
        id: row.payment_id,
        amountMinor: BigInt(row.payment_minor ?? '0'),
        at: row.payment_at ? new Date(row.payment_at) : null,
        processorReference: row.processor_reference,
        payerName: row.payer_name,
      }
    : null;
  const refund = row.refund_minor
    ? { amountMinor: BigInt(row.refund_minor), at: row.refund_at ? new Date(row.refund_at) : null, reference: row.refund_reference }
    : message.kind === 'refund' && payment
      ? // Recorded by hand: the whole payment went back when the merchant said so.
        { amountMinor: payment.amountMinor, at: row.payment_refunded_at ? new Date(row.payment_refunded_at) : null, reference: null }
      : null;
  return {
    kind: message.kind,
    locale: emailLocale({ recipient: row.recipient_locale, session: row.session_locale, organiser: row.organiser_locale }),
    merchantName: row.merchant_name,
    merchantSite: siteOf(row.success_url) ?? siteOf(row.cancel_url),
    accentColor: row.accent_color,
    description: row.description,
    orderReference: row.order_reference,
    recipientName: toOrganiser ? row.organiser_name : row.recipient_name,
    toHost,
    organiserName: row.organiser_name,
    currency: row.currency,
    timeZone: row.time_zone,
    shareMinor: BigInt(row.share_minor ?? '0'),
    sessionAmountMinor: BigInt(row.session_amount_minor),
    deadline: new Date(row.expires_at),
    payment,
    refund,
    owedBackMinor: BigInt(row.owed_back_minor),
    heldMinor: BigInt(row.held_minor),
    manualCapture: row.capture_method === 'manual',
    duplicateRefund: row.duplicate_refund,
    refundsAutomatic: row.refunds_automatic,
    signInExpiresAt: row.sign_in_expires_at ? new Date(row.sign_in_expires_at) : null,
    linkUrl,
    unsubscribeUrl:
      toPayer && (message.kind === 'invitation' || message.kind === 'reminder')
        ? `${addresses.publicBaseUrl}/email/unsubscribe?t=${encodeURIComponent(unsubscribeToken(participantId))}`
        : null,
    openGroup:
      row.open_group_pricing && row.open_group_min_places !== null && row.open_group_max_places !== null
        ? {
            pricing: row.open_group_pricing,
            minPlaces: row.open_group_min_places,
            maxPlaces: row.open_group_max_places,
            placesSold: row.places_sold,
            places: row.recipient_places ?? 0,
          }
        : null,
  };
}

function siteOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}
