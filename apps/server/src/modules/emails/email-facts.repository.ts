import type { EntityManager } from '@mikro-orm/postgresql';
import type { OutgoingEmail } from './email.repository.js';

/** What an email says, read when it is sent (so it shows the session as it stands then). */
export interface EmailFactsRow {
  merchant_name: string;
  accent_color: string | null;
  time_zone: string;
  /** The integration refunds through PaySplit (a partnerRefundUrl): money owed back is already asked for. */
  refunds_automatic: boolean;
  description: string | null;
  order_reference: string | null;
  success_url: string | null;
  cancel_url: string | null;
  currency: string;
  expires_at: Date;
  session_amount_minor: string;
  recipient_name: string | null;
  recipient_is_host: boolean | null;
  share_minor: string | null;
  organiser_name: string | null;
  /** The payment the message is about (a receipt, a covered share, a refund). */
  payment_id: string | null;
  payment_minor: string | null;
  payment_at: Date | null;
  processor_reference: string | null;
  payment_refunded_at: Date | null;
  payer_name: string | null;
  /** The refund the message is about. */
  refund_minor: string | null;
  refund_at: Date | null;
  refund_reference: string | null;
  /** What the recipient paid that still comes back to them (an ending): money taken, not refunded in full. */
  owed_back_minor: string;
  /** Manual capture: what the recipient had held on their card and is (being) released, never charged. */
  held_minor: string;
  capture_method: string;
  /** The refund (or the refund recorded by hand) is of a duplicate payment. */
  duplicate_refund: boolean;
  /** Until when the sign-in link of a host-sign-in message works. */
  sign_in_expires_at: Date | null;
  /** The languages that decide the email's (email-locale.ts): the recipient's last, the session's, the organiser's. */
  recipient_locale: string | null;
  session_locale: string | null;
  organiser_locale: string | null;
  /** An open group's terms and where it stands (null for a closed session), and the recipient's places. */
  open_group_pricing: 'per_place' | 'split_total' | null;
  open_group_min_places: number | null;
  open_group_max_places: number | null;
  places_sold: number;
  recipient_places: number | null;
}

/** The id a message's reason names ('payment:<id>', 'refund:<id>', 'sign-in:<id>'), or null. */
function idIn(reason: string, prefix: string): string | null {
  return new RegExp(`^${prefix}:([0-9a-f-]{36})$`).exec(reason)?.[1] ?? null;
}

/**
 * The facts of a claimed message: one read of the session, its merchant, the recipient and what
 * the message is about. It reaches into the sessions module's tables read-only, as an email's
 * content is about them (docs/architecture.md, "Modules").
 */
export class EmailFactsRepository {
  async factsOf(em: EntityManager, message: OutgoingEmail): Promise<EmailFactsRow | null> {
    const [row] = await em.getConnection().execute<EmailFactsRow[]>(
      `select coalesce(i.display_name, i.name) as merchant_name, i.accent_color, i.time_zone,
              i.partner_refund_url is not null as refunds_automatic,
              s.description, s.order_reference, s.success_url, s.cancel_url, s.currency, s.expires_at,
              s.amount_minor::text as session_amount_minor,
              p.display_name as recipient_name, p.is_host as recipient_is_host, p.amount_minor::text as share_minor,
              p.locale as recipient_locale, s.locale as session_locale,
              coalesce((select display_name from participant h where h.session_id = s.id and h.is_host), s.organiser_name) as organiser_name,
              (select locale from participant h where h.session_id = s.id and h.is_host) as organiser_locale,
              pay.id as payment_id, pay.amount_minor::text as payment_minor, pay.authorized_at as payment_at,
              pay.processor_reference, pay.refunded_at as payment_refunded_at,
              (select display_name from participant x where x.id = pay.payer_id) as payer_name,
              s.capture_method, (r.purpose = 'duplicate' or (r.id is null and pay.duplicate_of is not null)) is true as duplicate_refund,
              r.amount_minor::text as refund_minor, r.settled_at as refund_at, r.processor_refund_reference as refund_reference,
              (select coalesce(sum(q.amount_minor - q.refunded_minor), 0)::text from payment q
                where q.session_id = s.id and q.payer_id = p.id and q.refunded_at is null
                  and (q.status = 'captured' or (q.status = 'authorized' and q.capture_method = 'automatic'))) as owed_back_minor,
              (select coalesce(sum(q.amount_minor), 0)::text from payment q
                where q.session_id = s.id and q.payer_id = p.id and q.capture_method = 'manual'
                  and q.status in ('authorized', 'released') and q.duplicate_of is null) as held_minor,
              (select g.expires_at from host_sign_in g where g.id = ?::uuid and g.session_id = s.id) as sign_in_expires_at,
              s.open_group_pricing, s.open_group_min_places, s.open_group_max_places, p.places as recipient_places,
              (select coalesce(sum(x.places), 0)::int from participant x where x.session_id = s.id and x.status = 'paid') as places_sold
         from session s
         join integration i on i.id = s.integration_id
         left join participant p on p.id = ?::uuid
         left join refund r on r.id = ?::uuid and r.session_id = s.id
         left join payment pay on pay.id = coalesce(?::uuid, r.payment_id) and pay.session_id = s.id
        where s.id = ?`,
      [
        idIn(message.reason, 'sign-in'),
        message.participant_id,
        idIn(message.reason, 'refund'),
        idIn(message.reason, 'payment'),
        message.session_id,
      ],
    );
    return row ?? null;
  }
}
