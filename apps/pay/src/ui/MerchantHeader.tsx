import type { CSSProperties } from 'react';
import { defineMessages } from 'react-intl';
import { useT } from '../i18n/translator';
import type { PaySessionView } from '../session/session-query';
import './merchant-header.css';

const messages = defineMessages({
  logo: { id: 'merchant.logo', defaultMessage: '{merchant} logo', description: 'Alt text of the merchant’s logo' },
});

export type Merchant = Pick<PaySessionView, 'merchantName' | 'merchantLogoUrl' | 'accentColor' | 'description'>;

/**
 * Who is paid and for what, first on every pay page: "Harbour Table · Dinner for 4". The logo
 * is an https image (the page's CSP allows no other); it sends no referrer.
 */
export function MerchantHeader({ merchant }: { merchant: Merchant }) {
  const t = useT();
  return (
    <div className="merchant">
      {merchant.merchantLogoUrl && (
        <img
          className="merchant-logo"
          src={merchant.merchantLogoUrl}
          alt={t(messages.logo, { merchant: merchant.merchantName })}
          referrerPolicy="no-referrer"
        />
      )}
      <p className="merchant-line">
        <bdi className="merchant-name">{merchant.merchantName}</bdi>
        {merchant.description && (
          <>
            <span aria-hidden="true"> · </span>
            <bdi className="merchant-purchase">{merchant.description}</bdi>
          </>
        )}
      </p>
    </div>
  );
}

/**
 * The merchant's accent for the page's primary buttons and the header's stripe. The server
 * accepts only colours on which white text reaches 4.5:1, so white labels stay readable.
 */
export function accentStyle(accentColor: string | null | undefined): CSSProperties | undefined {
  return accentColor ? ({ '--accent': accentColor } as CSSProperties) : undefined;
}
