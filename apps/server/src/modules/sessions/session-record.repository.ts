import type { EntityManager } from '@mikro-orm/postgresql';
import { type PreparedStatement, runPrepared } from '../../db/prepared-statement.js';
import { SESSION_RECORD_COLUMNS, type SessionRecord, type SessionRow, toSessionRecord } from './session-record.js';

export { SESSION_RECORD_COLUMNS, type SessionRecord, type SessionRow, toSessionRecord };

// Whether its integration has a partnerCancelUrl decides how duplicates show (docs/wire-contracts.md §4).
export const MERCHANT_SESSION_STATEMENT: PreparedStatement = {
  name: 'merchant_session',
  text: `select ${SESSION_RECORD_COLUMNS}, i.partner_cancel_url is not null as lists_duplicates_apart
           from session s join integration i on i.id = s.integration_id where s.id = $1 and s.integration_id = $2`,
};

/** Reads of the session and participant tables that need plain values, not a unit of work (the hot GraphQL reads). */
export class SessionRecordRepository {
  async findForMerchant(em: EntityManager, sessionId: string, integrationId: string): Promise<SessionRecord | undefined> {
    const [row] = await runPrepared<SessionRow>(em, MERCHANT_SESSION_STATEMENT, [sessionId, integrationId]);
    return row && toSessionRecord(row);
  }
}
