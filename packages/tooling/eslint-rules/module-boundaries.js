/**
 * `paysplit/module-boundaries`: a module under `apps/server/src/modules/<name>/` is entered through
 * its front door, `modules/<name>/index.ts`, and only from below in the drawn order (the `order`
 * option, drawn in docs/architecture.md): a module may use the ones before it, never one after it.
 *
 * - From outside a module, importing anything of it but its index is refused (`internal`). The one
 *   other door is `entities.ts`, the module's tables for the ORM's entity list, open to `db/` alone
 *   (it loads the entity classes and nothing else).
 * - From inside module A, importing module B where B does not come before A is refused (`order`),
 *   type-only imports included (`import('…').T` too): a type reaching upwards is the same coupling,
 *   only later.
 * - The infrastructure the modules build on (the `infrastructure` option: graphql/, db/, http/ and
 *   the like) may import a front door for its types only (`infrastructure`): a front door loads its
 *   module's resolvers, and infrastructure that loads them at run time closes an import cycle in
 *   which a decorator can read a value before it exists. The files that put the modules together
 *   (the `composers` option) may.
 * - A front door may hand out the types of its entities and repositories (so another module can
 *   declare a relation or read a loaded row), never the classes themselves (`exported`), whether
 *   re-exported from their file or imported and exported again: another module reaches this one's
 *   tables through its services. Mappers and GraphQL types are the module's part of the one
 *   schema, which other modules' resolvers extend: those may be shared.
 */
import path from 'node:path';

const MODULES = `${path.sep}src${path.sep}modules${path.sep}`;
const SOURCE = `${path.sep}src${path.sep}`;
const INTERNAL_KINDS = /\.(entity|repository)(\.js|\.ts)?$/;

/** The module a file belongs to and its path inside it, or undefined outside modules/. */
function placeOf(file) {
  const at = file.lastIndexOf(MODULES);
  if (at < 0) return undefined;
  const [name, ...rest] = file.slice(at + MODULES.length).split(path.sep);
  return rest.length ? { name, inside: rest.join('/') } : undefined;
}

/** The path of a server file below src/ ('graphql/context.ts'), or undefined. */
function sourcePath(file) {
  const at = file.lastIndexOf(SOURCE);
  return at < 0
    ? undefined
    : file
        .slice(at + SOURCE.length)
        .split(path.sep)
        .join('/');
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
      infrastructure:
        '{{file}} is infrastructure the modules build on: import the {{target}} module for its types only (`import type`); loading a front door here closes an import cycle.',
      exported:
        "A front door hands out types of its entities and repositories, not the classes: use `export type` (others reach this module's tables through its services).",
    },
    schema: [
      {
        type: 'object',
        properties: {
          order: { type: 'array', items: { type: 'string' } },
          infrastructure: { type: 'array', items: { type: 'string' } },
          composers: { type: 'array', items: { type: 'string' } },
        },
        required: ['order'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { order, infrastructure = [], composers = [] } = context.options[0];
    const file = context.filename;
    const here = placeOf(file);
    const inSource = sourcePath(file);
    const isFrontDoor = here && here.inside === 'index.ts';
    const isInfrastructure =
      inSource !== undefined && !composers.includes(inSource) && infrastructure.some((folder) => inSource.startsWith(`${folder}/`));
    /** Local names a front door imported from its own entity or repository files as values. */
    const internalValues = new Set();

    const resolve = (source) => placeOf(path.resolve(path.dirname(file), source));

    function check(node, source, typeOnly, isExport = false) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = resolve(source);
      if (isFrontDoor && isExport && !typeOnly && target?.name === here.name && INTERNAL_KINDS.test(target.inside)) {
        context.report({ node, messageId: 'exported' });
      }
      if (!target || target.name === here?.name) return;
      if (!order.includes(target.name)) {
        context.report({ node, messageId: 'unknown', data: { target: target.name } });
        return;
      }
      const frontDoor = /^index(\.js|\.ts)?$/.test(target.inside);
      const door = frontDoor || (/^entities(\.js|\.ts)?$/.test(target.inside) && inSource?.startsWith('db/'));
      if (!door) context.report({ node, messageId: 'internal', data: { source, target: target.name } });
      if (here && order.indexOf(target.name) >= order.indexOf(here.name)) {
        context.report({ node, messageId: 'order', data: { from: here.name, target: target.name, order: order.join(' < ') } });
      }
      if (isInfrastructure && frontDoor && !typeOnly) {
        context.report({ node, messageId: 'infrastructure', data: { file: inSource, target: target.name } });
      }
    }

    const typeOnlyExport = (node) =>
      node.exportKind === 'type' || (node.specifiers?.length > 0 && node.specifiers.every((specifier) => specifier.exportKind === 'type'));
    const typeOnlyImport = (node) =>
      node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((specifier) => specifier.importKind === 'type'));

    return {
      ImportDeclaration(node) {
        check(node, node.source.value, typeOnlyImport(node));
        const target = isFrontDoor && node.importKind !== 'type' && resolve(node.source.value);
        if (target && target.name === here.name && INTERNAL_KINDS.test(target.inside)) {
          for (const specifier of node.specifiers) if (specifier.importKind !== 'type') internalValues.add(specifier.local.name);
        }
      },
      ExportNamedDeclaration(node) {
        if (node.source) {
          check(node, node.source.value, typeOnlyExport(node), true);
          return;
        }
        // `import { Session } from './session.entity.js'; export { Session };` hands out the class as well.
        if (node.exportKind === 'type') return;
        for (const specifier of node.specifiers ?? []) {
          if (specifier.exportKind !== 'type' && internalValues.has(specifier.local.name))
            context.report({ node: specifier, messageId: 'exported' });
        }
      },
      ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type', true),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value, false),
      // `import('../sessions/session.entity.js').Session` in a type position.
      TSImportType(node) {
        const literal = node.argument?.literal ?? node.argument;
        if (literal?.type === 'Literal') check(node, literal.value, true);
      },
    };
  },
};

export default { rules: { 'module-boundaries': moduleBoundaries } };
