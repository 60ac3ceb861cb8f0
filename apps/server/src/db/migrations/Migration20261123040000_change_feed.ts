import { Migration } from '@mikro-orm/migrations';

/**
 * Integrations and API keys announce their changes on the change feed, so every instance's cache
 * of authenticated keys forgets them (modules/live/feed-cache.ts). Triggers rather than code: a key
 * revoked or an integration disabled by any means, even by hand in SQL, is heard. Only the columns
 * that decide whether and how a key authenticates fire them (not last_used_at bookkeeping).
 */
export class Migration20261123040000_change_feed extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function "announce_integration_change"() returns trigger language plpgsql as $$
      begin
        -- Each table's branch names only its own columns (plpgsql resolves fields when it runs them).
        if tg_table_name = 'integration' then
          perform pg_notify('paysplit_integration_changed', old.id::text);
        else
          perform pg_notify('paysplit_integration_changed', old.integration_id::text);
          if tg_op = 'UPDATE' and new.integration_id <> old.integration_id then
            perform pg_notify('paysplit_integration_changed', new.integration_id::text);
          end if;
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger "integration_announce_change" after update of "enabled", "payout_onboarded", "redirect_allowlist" or delete
      on "integration" for each row execute function "announce_integration_change"();`);
    this.addSql(`create trigger "api_key_announce_change" after update of "revoked_at", "mode", "key_hash", "integration_id" or delete
      on "api_key" for each row execute function "announce_integration_change"();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "api_key_announce_change" on "api_key";`);
    this.addSql(`drop trigger if exists "integration_announce_change" on "integration";`);
    this.addSql(`drop function if exists "announce_integration_change"();`);
  }
}
