import type { Rule } from 'eslint';

declare const plugin: { rules: { 'words-through-messages': Rule.RuleModule } };
export default plugin;
