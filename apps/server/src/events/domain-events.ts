import type { EntityManager } from '@mikro-orm/postgresql';

/** A reaction to a domain event, run inside the transaction that caused it. */
export type Reaction<Event> = (tx: EntityManager, event: Event) => Promise<void>;

/**
 * Typed domain events, published inside the transaction of their cause: the module that changed
 * state publishes, the modules that react subscribe (at start, in createServices), and the module
 * that changed state imports none of them. Reactions run in turn, in the order they subscribed, on
 * the publisher's EntityManager: the rows a reaction writes (a webhook event, an email) commit or
 * roll back with their cause, which is the outbox's guarantee. A reaction that throws rolls the
 * cause back too; reactions are writes of rows, never calls to the outside world, which the job
 * runner makes after the commit.
 */
export class DomainEvents<Events extends { [Name in keyof Events]: object }> {
  private readonly reactions = new Map<keyof Events, Reaction<never>[]>();

  /** Adds a reaction to one kind of event; returns itself so a module can subscribe to several in a row. */
  on<Name extends keyof Events>(name: Name, reaction: Reaction<Events[Name]>): this {
    const list = this.reactions.get(name) ?? [];
    list.push(reaction as Reaction<never>);
    this.reactions.set(name, list);
    return this;
  }

  /** Runs every reaction to the event in the caller's transaction, one after the other. */
  async publish<Name extends keyof Events>(tx: EntityManager, name: Name, event: Events[Name]): Promise<void> {
    for (const reaction of (this.reactions.get(name) ?? []) as Reaction<Events[Name]>[]) await reaction(tx, event);
  }
}
