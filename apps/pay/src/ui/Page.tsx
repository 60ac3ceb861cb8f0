import { type ReactNode, useEffect, useRef } from 'react';
import { LanguagePicker } from '../i18n/LanguagePicker';
import { accentStyle, type Merchant, MerchantHeader } from './MerchantHeader';

/** The name of the service: the same in every language. */
const BRAND = 'PaySplit';

interface Props {
  /** The page's h1, also the tab title. */
  title: string;
  /** Above the heading: who organised it, say. */
  eyebrow?: ReactNode;
  /** Move focus to the heading when this screen appears or changes (an end state replacing another). */
  focusHeading?: boolean;
  banner?: ReactNode;
  /** Who is paid and for what, shown first; their accent colours the primary buttons. */
  merchant?: Merchant;
  children?: ReactNode;
}

/** One screen: landmark, heading, and the tab title, so each state reads as its own page. */
export function Page({ title, eyebrow, focusHeading = false, banner, merchant, children }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const merchantName = merchant?.merchantName;
  useEffect(() => {
    document.title = `${title} · ${merchantName ?? BRAND}`;
  }, [title, merchantName]);
  // A new heading means a new screen: take focus there so a screen reader starts reading it.
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, [focusHeading, title]);

  return (
    <div className="app" data-accent={merchant?.accentColor ? '' : undefined} style={accentStyle(merchant?.accentColor)}>
      <header className="brand" aria-label={BRAND}>
        <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
          <rect width="32" height="32" rx="8" fill="currentColor" />
          <circle cx="16" cy="16" r="9" fill="none" stroke="var(--surface)" strokeWidth="2.5" />
          <path d="M16 7a9 9 0 0 1 0 18z" fill="var(--surface)" />
        </svg>
        {BRAND}
        <LanguagePicker />
      </header>
      <main className="page">
        {banner}
        {merchant && <MerchantHeader merchant={merchant} />}
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {children}
      </main>
    </div>
  );
}
