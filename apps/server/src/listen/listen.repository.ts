import type { EntityManager } from '@mikro-orm/postgresql';
import { placeholders } from '../db/bindings.js';

/**
 * The channel every instance hears listen notices on (the change feed's connection):
 * `connected:<integrationId>:<listenerId>` (a listener took over the integration), `call:<listenerId>`
 * (a call waits for that listener's instance) and `answer:<callId>` (its answer is written).
 */
export const LISTEN_CHANNEL = 'paysplit_listen';

/** How long a relayed call may stay in the table before it counts as left behind (its writer died). */
const LEFT_BEHIND = '10 minutes';

export interface ListenerHolder {
  listenerId: string;
  instanceId: string;
}

/** Every query and write of listen_connection and listen_call (docs/architecture.md, "Where SQL lives"). */
export class ListenRepository {
  /** This listener now holds its integration (the previous one, wherever it is, is told by the notice). */
  async register(em: EntityManager, input: { integrationId: string; listenerId: string; instanceId: string }): Promise<void> {
    const connection = em.getConnection();
    await connection.execute(
      `insert into listen_connection (integration_id, listener_id, instance_id, connected_at, seen_at)
       values (?, ?, ?, now(), now())
       on conflict (integration_id) do update
         set listener_id = excluded.listener_id, instance_id = excluded.instance_id,
             connected_at = excluded.connected_at, seen_at = excluded.seen_at`,
      [input.integrationId, input.listenerId, input.instanceId],
    );
    await this.notify(em, `connected:${input.integrationId}:${input.listenerId}`);
  }

  /** Forgets a listener that closed (nothing, if another took its integration over meanwhile). */
  async unregister(em: EntityManager, listenerId: string): Promise<void> {
    await em.getConnection().execute(`delete from listen_connection where listener_id = ?`, [listenerId]);
  }

  /**
   * Marks these listeners seen now; returns those still registered (the others were replaced).
   * Also drops relayed calls whose writer never came back for them.
   */
  async refresh(em: EntityManager, listenerIds: readonly string[]): Promise<Set<string>> {
    const connection = em.getConnection();
    await connection.execute(`delete from listen_call where created_at < now() - interval '${LEFT_BEHIND}'`);
    if (listenerIds.length === 0) return new Set();
    const rows = await connection.execute<{ listener_id: string }[]>(
      `update listen_connection set seen_at = now() where listener_id in (${placeholders(listenerIds)}) returning listener_id`,
      [...listenerIds],
    );
    return new Set(rows.map((row) => row.listener_id));
  }

  /** The integration's listener, if one was seen within `freshMs` (any, without it). */
  async holderOf(em: EntityManager, integrationId: string, freshMs?: number): Promise<ListenerHolder | undefined> {
    const fresh = freshMs === undefined ? '' : ` and seen_at > now() - (? * interval '1 millisecond')`;
    const [row] = await em
      .getConnection()
      .execute<{ listener_id: string; instance_id: string }[]>(
        `select listener_id, instance_id from listen_connection where integration_id = ?${fresh}`,
        freshMs === undefined ? [integrationId] : [integrationId, freshMs],
      );
    return row && { listenerId: row.listener_id, instanceId: row.instance_id };
  }

  /** Writes a call for another instance's listener and wakes that instance. */
  async queueCall(em: EntityManager, input: { id: string; listenerId: string; request: unknown }): Promise<void> {
    await em
      .getConnection()
      .execute(`insert into listen_call (id, listener_id, request, created_at) values (?, ?, ?::jsonb, now())`, [
        input.id,
        input.listenerId,
        JSON.stringify(input.request),
      ]);
    await this.notify(em, `call:${input.listenerId}`);
  }

  /**
   * The calls waiting for this listener, taken so no other wake-up forwards them again; one whose
   * writer has stopped waiting (its timeout and the hops passed) is left for the writer to remove.
   */
  async takeCalls(em: EntityManager, listenerId: string, hopsMs: number): Promise<{ id: string; request: unknown }[]> {
    return em.getConnection().execute<{ id: string; request: unknown }[]>(
      `update listen_call set taken_at = now()
        where listener_id = ? and taken_at is null
          and created_at > now() - (((request->>'timeoutMs')::int + ?) * interval '1 millisecond')
        returning id, request`,
      [listenerId, hopsMs],
    );
  }

  /** Listeners among these that have calls waiting (after the notices were not heard for a while). */
  async listenersWithCalls(em: EntityManager, listenerIds: readonly string[]): Promise<string[]> {
    if (listenerIds.length === 0) return [];
    const rows = await em
      .getConnection()
      .execute<{ listener_id: string }[]>(
        `select distinct listener_id from listen_call where listener_id in (${placeholders(listenerIds)}) and taken_at is null`,
        [...listenerIds],
      );
    return rows.map((row) => row.listener_id);
  }

  /** Writes a relayed call's answer and wakes the instance waiting for it. */
  async answerCall(em: EntityManager, id: string, answer: unknown): Promise<void> {
    await em
      .getConnection()
      .execute(`update listen_call set answer = ?::jsonb where id = ? and answer is null`, [JSON.stringify(answer), id]);
    await this.notify(em, `answer:${id}`);
  }

  /** The answers written for these calls so far. */
  async answersOf(em: EntityManager, ids: readonly string[]): Promise<Map<string, unknown>> {
    if (ids.length === 0) return new Map();
    const rows = await em
      .getConnection()
      .execute<{ id: string; answer: unknown }[]>(
        `select id, answer from listen_call where id in (${placeholders(ids)}) and answer is not null`,
        [...ids],
      );
    return new Map(rows.map((row) => [row.id, row.answer]));
  }

  /** Removes a relayed call once its writer is done with it. */
  async removeCall(em: EntityManager, id: string): Promise<void> {
    await em.getConnection().execute(`delete from listen_call where id = ?`, [id]);
  }

  private async notify(em: EntityManager, payload: string): Promise<void> {
    await em.getConnection().execute(`select pg_notify(?, ?)`, [LISTEN_CHANNEL, payload]);
  }
}
