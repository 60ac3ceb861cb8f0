import { type DocumentNode, getOperationAST, Kind, type TypeNode } from 'graphql';

/** Distinct costed variants kept per document: enough for every page size a UI sends, bounded against a caller that varies them. */
const VARIANTS_PER_DOCUMENT = 32;

interface DocumentCosts {
  /** Per operation name: its variables, and whether the cost can depend on their values. */
  variables: Map<string, readonly { name: string; valueCounts: boolean }[]>;
  costs: Map<string, number>;
}

/**
 * Remembers an operation's estimated cost (query-limits.ts) so a known document is walked once,
 * not on every request. The cost depends on the document, the operation, the values of its Int
 * variables (FIELD_COSTS read only `first`) and Boolean ones (@skip/@include); other variables
 * count only as absent, null (which can make estimating fail, and must keep failing) or set.
 * Keyed by the parsed document Apollo keeps in its document cache: entries go when it forgets it.
 */
export class OperationCostCache {
  private readonly byDocument = new WeakMap<DocumentNode, DocumentCosts>();

  get(
    document: DocumentNode,
    operationName: string | null | undefined,
    variables: Record<string, unknown> | undefined,
  ): number | undefined {
    const entry = this.byDocument.get(document);
    return entry?.costs.get(this.key(entry, document, operationName, variables));
  }

  set(
    document: DocumentNode,
    operationName: string | null | undefined,
    variables: Record<string, unknown> | undefined,
    cost: number,
  ): void {
    let entry = this.byDocument.get(document);
    if (!entry) {
      entry = { variables: new Map(), costs: new Map() };
      this.byDocument.set(document, entry);
    }
    if (entry.costs.size >= VARIANTS_PER_DOCUMENT) return;
    entry.costs.set(this.key(entry, document, operationName, variables), cost);
  }

  private key(
    entry: DocumentCosts | undefined,
    document: DocumentNode,
    operationName: string | null | undefined,
    variables: Record<string, unknown> | undefined,
  ): string {
    const name = operationName ?? '';
    let defined = entry?.variables.get(name);
    if (!defined) {
      defined = (getOperationAST(document, operationName)?.variableDefinitions ?? []).map((definition) => ({
        name: definition.variable.name.value,
        valueCounts: isIntOrBoolean(definition.type),
      }));
      entry?.variables.set(name, defined);
    }
    const shapes = defined.map(({ name: variable, valueCounts }) => {
      const value = variables?.[variable];
      if (value === undefined) return 'absent';
      return valueCounts || value === null ? value : 'set';
    });
    return JSON.stringify([name, ...shapes]);
  }
}

function isIntOrBoolean(type: TypeNode): boolean {
  if (type.kind === Kind.NON_NULL_TYPE) return isIntOrBoolean(type.type);
  return type.kind === Kind.NAMED_TYPE && (type.name.value === 'Int' || type.name.value === 'Boolean');
}
