/**
 * `paysplit/words-through-messages`: what a reader of the pay pages sees or hears is said through a
 * message (`defineMessages` and `useT()`, docs/i18n.md), never written into the JSX: text between
 * tags, and the attributes people read or hear (`aria-label`, `title`, `alt`, `placeholder`,
 * `label`). Text without a letter (" · ", "—", "✕") is punctuation and may stay.
 */
const READ_ATTRIBUTES = new Set(['aria-label', 'title', 'alt', 'placeholder', 'label', 'eyebrow']);
const HAS_LETTER = /\p{L}/u;

/** @type {import('eslint').Rule.RuleModule} */
const wordsThroughMessages = {
  meta: {
    type: 'problem',
    docs: { description: 'Words on the pay pages come from the message catalogs' },
    messages: {
      text: 'Say "{{text}}" through a message (defineMessages + useT), so every language has it (docs/i18n.md).',
    },
    schema: [],
  },
  create(context) {
    const report = (node, text) => context.report({ node, messageId: 'text', data: { text: text.trim().slice(0, 40) } });
    return {
      JSXText(node) {
        if (HAS_LETTER.test(node.value)) report(node, node.value);
      },
      JSXAttribute(node) {
        const name = typeof node.name.name === 'string' ? node.name.name : '';
        if (!READ_ATTRIBUTES.has(name) || !node.value) return;
        const value =
          node.value.type === 'Literal' ? node.value.value : node.value.type === 'JSXExpressionContainer' ? node.value.expression : null;
        if (typeof value === 'string' && HAS_LETTER.test(value)) report(node, value);
        if (
          value &&
          typeof value === 'object' &&
          value.type === 'Literal' &&
          typeof value.value === 'string' &&
          HAS_LETTER.test(value.value)
        ) {
          report(node, value.value);
        }
        if (
          value &&
          typeof value === 'object' &&
          value.type === 'TemplateLiteral' &&
          value.quasis.some((quasi) => HAS_LETTER.test(quasi.value.cooked ?? ''))
        ) {
          report(node, value.quasis.map((quasi) => quasi.value.cooked).join('…'));
        }
      },
    };
  },
};

export default { rules: { 'words-through-messages': wordsThroughMessages } };
