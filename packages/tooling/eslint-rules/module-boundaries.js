/**
 * `paysplit/module-boundaries`: a module under `apps/server/src/modules/<name>/` is entered through
 * its front door, `modules/<name>/index.ts`, and only from below in the drawn order (the `order`
 * option, drawn in docs/architecture.md): a module may use the ones before it, never one after it.
 *
 * - From outside a module, importing anything of it but its index is refused (`internal`); the one
 *   other door is `entities.ts`, the module's tables for the ORM's entity list (db/entities.ts),
 *   which loads the entity classes and nothing else.
 * - From inside module A, importing module B where B does not come before A is refused (`order`),
 *   type-only imports included: a type reaching upwards is the same coupling, only later.
 * - A front door may hand out the types of its entities and repositories (so another module can
 *   declare a relation or read a loaded row), never the classes themselves (`exported`): another
 *   module reaches this one's tables through its services. Mappers and GraphQL types are the
 *   module's part of the one schema, which other modules' resolvers extend: those may be shared.
 */
import path from 'node:path';

const MODULES = `${path.sep}src${path.sep}modules${path.sep}`;
const INTERNAL_KINDS = /\.(entity|repository)(\.js|\.ts)?$/;

/** The module a file belongs to and its path inside it, or undefined outside modules/. */
function placeOf(file) {
  const at = file.lastIndexOf(MODULES);
  if (at < 0) return undefined;
  const [name, ...rest] = file.slice(at + MODULES.length).split(path.sep);
  return rest.length ? { name, inside: rest.join('/') } : undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Modules are entered through their index.ts, and only in the order drawn in docs/architecture.md' },
    messages: {
      internal: '`{{source}}` is inside the {{target}} module: import its front door, modules/{{target}}/index.ts.',
      order: 'The {{from}} module may not import {{target}}: docs/architecture.md draws {{target}} above {{from}} (order: {{order}}).',
      unknown: 'modules/{{target}} is not in the drawn module order: add it to docs/architecture.md and the lint configuration.',
      exported:
        "A front door hands out types of its entities and repositories, not the classes: use `export type` (others reach this module's tables through its services).",
    },
    schema: [
      {
        type: 'object',
        properties: { order: { type: 'array', items: { type: 'string' } } },
        required: ['order'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const order = context.options[0].order;
    const file = context.filename;
    const here = placeOf(file);
    const isFrontDoor = here && here.inside === 'index.ts';

    function check(node, source, typeOnly, isExport = false) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = placeOf(path.resolve(path.dirname(file), source));
      if (isFrontDoor && isExport && !typeOnly && target?.name === here.name && INTERNAL_KINDS.test(target.inside)) {
        context.report({ node, messageId: 'exported' });
      }
      if (!target || target.name === here?.name) return;
      if (!order.includes(target.name)) {
        context.report({ node, messageId: 'unknown', data: { target: target.name } });
        return;
      }
      if (!/^(index|entities)(\.js|\.ts)?$/.test(target.inside)) {
        context.report({ node, messageId: 'internal', data: { source, target: target.name } });
      }
      if (here && order.indexOf(target.name) >= order.indexOf(here.name)) {
        context.report({ node, messageId: 'order', data: { from: here.name, target: target.name, order: order.join(' < ') } });
      }
    }

    const typeOnlyExport = (node) =>
      node.exportKind === 'type' || (node.specifiers?.length > 0 && node.specifiers.every((specifier) => specifier.exportKind === 'type'));
    const typeOnlyImport = (node) =>
      node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((specifier) => specifier.importKind === 'type'));

    return {
      ImportDeclaration: (node) => check(node, node.source.value, typeOnlyImport(node)),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, typeOnlyExport(node), true),
      ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type', true),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value, false),
    };
  },
};

export default { rules: { 'module-boundaries': moduleBoundaries } };
