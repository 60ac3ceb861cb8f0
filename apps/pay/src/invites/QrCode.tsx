import { useEffect, useState } from 'react';
import { defineMessages } from 'react-intl';
import { useT } from '../i18n/translator';
import { qrPath } from './qr-path';

const QUIET_ZONE = 4;

const messages = defineMessages({
  making: { id: 'qr.making', defaultMessage: 'Making the QR code…', description: 'While the QR code is drawn' },
  failed: {
    id: 'qr.failed',
    defaultMessage: 'The QR code could not be made; copy the link instead.',
    description: 'Drawing the QR code failed',
  },
});

interface Props {
  value: string;
  label: string;
}

/**
 * A QR code drawn as inline SVG, made in the browser: the invite link never goes to a QR service.
 * The encoder is loaded only when a host asks for a code, so payers never download it.
 */
export function QrCode({ value, label }: Props) {
  const t = useT();
  const [matrix, setMatrix] = useState<{ size: number; d: string } | 'failed' | null>(null);

  useEffect(() => {
    let current = true;
    import('qrcode')
      .then(({ create }) => {
        const { modules } = create(value, { errorCorrectionLevel: 'M' });
        const size = modules.size;
        if (current) setMatrix({ size, d: qrPath(size, (row, col) => modules.get(row, col) === 1) });
      })
      .catch(() => {
        if (current) setMatrix('failed');
      });
    return () => {
      current = false;
    };
  }, [value]);

  if (matrix === null) return <p className="hint">{t(messages.making)}</p>;
  if (matrix === 'failed') return <p className="hint">{t(messages.failed)}</p>;
  const box = matrix.size + QUIET_ZONE * 2;
  return (
    <svg className="qr" role="img" aria-label={label} viewBox={`0 0 ${box} ${box}`} shapeRendering="crispEdges">
      <rect width={box} height={box} fill="#fff" />
      <path d={matrix.d} fill="#000" transform={`translate(${QUIET_ZONE} ${QUIET_ZONE})`} />
    </svg>
  );
}
