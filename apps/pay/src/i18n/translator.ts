import { textDirection } from '@paysplit/domain';
import { type ReactNode, useMemo } from 'react';
import { type IntlShape, type MessageDescriptor, type PrimitiveType, useIntl } from 'react-intl';
import { formatMoney } from '../money';

type RichValue = PrimitiveType | ReactNode | ((chunks: ReactNode[]) => ReactNode);

/**
 * The page's words and numbers in the reader's language. Messages are declared with
 * `defineMessages` (that is where they are extracted from) and said through this.
 */
export interface Translator {
  /** A message as text; string values are isolated in right-to-left text so names and amounts keep their order. */
  (descriptor: MessageDescriptor, values?: Record<string, PrimitiveType>): string;
  /** A message with markup: tags in it (`<strong>…</strong>`) are functions of their content, other values nodes. */
  rich(descriptor: MessageDescriptor, values: Record<string, RichValue>): ReactNode;
  /** The tag that formats numbers and dates (de-AT, ar-EG). */
  locale: string;
  dir: 'ltr' | 'rtl';
  /** Minor units in the currency, in the reader's format ("1.234,56 €" in de). */
  money(minor: bigint | string, currency: string): string;
  /** "Ben, Chloe and you": a list joined as the language joins one. */
  list(items: readonly string[]): string;
  intl: IntlShape;
}

// First strong isolate / pop directional isolate: the value is laid out on its own, then the
// sentence goes on (a Latin name or "NZ$150.00" inside Arabic text stays whole and in place).
const isolate = (value: string) => `\u2068${value}\u2069`;

export function translatorOf(intl: IntlShape): Translator {
  const dir = textDirection(intl.locale);
  const isolated = <V>(values: Record<string, V> | undefined): Record<string, V> | undefined => {
    if (values === undefined || dir === 'ltr') return values;
    return Object.fromEntries(
      Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? isolate(value) : value]),
    ) as Record<string, V>;
  };
  const format = intl.formatMessage as (descriptor: MessageDescriptor, values?: Record<string, unknown>) => string | ReactNode;
  const t = ((descriptor: MessageDescriptor, values?: Record<string, PrimitiveType>) =>
    String(format(descriptor, isolated(values)))) as Translator;
  t.rich = (descriptor, values) => format(descriptor, isolated(values)) as ReactNode;
  t.locale = intl.locale;
  t.dir = dir;
  t.money = (minor, currency) => formatMoney(minor, currency, intl.locale);
  t.list = (items) => intl.formatList(items, { type: 'conjunction' }) as string;
  t.intl = intl;
  return t;
}

/** The translator of the page's current language. */
export function useT(): Translator {
  const intl = useIntl();
  return useMemo(() => translatorOf(intl), [intl]);
}
