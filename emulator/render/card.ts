import { createHash } from "node:crypto";

export interface CardOptions {
  width: number;
  height: number;
  prompt: string;
  label: string;
  seed: string;
  /** A flat background instead of gradients and blobs: a tenth of the rendering (the "quick" renders of tests). */
  plain?: boolean;
}

export type Rgb = readonly [number, number, number];

/** Colours derived from the seed, so the same task always yields the same picture. */
export function palette(seed: string): { from: Rgb; to: Rgb; accents: Rgb[]; bytes: Buffer } {
  const bytes = createHash("sha256").update(seed).digest();
  const hue = (i: number) => ((bytes[i] ?? 0) / 255) * 360;
  const base = hue(0);
  return {
    from: hsl(base, 0.55, 0.3),
    to: hsl((base + 40 + (bytes[1] ?? 0) / 4) % 360, 0.6, 0.5),
    accents: [2, 3, 4, 5].map((i) => hsl((base + 120 + hue(i) / 2) % 360, 0.75, 0.6)),
    bytes,
  };
}

/** The SVG of a title card: the image output and the video's first frame are both this. */
export function cardSvg({ width, height, prompt, label, seed, plain = false }: CardOptions): string {
  const { from, to, accents, bytes } = palette(seed);
  const byte = (i: number) => (bytes[i % bytes.length] ?? 0) / 255;
  const unit = Math.min(width, height);
  const pad = Math.round(unit * 0.06);

  // Radial gradients fading to transparent look like blurred blobs without the cost of a blur filter.
  const blobs = accents
    .map((c, i) => {
      const cx = Math.round(byte(6 + i * 3) * width);
      const cy = Math.round(byte(7 + i * 3) * height);
      const r = Math.round(unit * (0.25 + byte(8 + i * 3) * 0.35));
      return `<radialGradient id="b${i}"><stop offset="0" stop-color="${hex(c)}" stop-opacity="0.55"/><stop offset="1" stop-color="${hex(c)}" stop-opacity="0"/></radialGradient><circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#b${i})"/>`;
    })
    .join("");

  const promptSize = Math.max(10, Math.round(unit * 0.05));
  const lineHeight = Math.round(promptSize * 1.3);
  // DejaVu Sans averages ~0.55 em per character; a bit more keeps lines inside the margin.
  const perLine = Math.max(8, Math.floor((width - 2 * pad) / (promptSize * 0.58)));
  const lines = wrap(excerpt(prompt, 80), perLine);
  const textTop = height - pad - lineHeight * (lines.length - 1);
  const promptText = lines
    .map((line, i) => {
      const y = textTop + i * lineHeight;
      const shadow = `<text x="${pad + 2}" y="${y + 2}" fill="#000" fill-opacity="0.35">${escapeXml(line)}</text>`;
      return `${shadow}<text x="${pad}" y="${y}" fill="#fff">${escapeXml(line)}</text>`;
    })
    .join("");

  // DejaVu Sans Mono is exactly 0.602 em wide per glyph, so the pill can be sized to its text.
  const labelText = excerpt(label, 60);
  const labelSize = Math.max(9, Math.round(promptSize * 0.55));
  const pillH = Math.round(labelSize * 2);
  const pillW = Math.min(width - 2 * pad, Math.round(Array.from(labelText).length * labelSize * 0.602 + labelSize * 2));
  const angle = Math.round(byte(30) * 90);

  const background = plain
    ? `<rect width="100%" height="100%" fill="${hex(from)}"/>`
    : `<rect width="100%" height="100%" fill="url(#bg)"/>${blobs}\n<rect width="100%" height="100%" fill="url(#shade)"/>`;

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${hex(from)}"/><stop offset="1" stop-color="${hex(to)}"/></linearGradient>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.5"/></linearGradient></defs>
${background}
<rect x="${pad}" y="${pad}" width="${pillW}" height="${pillH}" rx="${pillH / 2}" fill="#000" fill-opacity="0.35"/>
<text x="${pad + labelSize}" y="${pad + Math.round(pillH * 0.68)}" font-family="DejaVu Sans Mono, monospace" font-size="${labelSize}" fill="#fff" fill-opacity="0.9">${escapeXml(labelText)}</text>
<g font-family="DejaVu Sans, sans-serif" font-size="${promptSize}">${promptText}</g>
</svg>`;
}

/** Code points, not UTF-16 units, so a cut never splits a surrogate pair into invalid XML. */
function excerpt(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, " ").trim());
  if (chars.length <= max) return chars.join("");
  const cut = chars.slice(0, max).join("");
  const space = cut.lastIndexOf(" ");
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

function wrap(text: string, perLine: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ").filter(Boolean)) {
    for (let rest = Array.from(word); rest.length > 0;) {
      const room = line ? perLine - Array.from(line).length - 1 : perLine;
      if (rest.length <= room) {
        line = line ? `${line} ${rest.join("")}` : rest.join("");
        rest = [];
      } else if (line) {
        lines.push(line);
        line = "";
      } else {
        // A word longer than a whole line is broken where it overflows.
        lines.push(rest.slice(0, perLine).join(""));
        rest = rest.slice(perLine);
      }
    }
  }
  if (line) lines.push(line);
  return lines;
}

export function escapeXml(text: string): string {
  return (
    text
      // Control characters are not allowed in XML 1.0 at all, escaped or not.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return [f(0), f(8), f(4)];
}

function hex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}
