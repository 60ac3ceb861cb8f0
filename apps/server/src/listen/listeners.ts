import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LISTEN_CLOSE_CODES } from '@paysplit/sdk';
import type { Metrics } from '../http/metrics.js';
import type { Logger } from '../logger.js';
import {
  LISTEN_HOP_MS,
  type ListenerSocket,
  type ListenOutcome,
  type ListenRequest,
  listenerSigningSecret,
  LocalListener,
} from './listener.js';
import { type ListenerHolder, ListenRepository } from './listen.repository.js';

/** A registration not refreshed for this many ping intervals belongs to an instance that died. */
const FRESH_INTERVALS = 3;

export interface ListenersOptions {
  em: () => EntityManager;
  logger: Logger;
  /** The key each listener's signing secret is derived under (from SECRETS_KEY). */
  secretKey: Buffer;
  /** How often registrations are refreshed (the sockets' ping interval). */
  pingIntervalMs: number;
  metrics?: Metrics;
}

/** Who is connecting: the integration and key that passed the handshake's checks. */
export interface ListenPrincipal {
  integrationId: string;
  apiKeyId: string;
}

/**
 * The listeners (`paysplit listen`) of one app and where each test-mode call goes (decisions,
 * "paysplit listen"): to the integration's listener when one is connected, on this instance over
 * its socket or on another through PostgreSQL (listen_call, woken by NOTIFY on LISTEN_CHANNEL, which
 * the change feed hears); otherwise nowhere new, and the caller uses the configured URL. Live-mode
 * calls are never routed here.
 */
export class Listeners {
  /** This app's id in listen_connection. */
  readonly instanceId = randomUUID();
  private readonly byIntegration = new Map<string, LocalListener>();
  /** Calls this instance relayed to another's listener, by call id, until their answers come. */
  private readonly relayed = new Map<string, (outcome: ListenOutcome) => void>();
  private readonly rechecks = new WeakMap<LocalListener, () => void>();
  /** Connections being registered, by integration. */
  private readonly connecting = new Map<string, Promise<LocalListener>>();
  private readonly repository = new ListenRepository();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: ListenersOptions) {}

  /** The listener connected here for an integration, if any. */
  localListenerOf(integrationId: string): LocalListener | undefined {
    return this.byIntegration.get(integrationId);
  }

  /** The secret a principal's calls are signed with (the ready message tells the CLI). */
  signingSecretOf(principal: ListenPrincipal): string {
    return listenerSigningSecret(this.options.secretKey, principal.apiKeyId);
  }

  /**
   * A new connection takes its integration over, here and on every instance (the notice closes the
   * older one wherever it is, with 4409). `recheck` runs when the integration's settings or keys change.
   */
  async connect(principal: ListenPrincipal, socket: ListenerSocket, recheck: () => void): Promise<LocalListener> {
    // One connection of an integration at a time here, so the newest registered is the one kept.
    const before = this.connecting.get(principal.integrationId) ?? Promise.resolve();
    const connected = before.catch(() => undefined).then(() => this.register(principal, socket, recheck));
    this.connecting.set(principal.integrationId, connected);
    try {
      return await connected;
    } finally {
      if (this.connecting.get(principal.integrationId) === connected) this.connecting.delete(principal.integrationId);
    }
  }

  private async register(principal: ListenPrincipal, socket: ListenerSocket, recheck: () => void): Promise<LocalListener> {
    const listener = new LocalListener(principal.integrationId, principal.apiKeyId, this.signingSecretOf(principal), socket);
    await this.repository.register(this.options.em(), {
      integrationId: principal.integrationId,
      listenerId: listener.id,
      instanceId: this.instanceId,
    });
    const previous = this.byIntegration.get(principal.integrationId);
    this.byIntegration.set(principal.integrationId, listener);
    this.rechecks.set(listener, recheck);
    if (previous) this.replaced(previous);
    this.options.metrics?.listenConnections.set(this.byIntegration.size);
    this.options.logger.info({ listenerId: listener.id, integrationId: principal.integrationId }, 'listener connected');
    return listener;
  }

  /** The socket closed: its calls get no answer, and its registration goes unless another took over. */
  async disconnect(listener: LocalListener): Promise<void> {
    listener.disconnected();
    if (this.byIntegration.get(listener.integrationId) !== listener) return;
    this.byIntegration.delete(listener.integrationId);
    this.options.metrics?.listenConnections.set(this.byIntegration.size);
    this.options.logger.info({ listenerId: listener.id, integrationId: listener.integrationId }, 'listener disconnected');
    await this.repository
      .unregister(this.options.em(), listener.id)
      .catch((error: unknown) => this.options.logger.warn({ err: error }, 'could not unregister a listener'));
  }

  /**
   * Where a call goes. Only a test-mode call looks for a listener; undefined means there is none and
   * the caller sends the call to the integration's configured URL, signed with its own secret.
   */
  async route(integrationId: string, mode: string, request: ListenRequest): Promise<ListenOutcome | undefined> {
    if (mode !== 'test') return undefined;
    const local = this.byIntegration.get(integrationId);
    if (local) return this.counted('socket', await local.call(request));
    let holder: ListenerHolder | undefined;
    try {
      holder = await this.repository.holderOf(this.options.em(), integrationId, FRESH_INTERVALS * this.options.pingIntervalMs);
    } catch (error) {
      this.options.logger.warn({ err: error, integrationId }, 'could not look for a listener');
      return { kind: 'none', reason: 'could not look for a listener: the database did not answer' };
    }
    // Registered by this instance but no longer here: it is being unregistered.
    if (!holder || holder.instanceId === this.instanceId) return undefined;
    return this.counted('relay', await this.relay(holder, request));
  }

  /** A notice on LISTEN_CHANNEL (the change feed's connection). */
  heard(payload: string): void {
    const [what, first, second] = payload.split(':');
    if (what === 'answer' && first) void this.collectAnswers([first]);
    else if (what === 'call' && first) {
      const listener = [...this.byIntegration.values()].find((candidate) => candidate.id === first);
      if (listener) void this.forwardRelayed(listener);
    } else if (what === 'connected' && first && second) {
      const local = this.byIntegration.get(first);
      if (local && local.id !== second) void this.checkStillHolding(local);
    }
  }

  /** The integration's settings or keys changed: its listener's key is checked again. */
  integrationChanged(integrationId: string): void {
    const local = this.byIntegration.get(integrationId);
    if (local) this.rechecks.get(local)?.();
  }

  /** After the change feed reconnects: answers and calls whose notices went unheard meanwhile. */
  catchUp(): void {
    void this.collectAnswers([...this.relayed.keys()]);
    void this.repository
      .listenersWithCalls(
        this.options.em(),
        [...this.byIntegration.values()].map((listener) => listener.id),
      )
      .then((ids) => {
        for (const listener of this.byIntegration.values()) if (ids.includes(listener.id)) void this.forwardRelayed(listener);
      })
      .catch((error: unknown) => this.options.logger.warn({ err: error }, 'could not look for relayed calls'));
  }

  /** Refreshes this instance's registrations every ping interval; one gone was replaced elsewhere. */
  start(): void {
    this.timer = setInterval(() => void this.refresh(), this.options.pingIntervalMs);
    this.timer.unref();
  }

  /** Closes every listener here (1001: they reconnect, to this instance or another) and gives up relayed calls. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    const listeners = [...this.byIntegration.values()];
    for (const listener of listeners) listener.close(1001, 'PaySplit is stopping');
    await Promise.all(listeners.map((listener) => this.disconnect(listener)));
    for (const done of [...this.relayed.values()]) done({ kind: 'none', reason: 'PaySplit stopped before the listener answered' });
  }

  private async refresh(): Promise<void> {
    const listeners = [...this.byIntegration.values()];
    try {
      const still = await this.repository.refresh(
        this.options.em(),
        listeners.map((listener) => listener.id),
      );
      for (const listener of listeners)
        if (!still.has(listener.id) && this.byIntegration.get(listener.integrationId) === listener) this.replaced(listener);
    } catch (error) {
      this.options.logger.warn({ err: error }, 'could not refresh the listeners');
    }
  }

  private async checkStillHolding(listener: LocalListener): Promise<void> {
    const holder = await this.repository.holderOf(this.options.em(), listener.integrationId).catch(() => undefined);
    if (holder && holder.listenerId !== listener.id && this.byIntegration.get(listener.integrationId) === listener) this.replaced(listener);
  }

  private replaced(listener: LocalListener): void {
    listener.close(LISTEN_CLOSE_CODES.replaced, 'A newer listener for this integration took over');
    void this.disconnect(listener);
  }

  private async relay(holder: ListenerHolder, request: ListenRequest): Promise<ListenOutcome> {
    const id = randomUUID();
    const answered = new Promise<ListenOutcome>((resolve) => {
      const timer = setTimeout(
        () => done({ kind: 'none', reason: `no reply within ${request.timeoutMs} ms` }),
        request.timeoutMs + 2 * LISTEN_HOP_MS,
      );
      timer.unref();
      const done = (outcome: ListenOutcome) => {
        clearTimeout(timer);
        this.relayed.delete(id);
        resolve(outcome);
      };
      this.relayed.set(id, done);
    });
    try {
      await this.repository.queueCall(this.options.em(), { id, listenerId: holder.listenerId, request });
    } catch (error) {
      this.options.logger.warn({ err: error }, 'could not relay a call to its listener');
      this.relayed.get(id)?.({ kind: 'none', reason: 'could not relay the call to its listener' });
    }
    const outcome = await answered;
    await this.repository.removeCall(this.options.em(), id).catch(() => undefined);
    return outcome;
  }

  private async collectAnswers(ids: readonly string[]): Promise<void> {
    const waiting = ids.filter((id) => this.relayed.has(id));
    if (waiting.length === 0) return;
    try {
      for (const [id, answer] of await this.repository.answersOf(this.options.em(), waiting)) this.relayed.get(id)?.(asOutcome(answer));
    } catch (error) {
      this.options.logger.warn({ err: error }, 'could not read relayed answers');
    }
  }

  /** Forwards the calls other instances relayed to this listener and writes their answers back. */
  private async forwardRelayed(listener: LocalListener): Promise<void> {
    try {
      for (const { id, request } of await this.repository.takeCalls(this.options.em(), listener.id, 2 * LISTEN_HOP_MS)) {
        void listener
          .call(request as ListenRequest)
          .then((outcome) => this.repository.answerCall(this.options.em(), id, outcome))
          .catch((error: unknown) => this.options.logger.warn({ err: error }, 'could not answer a relayed call'));
      }
    } catch (error) {
      this.options.logger.warn({ err: error }, 'could not take relayed calls');
    }
  }

  private counted(via: 'socket' | 'relay', outcome: ListenOutcome): ListenOutcome {
    this.options.metrics?.listenCalls.inc({ via, outcome: outcome.kind });
    return outcome;
  }
}

/** A relayed answer as written by the holder (another instance of ours); anything else is no answer. */
function asOutcome(answer: unknown): ListenOutcome {
  const value = answer as Partial<Record<string, unknown>> | null;
  if (value?.kind === 'reply' && typeof value.status === 'number' && typeof value.body === 'string') {
    return {
      kind: 'reply',
      status: value.status,
      retryAfter: typeof value.retryAfter === 'string' ? value.retryAfter : null,
      body: value.body,
    };
  }
  return { kind: 'none', reason: typeof value?.reason === 'string' ? value.reason : 'the relayed answer could not be read' };
}
