import { Migration } from '@mikro-orm/migrations';

/**
 * Open groups (docs/plans/open-groups.md): a session's terms (pricing, place bounds, the price of a
 * place), the hash of its join link's code, its organiser, when it tipped or filled and the price it
 * ended at; a participant's places, how long their claim is held while they pay, and what they are
 * finally charged. The lapse sweep finds claims that ran out through a partial index of the few
 * pending ones; a group's events are written once each (per participant for a join) whatever
 * races above them. Additive: a previous version ignores every column, and a closed session has
 * none of them set.
 */
export class Migration20261130060000_open_groups extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "session" add column "open_group_pricing" text null, add column "open_group_min_places" integer null, add column "open_group_max_places" integer null, add column "open_group_max_places_per_payer" integer null, add column "price_per_place_minor" bigint null, add column "join_code_hash" text null, add column "organiser_name" text null, add column "organiser_email" text null, add column "tipped_at" timestamptz null, add column "full_at" timestamptz null, add column "final_price_per_place_minor" bigint null;`,
    );
    this.addSql(`alter table "session" add constraint "session_join_code_hash_unique" unique ("join_code_hash");`);
    this.addSql(
      `alter table "session" add constraint "session_open_group_check" check (open_group_pricing is null or ((open_group_pricing = 'per_place' or open_group_pricing = 'split_total') and open_group_min_places >= 1 and open_group_max_places >= open_group_min_places and join_code_hash is not null and (open_group_pricing = 'split_total' or price_per_place_minor > 0)));`,
    );
    this.addSql(
      `alter table "participant" add column "places" integer null, add column "reserved_until" timestamptz null, add column "final_amount_minor" bigint null;`,
    );
    this.addSql(`alter table "participant" add constraint "participant_places_check" check (places is null or places > 0);`);
    this.addSql(
      `create index "participant_reservation_lapse_index" on "participant" ("reserved_until") where status = 'pending' and reserved_until is not null;`,
    );
    this.addSql(
      `create unique index "webhook_event_one_group_event" on "webhook_event" ("session_id", "type", coalesce(body::jsonb #>> '{participant,participantId}', '')) where type in ('SERVICE_GROUP_JOINED', 'SERVICE_GROUP_TIPPED', 'SERVICE_GROUP_FULL');`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "webhook_event_one_group_event";`);
    this.addSql(`drop index "participant_reservation_lapse_index";`);
    this.addSql(`alter table "participant" drop constraint "participant_places_check";`);
    this.addSql(`alter table "participant" drop column "places", drop column "reserved_until", drop column "final_amount_minor";`);
    this.addSql(`alter table "session" drop constraint "session_open_group_check";`);
    this.addSql(`alter table "session" drop constraint "session_join_code_hash_unique";`);
    this.addSql(
      `alter table "session" drop column "open_group_pricing", drop column "open_group_min_places", drop column "open_group_max_places", drop column "open_group_max_places_per_payer", drop column "price_per_place_minor", drop column "join_code_hash", drop column "organiser_name", drop column "organiser_email", drop column "tipped_at", drop column "full_at", drop column "final_price_per_place_minor";`,
    );
  }
}
