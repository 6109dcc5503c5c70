import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/** A QR code drawn as SVG squares (sharp at any print resolution, no HTML injection). */
export function QrCode({ value, size = 96, label }: { value: string; size?: number; label: string }) {
  const cells = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(value);
    qr.make();
    const count = qr.getModuleCount();
    const dark: [number, number][] = [];
    for (let r = 0; r < count; r++) for (let c = 0; c < count; c++) if (qr.isDark(r, c)) dark.push([c, r]);
    return { count, dark };
  }, [value]);
  const margin = 2;
  const box = cells.count + margin * 2;
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${box} ${box}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
    >
      <rect width={box} height={box} fill="#fff" />
      {cells.dark.map(([x, y]) => (
        <rect key={`${x}:${y}`} x={x + margin} y={y + margin} width={1} height={1} fill="#000" />
      ))}
    </svg>
  );
}
