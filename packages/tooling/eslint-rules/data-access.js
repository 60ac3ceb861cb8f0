/**
 * `paysplit/data-access-in-repositories`: calls that reach the database (MikroORM's EntityManager,
 * connections, query builders and repositories; Knex; node-postgres) belong in a module's
 * `*.repository.ts` or in `apps/server/src/db/`. Elsewhere only the calls that shape a unit of work
 * are allowed (`transactional`, `fork`, `getTransactionContext`, and `getEventManager` to register subscribers): a service says *what* happens in
 * one transaction, its repositories say *how* a table is read or written (docs/architecture.md).
 *
 * Type-aware: a call is judged by where the called method is declared, so `participants.find(...)`
 * on an array passes while `em.find(...)` does not.
 */
import path from 'node:path';

const UNIT_OF_WORK = new Set(['transactional', 'fork', 'getTransactionContext', 'getEventManager']);
// Classes and interfaces whose methods talk to the database.
const DATA_ACCESS_OWNERS =
  /^(EntityManager|SqlEntityManager|Connection|AbstractSqlConnection|PostgreSqlConnection|QueryBuilder|SelectQueryBuilder|EntityRepository|SqlEntityRepository|Knex|Transaction|ClientBase|Client|Pool|PoolClient)$/;
const DATA_ACCESS_PACKAGES = /[\\/]node_modules[\\/](@mikro-orm[\\/]|knex[\\/]|pg[\\/]|@types[\\/]pg[\\/])/;

function ownerName(declaration) {
  for (let node = declaration.parent; node; node = node.parent) {
    if (node.name && typeof node.name.text === 'string' && node.kind !== undefined) {
      // ClassDeclaration, InterfaceDeclaration, ModuleDeclaration (Knex's namespace) all have a name.
      return node.name.text;
    }
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const dataAccessInRepositories = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps queries and writes in repositories (*.repository.ts) and db/' },
    messages: {
      outside:
        "`{{name}}` reaches the database: move it into the module's *.repository.ts (elsewhere only transactional, fork, getTransactionContext and getEventManager).",
    },
    schema: [],
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program || !services.esTreeNodeToTSNodeMap) return {};
    const checker = services.program.getTypeChecker();
    return {
      'CallExpression > MemberExpression.callee'(node) {
        if (node.property.type !== 'Identifier' || UNIT_OF_WORK.has(node.property.name)) return;
        const symbol = checker.getSymbolAtLocation(services.esTreeNodeToTSNodeMap.get(node.property));
        const declarations = symbol?.declarations ?? [];
        const reachesDatabase = declarations.some((declaration) => {
          const file = path.normalize(declaration.getSourceFile().fileName);
          return DATA_ACCESS_PACKAGES.test(file) && DATA_ACCESS_OWNERS.test(ownerName(declaration) ?? '');
        });
        if (reachesDatabase) context.report({ node: node.property, messageId: 'outside', data: { name: node.property.name } });
      },
    };
  },
};

export default { rules: { 'data-access-in-repositories': dataAccessInRepositories } };
