import { lazy, memo, Suspense, type CSSProperties } from 'react';

/**
 * A QR code whose library (qrcode.react, ≈6 KB gzip) is fetched when one is first drawn, so the
 * header, footer and home page (which show them) do not carry it in the code /home loads. Until it
 * arrives a white square of the same size holds the place, so nothing around it moves.
 */
const QRCodeSVG = lazy(async () => ({ default: (await import('qrcode.react')).QRCodeSVG }));

/**
 * Memoised: drawing one computes its whole matrix (qrcode.react showed in /home's profiles), and
 * /home, which shows the two download codes, re-renders at every tick of every pair.
 */
export const QrCode = memo(function QrCode(props: { value: string; size: number; style?: CSSProperties }) {
  const placeholder = <svg width={props.size} height={props.size} style={props.style} aria-hidden />;
  return (
    <Suspense fallback={placeholder}>
      <QRCodeSVG value={props.value} size={props.size} style={props.style} />
    </Suspense>
  );
});
