import sharp from 'sharp';

/** A portrait-like jpeg (a face drawn in SVG), for the photo upload journeys. */
export async function portraitJpeg(initials: string, color = '#2459ad'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#e9eef7"/><stop offset="1" stop-color="#c7d3e8"/></linearGradient></defs>
    <rect width="600" height="800" fill="url(#g)"/>
    <circle cx="300" cy="300" r="140" fill="${color}"/>
    <rect x="130" y="470" width="340" height="330" rx="170" fill="${color}"/>
    <text x="300" y="340" font-size="110" text-anchor="middle" fill="#fff" font-family="sans-serif">${initials}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}
