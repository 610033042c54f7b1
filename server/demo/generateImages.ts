// Generates the demo pictures (no photo can be downloaded here): SVG compositions in wood tones —
// the silhouette of each object, wood grain, warm gradients — rendered to JPEG with sharp.
// Deterministic: the same name always gives the same picture. Output: server/demo/images/
// (committed, served after DATA_DIR/images). Run: npm run server:images
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { demoProjects, demoTypes, pageImages, type ArtKind } from './content.ts';

const W = 1200;
const H = 900;

// ---------- deterministic randomness ----------
function seeded(name: string): () => number {
  let h = 2166136261;
  for (const c of name) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Wood { light: string; mid: string; dark: string; grain: string }
const WOODS: Wood[] = [
  { light: '#d6ab72', mid: '#b98a52', dark: '#7d5630', grain: '#8c6238' }, // chêne
  { light: '#9a6846', mid: '#7b4f32', dark: '#4d2f1c', grain: '#5a3822' }, // noyer
  { light: '#ecd3a4', mid: '#d8b57f', dark: '#a9834f', grain: '#b38d5a' }, // érable
  { light: '#cf8a5a', mid: '#b06c40', dark: '#7a4526', grain: '#8f5531' }, // cèdre
  { light: '#efcf98', mid: '#ddb174', dark: '#a97d45', grain: '#b9894d' }, // pin
];
const WALLS = ['#f3ece1', '#efe6d8', '#e9e2d3', '#e6ddd0', '#dfe3d6', '#efe2d4'];

interface Ctx { r: () => number; wood: Wood; defs: string[]; id: number }
const pick = <T,>(r: () => number, list: T[]): T => list[Math.floor(r() * list.length)] as T;
const between = (r: () => number, a: number, b: number) => a + (b - a) * r();
const uid = (c: Ctx, p: string) => `${p}${c.id++}`;

function woodGradient(c: Ctx, vertical: boolean, wood = c.wood): string {
  const id = uid(c, 'w');
  const [x2, y2] = vertical ? ['1', '0'] : ['0', '1'];
  c.defs.push(
    `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${wood.light}"/><stop offset="0.55" stop-color="${wood.mid}"/><stop offset="1" stop-color="${wood.dark}"/></linearGradient>`,
  );
  return `url(#${id})`;
}

/** A plank with a gradient, a few grain lines and a dark edge. */
function plank(c: Ctx, x: number, y: number, w: number, h: number, wood = c.wood): string {
  const vertical = h > w;
  let grain = '';
  const lines = Math.max(2, Math.round((vertical ? w : h) / 9));
  for (let i = 1; i < lines; i++) {
    if (vertical) {
      const gx = x + (w * i) / lines + between(c.r, -2, 2);
      const bend = between(c.r, -6, 6);
      grain += `<path d="M${gx.toFixed(1)} ${y} Q${(gx + bend).toFixed(1)} ${y + h / 2} ${gx.toFixed(1)} ${y + h}" stroke="${wood.grain}" stroke-opacity="0.35" stroke-width="1.2" fill="none"/>`;
    } else {
      const gy = y + (h * i) / lines + between(c.r, -2, 2);
      const bend = between(c.r, -5, 5);
      grain += `<path d="M${x} ${gy.toFixed(1)} Q${x + w / 2} ${(gy + bend).toFixed(1)} ${x + w} ${gy.toFixed(1)}" stroke="${wood.grain}" stroke-opacity="0.35" stroke-width="1.2" fill="none"/>`;
    }
  }
  if (c.r() < 0.5) {
    const kx = x + between(c.r, 0.2, 0.8) * w;
    const ky = y + between(c.r, 0.2, 0.8) * h;
    grain += `<ellipse cx="${kx.toFixed(1)}" cy="${ky.toFixed(1)}" rx="${(vertical ? w / 8 : 9).toFixed(1)}" ry="${(vertical ? 9 : h / 8).toFixed(1)}" fill="none" stroke="${wood.dark}" stroke-opacity="0.35" stroke-width="1.4"/>`;
  }
  return `<g><rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" rx="2" fill="${woodGradient(c, vertical, wood)}" stroke="${wood.dark}" stroke-width="1.5"/>${grain}</g>`;
}

const shadow = (cx: number, cy: number, rx: number, ry = 18) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#2b1d10" opacity="0.28" filter="url(#soft)"/>`;

function indoor(c: Ctx, floorY = 700): string {
  const wall = pick(c.r, WALLS);
  const id = uid(c, 'wall');
  c.defs.push(`<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fffaf2"/><stop offset="1" stop-color="${wall}"/></linearGradient>`);
  const floorWood = pick(c.r, WOODS);
  let floor = '';
  for (let y = floorY; y < H; y += 34) floor += plank(c, -120 + ((y / 34) % 2) * 60, y, W + 300, 34, floorWood);
  return `<rect width="${W}" height="${H}" fill="url(#${id})"/><circle cx="${between(c.r, 150, 1050)}" cy="120" r="420" fill="#fff6e0" opacity="0.45" filter="url(#glow)"/>${floor}<rect x="0" y="${floorY - 16}" width="${W}" height="18" fill="#faf6ef" stroke="#d8cbb8"/>`;
}

function outdoor(c: Ctx, groundY = 690): string {
  const id = uid(c, 'sky');
  c.defs.push(`<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9cc3d9"/><stop offset="0.7" stop-color="#f3dfb8"/><stop offset="1" stop-color="#f7c98e"/></linearGradient>`);
  const sunX = between(c.r, 150, 1050);
  let hedge = '';
  for (let x = -40; x < W + 60; x += between(c.r, 60, 110)) {
    hedge += `<circle cx="${x.toFixed(0)}" cy="${(groundY - between(c.r, 40, 110)).toFixed(0)}" r="${between(c.r, 60, 110).toFixed(0)}" fill="${pick(c.r, ['#4f6b3a', '#5d7a43', '#466237', '#6b8a4c'])}"/>`;
  }
  return `<rect width="${W}" height="${H}" fill="url(#${id})"/><circle cx="${sunX}" cy="170" r="90" fill="#fff3cf" filter="url(#glow)"/>${hedge}<rect x="0" y="${groundY}" width="${W}" height="${H - groundY}" fill="#7d9a55"/><rect x="0" y="${groundY}" width="${W}" height="${H - groundY}" fill="url(#grass)" opacity="0.6"/>`;
}

const plant = (c: Ctx, x: number, y: number, s = 1) => {
  let leaves = '';
  for (let i = 0; i < 7; i++) {
    const a = -Math.PI / 2 + between(c.r, -1.2, 1.2);
    const l = between(c.r, 40, 80) * s;
    leaves += `<ellipse cx="${(x + Math.cos(a) * l * 0.5).toFixed(1)}" cy="${(y + Math.sin(a) * l * 0.5).toFixed(1)}" rx="${(l / 2).toFixed(1)}" ry="${(9 * s).toFixed(1)}" transform="rotate(${((a * 180) / Math.PI).toFixed(0)} ${(x + Math.cos(a) * l * 0.5).toFixed(1)} ${(y + Math.sin(a) * l * 0.5).toFixed(1)})" fill="${pick(c.r, ['#5f8a4a', '#4d7a3c', '#76a05a'])}"/>`;
  }
  return `<g>${leaves}<path d="M${x - 22 * s} ${y} h${44 * s} l${-6 * s} ${34 * s} h${-32 * s} z" fill="${pick(c.r, ['#c9765a', '#e8dccb', '#8a9aa6'])}"/></g>`;
};

const books = (c: Ctx, x: number, y: number, width: number) => {
  let out = '';
  let bx = x;
  while (bx < x + width - 20) {
    const w = between(c.r, 14, 26);
    const h = between(c.r, 70, 105);
    out += `<rect x="${bx.toFixed(1)}" y="${(y - h).toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="${pick(c.r, ['#8c3b2e', '#2f4858', '#c9a24d', '#5b6b4a', '#e8dccb', '#6d4c6b', '#a7603b'])}" stroke="#2b1d10" stroke-opacity="0.3"/>`;
    bx += w + 2;
  }
  return out;
};

// ---------- one drawing per kind ----------
const draw: Record<ArtKind, (c: Ctx) => string> = {
  bench(c) {
    const x = between(c.r, 260, 340);
    const w = W - 2 * x;
    let s = outdoor(c) + shadow(W / 2, 760, w / 2 + 30);
    for (const lx of [x + 30, x + w - 60]) s += plank(c, lx, 560, 32, 200);
    for (let i = 0; i < 3; i++) s += plank(c, x, 540 + i * 24, w, 22);
    if (c.r() < 0.7) {
      for (const lx of [x + 30, x + w - 60]) s += plank(c, lx, 360, 26, 190);
      for (let i = 0; i < 3; i++) s += plank(c, x - 10, 380 + i * 40, w + 20, 26);
    } else {
      s += plank(c, x - 10, 470, w + 20, 70);
    }
    return s;
  },
  raisedBed(c) {
    let s = outdoor(c) + shadow(W / 2, 770, 420);
    const x = 200;
    const w = 800;
    for (const lx of [x + 20, x + w - 60]) s += plank(c, lx, 560, 40, 200);
    for (let i = 0; i < 4; i++) s += plank(c, x, 420 + i * 38, w, 36);
    for (let i = 0; i < 14; i++) s += plant(c, x + 60 + i * 52, 420, between(c.r, 0.7, 1.1)).replace(/<path[^>]*\/>/, '');
    return s;
  },
  planter(c) {
    let s = outdoor(c) + shadow(W / 2, 740, 380);
    s += plank(c, 260, 560, 680, 60) + plank(c, 260, 620, 680, 60);
    for (let i = 0; i < 16; i++) {
      const fx = 290 + i * 40 + between(c.r, -8, 8);
      const fy = between(c.r, 430, 520);
      s += `<path d="M${fx} 560 Q${fx + 5} ${fy + 40} ${fx} ${fy}" stroke="#4d7a3c" stroke-width="4" fill="none"/><circle cx="${fx}" cy="${fy}" r="${between(c.r, 12, 20).toFixed(0)}" fill="${pick(c.r, ['#d9534f', '#f0ad4e', '#f7e27a', '#c86fb0', '#ffffff'])}"/>`;
    }
    return s;
  },
  deck(c) {
    let s = outdoor(c, 560);
    for (let i = 0; i < 12; i++) {
      const y0 = 600 + i * 27;
      const inset = (12 - i) * 14;
      s += plank(c, 40 + inset, y0, W - 80 - 2 * inset, 25);
    }
    for (let i = 0; i < 7; i++) s += plank(c, 180 + i * 140, 470, 18, 140);
    s += plank(c, 150, 455, 900, 20);
    return s;
  },
  pergola(c) {
    let s = outdoor(c) + shadow(W / 2, 780, 470, 26);
    for (const px of [200, 560, 940]) s += plank(c, px, 300, 44, 470);
    s += plank(c, 150, 270, 900, 36) + plank(c, 150, 306, 900, 18);
    for (let i = 0; i < 12; i++) s += plank(c, 170 + i * 75, 240, 16, 40);
    for (let i = 0; i < 10; i++) s += `<circle cx="${between(c.r, 180, 1020)}" cy="${between(c.r, 250, 330)}" r="${between(c.r, 20, 40)}" fill="#5d7a43" opacity="0.9"/>`;
    return s;
  },
  floatingShelf(c) {
    let s = indoor(c);
    for (let i = 0; i < 3; i++) {
      const y = 230 + i * 150;
      s += shadow(600, y + 40, 330, 10) + plank(c, 270, y, 660, 34);
      s += i === 1 ? books(c, 300, y, 260) + plant(c, 780, y - 34, 0.9) : `<ellipse cx="420" cy="${y - 24}" rx="70" ry="24" fill="#efe7da" stroke="#c9b9a3"/>` + plant(c, 700, y - 34, 0.8);
    }
    return s;
  },
  cornerShelf(c) {
    let s = indoor(c);
    s += `<polygon points="600,0 600,700 0,900 0,0" fill="#000" opacity="0.05"/>`;
    for (let i = 0; i < 5; i++) {
      const y = 170 + i * 105;
      s += `<path d="M600 ${y} L${380 - i * 6} ${y + 50} A260 90 0 0 0 ${820 + i * 6} ${y + 50} Z" fill="${woodGradient(c, false)}" stroke="${c.wood.dark}" stroke-width="2"/>`;
      s += plant(c, 520 + (i % 2) * 150, y + 18, 0.6);
    }
    return s;
  },
  cabinet(c) {
    let s = indoor(c) + shadow(600, 705, 420);
    s += plank(c, 220, 380, 760, 40);
    for (let i = 0; i < 3; i++) s += plank(c, 240 + i * 243, 420, 236, 230);
    for (let i = 0; i < 3; i++) s += `<rect x="${345 + i * 243}" y="470" width="26" height="8" rx="4" fill="#3a2a1a"/>`;
    for (const lx of [250, 930]) s += plank(c, lx, 650, 20, 50);
    s += plant(c, 320, 380, 1) + `<rect x="700" y="250" width="180" height="130" fill="#f7f1e6" stroke="#b59b78" stroke-width="8"/>`;
    return s;
  },
  stairStorage(c) {
    let s = indoor(c);
    let stairs = '';
    for (let i = 0; i < 8; i++) stairs += plank(c, 200 + i * 100, 620 - i * 75, 1000 - i * 100, 26);
    s += `<polygon points="200,700 1100,700 1100,80" fill="#efe6d8" stroke="#d8cbb8"/>` + stairs;
    for (let i = 0; i < 4; i++) {
      const x = 330 + i * 190;
      const top = 640 - (i + 1) * 140 + 140;
      s += plank(c, x, Math.max(top, 260), 180, 690 - Math.max(top, 260)) + `<rect x="${x + 70}" y="${Math.max(top, 260) + 30}" width="40" height="10" rx="5" fill="#3a2a1a"/>`;
    }
    return s;
  },
  paint(c) {
    const color = pick(c.r, ['#c9b48f', '#9fb49a', '#d9a77c', '#b9c4cf']);
    let s = indoor(c);
    s += `<path d="M0 0 H${between(c.r, 620, 820)} L${between(c.r, 560, 700)} 684 H0 Z" fill="${color}"/>`;
    s += `<rect x="760" y="250" width="180" height="60" rx="18" fill="#f7f1e6" stroke="#8c7a62" stroke-width="4"/><path d="M850 310 V390 H830 V560" stroke="#5a4632" stroke-width="12" fill="none"/>`;
    s += `<path d="M140 640 h260 l-30 60 h-200 z" fill="#b8b8b8"/><path d="M170 640 h200 l-20 40 h-160 z" fill="${color}"/>`;
    return s;
  },
  repair(c) {
    let s = indoor(c);
    s += plank(c, 180, 560, 840, 40) + `<rect x="200" y="600" width="800" height="100" fill="#f4efe6" stroke="#d8cbb8"/>`;
    for (let i = 0; i < 3; i++) {
      const x = 350 + i * 250;
      s += `<line x1="${x}" y1="0" x2="${x}" y2="300" stroke="#2d2a26" stroke-width="3"/><circle cx="${x}" cy="360" r="90" fill="#fff2c4" opacity="0.5" filter="url(#glow)"/><path d="M${x - 70} 360 Q${x} 250 ${x + 70} 360 Z" fill="${pick(c.r, ['#2f4858', '#3a2a1a', '#c9a24d'])}"/>`;
    }
    return s;
  },
  lockers(c) {
    let s = indoor(c) + shadow(600, 705, 470);
    const n = 4 + Math.floor(c.r() * 2);
    const w = 880 / n;
    for (let i = 0; i <= n; i++) s += plank(c, 160 + i * w, 130, 20, 560);
    s += plank(c, 150, 110, 920, 30) + plank(c, 160, 520, 900, 40) + plank(c, 160, 240, 900, 22);
    for (let i = 0; i < n; i++) {
      const cx = 160 + i * w + w / 2 + 10;
      s += `<circle cx="${cx}" cy="300" r="8" fill="#3a2a1a"/><path d="M${cx - 45} 310 h90 l12 170 h-114 z" fill="${pick(c.r, ['#8c3b2e', '#2f4858', '#c9a24d', '#5b6b4a', '#a7603b'])}" opacity="0.95"/>`;
      s += `<rect x="${cx - 50}" y="150" width="100" height="80" rx="10" fill="#cdb791" stroke="#9b8560"/>`;
      s += `<path d="M${cx - 40} 690 v-60 h30 v40 h20 v20 z" fill="#2d2a26"/>`;
    }
    return s;
  },
  docHolder(c) {
    let s = indoor(c);
    s += plank(c, 380, 160, 440, 470);
    for (let i = 0; i < 3; i++) {
      const y = 250 + i * 130;
      s += `<rect x="${430 + between(c.r, 0, 30)}" y="${y - 60}" width="300" height="90" fill="#fbfaf6" stroke="#c9c1b3" transform="rotate(-4 600 ${y})"/>`;
      s += plank(c, 400, y, 400, 70);
    }
    return s;
  },
  laundry(c) {
    let s = indoor(c);
    for (let i = 0; i < 2; i++) {
      const x = 300 + i * 310;
      s += `<rect x="${x}" y="420" width="290" height="280" rx="14" fill="#f7f7f5" stroke="#c9c9c4" stroke-width="3"/><circle cx="${x + 145}" cy="570" r="90" fill="#dfe6ea" stroke="#9aa5ab" stroke-width="10"/>`;
    }
    s += plank(c, 270, 380, 660, 40);
    for (let i = 0; i < 3; i++) s += plank(c, 280 + i * 215, 90, 205, 200);
    s += `<ellipse cx="1050" cy="640" rx="80" ry="20" fill="#cdb791"/><path d="M970 640 l20 60 h120 l20 -60 z" fill="#b59b6b"/>`;
    return s;
  },
  shelves(c) {
    let s = indoor(c) + shadow(600, 705, 360);
    s += plank(c, 300, 90, 26, 610) + plank(c, 874, 90, 26, 610);
    for (let i = 0; i < 5; i++) {
      const y = 180 + i * 120;
      s += plank(c, 326, y, 548, 24) + (c.r() < 0.75 ? books(c, 340, y, 520) : plant(c, 600, y - 34, 0.8));
    }
    s += plank(c, 300, 70, 600, 26);
    return s;
  },
  chest(c) {
    let s = indoor(c) + shadow(600, 715, 360);
    for (let i = 0; i < 4; i++) s += plank(c, 280, 430 + i * 66, 640, 64);
    s += plank(c, 265, 395, 670, 42);
    for (let i = 0; i < 5; i++) s += `<path d="M282 ${445 + i * 48} l18 10 l-18 10 z" fill="${c.wood.dark}" opacity="0.6"/>`;
    s += `<rect x="560" y="450" width="80" height="24" rx="8" fill="#3a2a1a"/>`;
    return s;
  },
  floor(c) {
    let s = indoor(c, 330);
    const rows = 16;
    for (let i = 0; i < rows; i++) {
      const y = 350 + i * 36;
      const offset = between(c.r, 0, 300);
      for (let x = -offset; x < W; x += 420) s += plank(c, x, y, 416, 34);
    }
    s += `<rect x="0" y="318" width="${W}" height="34" fill="#fbf8f2" stroke="#d8cbb8"/>`;
    return s;
  },
  keyHolder(c) {
    let s = indoor(c);
    s += plank(c, 330, 260, 540, 110) + plank(c, 310, 230, 580, 34);
    for (let i = 0; i < 6; i++) {
      const x = 380 + i * 88;
      s += `<circle cx="${x}" cy="350" r="9" fill="#c9a24d"/><path d="M${x} 358 v40" stroke="#c9a24d" stroke-width="6"/>`;
      if (c.r() < 0.6) s += `<circle cx="${x}" cy="420" r="16" fill="none" stroke="#8a8f94" stroke-width="5"/><rect x="${x - 5}" y="434" width="10" height="50" fill="#8a8f94"/>`;
    }
    s += `<rect x="380" y="196" width="150" height="36" fill="#fbfaf6" stroke="#c9c1b3"/>`;
    return s;
  },
};

function frame(width: number, height: number, body: string, defs: string[]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice">
<defs>
<filter id="soft" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="10"/></filter>
<filter id="glow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="40"/></filter>
<pattern id="grass" width="14" height="14" patternUnits="userSpaceOnUse"><path d="M2 14 L5 4 M9 14 L11 6" stroke="#5d7a43" stroke-width="2"/></pattern>
<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#2b1d10" stop-opacity="0.35"/></radialGradient>
${defs.join('\n')}
</defs>
${body}
<rect width="${W}" height="${H}" fill="url(#vignette)"/>
</svg>`;
}

export function svgFor(kind: ArtKind, name: string, width = W, height = H): string {
  const r = seeded(name);
  const c: Ctx = { r, wood: pick(r, WOODS), defs: [], id: 0 };
  return frame(width, height, draw[kind](c), c.defs);
}

function ownerSvg(): string {
  const r = seeded('proprietaire');
  const c: Ctx = { r, wood: WOODS[0] as Wood, defs: [], id: 0 };
  let body = indoor(c, 820);
  for (let i = 0; i < 6; i++) body += plank(c, 80 + i * 180, 80, 160, 40);
  body += `<circle cx="600" cy="330" r="120" fill="#c99a7a"/><path d="M480 300 Q600 150 720 300 Q700 220 600 210 Q500 220 480 300 Z" fill="#5a3b26"/>`;
  body += `<path d="M330 900 Q340 560 600 520 Q860 560 870 900 Z" fill="#7a2f2a"/><path d="M330 900 Q340 560 600 520 Q860 560 870 900 Z" fill="url(#plaid)" opacity="0.5"/>`;
  body += `<path d="M560 520 L600 600 L640 520 Z" fill="#ead7c0"/><rect x="430" y="640" width="340" height="260" rx="20" fill="#8a6a45" opacity="0.85"/>`;
  c.defs.push(`<pattern id="plaid" width="60" height="60" patternUnits="userSpaceOnUse"><rect width="60" height="20" fill="#2b1d10" opacity="0.5"/><rect width="20" height="60" fill="#2b1d10" opacity="0.4"/></pattern>`);
  return frame(900, 1200, body, c.defs).replace(`viewBox="0 0 ${W} ${H}"`, `viewBox="150 0 900 1200"`).replace(`<rect width="${W}" height="${H}" fill="url(#vignette)"/>`, '');
}

export async function render(svg: string, file: string, width: number, height: number): Promise<void> {
  await sharp(Buffer.from(svg), { density: 72 })
    .resize(width, height, { fit: 'cover' })
    .flatten({ background: '#f3ece1' })
    .jpeg({ quality: 78, progressive: true, mozjpeg: true })
    .toFile(file);
}

export async function generateAll(outDir: string): Promise<string[]> {
  mkdirSync(outDir, { recursive: true });
  const jobs: Array<[string, string, number, number]> = [];
  const kindOfType = new Map(demoTypes.map((t) => [t.id, t.art]));
  for (const t of demoTypes) jobs.push([t.image, svgFor(t.art, t.image), W, H]);
  // Videos (.mp4) are made by generateVideo.ts from one of these photos.
  for (const p of demoProjects.filter((project) => !project.image.endsWith('.mp4'))) jobs.push([p.image, svgFor(kindOfType.get(p.typeId) ?? 'shelves', p.image), W, H]);
  jobs.push([pageImages.welcome, svgFor('deck', 'accueil-terrasse', 1920, 1080), 1920, 1080]);
  jobs.push([pageImages.workshop, svgFor('shelves', 'atelier-mur-outils', 1600, 1000), 1600, 1000]);
  jobs.push([pageImages.owner, ownerSvg(), 900, 1200]);
  for (const [name, svg, w, h] of jobs) await render(svg, join(outDir, name), w, h);
  return jobs.map(([name]) => name);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = fileURLToPath(new URL('./images', import.meta.url));
  const names = await generateAll(out);
  console.log(`${names.length} images écrites dans ${out}`);
}
