// Generates the demo pictures (no photo can be downloaded here): SVG compositions in wood tones —
// the silhouette of each object, wood grain, warm gradients — rendered to JPEG with sharp: the
// covers of types and projects, the photos of the site pages, and the further photos of the
// projects' galleries (close-ups, the workshop, before/after pairs drawn in the same room).
// Deterministic: the same name always gives the same picture; every run writes them all again,
// byte for byte the same. Output: server/demo/images/ (committed, served after DATA_DIR/images).
// Run: npm run demo:images
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { demoProjects, demoTypes, pageImages, type ArtKind, type DemoMedia, type DemoProject } from '../server/demo/content.ts';

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
/** Coats, bags and tuques. */
const COATS = ['#8c3b2e', '#2f4858', '#c9a24d', '#5b6b4a', '#a7603b'];

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

/** A row of `n` open lockers against the wall (uprights, top, shelf, bench), each with its basket, coat and boots. */
function lockerRow(c: Ctx, n: number): string {
  let s = '';
  const w = 880 / n;
  for (let i = 0; i <= n; i++) s += plank(c, 160 + i * w, 130, 20, 560);
  s += plank(c, 150, 110, 920, 30) + plank(c, 160, 520, 900, 40) + plank(c, 160, 240, 900, 22);
  for (let i = 0; i < n; i++) {
    const cx = 160 + i * w + w / 2 + 10;
    s += `<circle cx="${cx}" cy="300" r="8" fill="#3a2a1a"/><path d="M${cx - 45} 310 h90 l12 170 h-114 z" fill="${pick(c.r, COATS)}" opacity="0.95"/>`;
    s += `<rect x="${cx - 50}" y="150" width="100" height="80" rx="10" fill="#cdb791" stroke="#9b8560"/>`;
    s += `<path d="M${cx - 40} 690 v-60 h30 v40 h20 v20 z" fill="#2d2a26"/>`;
  }
  return s;
}

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
    const s = indoor(c) + shadow(600, 705, 470);
    return s + lockerRow(c, 4 + Math.floor(c.r() * 2));
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

/** The drawing of `kind` seeded by `name`: its body and the definitions it uses. */
function drawn(kind: ArtKind, name: string): { body: string; defs: string[] } {
  const r = seeded(name);
  const c: Ctx = { r, wood: pick(r, WOODS), defs: [], id: 0 };
  return { body: draw[kind](c), defs: c.defs };
}

export function svgFor(kind: ArtKind, name: string, width = W, height = H): string {
  const { body, defs } = drawn(kind, name);
  return frame(width, height, body, defs);
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

// ---------- gallery photos (issue 15) ----------
// content.ts lists each project's further photos; `shots` (at the end of this part) says what
// each one shows: its cover closer, a close-up or a workshop scene of its own, or one side of a
// before/after pair. All are 1200×900, in the wood of the project's cover.

const kindOfType = new Map(demoTypes.map((t) => [t.id, t.art]));
const artOf = (project: DemoProject): ArtKind => kindOfType.get(project.typeId) ?? 'shelves';

/** A gallery photo's context: seeded by `seed`, in the wood the cover `cover` was drawn in. */
function galleryCtx(seed: string, cover: string): Ctx {
  return { r: seeded(seed), wood: pick(seeded(cover), WOODS), defs: [], id: 0 };
}

const STEEL = '#8a8f94';
const BRASS = '#c9a24d';
/** The beige sable of the painted living room (its cover, salon-tons-chauds.jpg, drew it). */
const SAND = '#d9a77c';
/** Pressure-treated lumber, greener than cedar. */
const TREATED: Wood = { light: '#cdbb8e', mid: '#b09c6c', dark: '#7c6a45', grain: '#8d7a52' };

/** A bare wall filling the picture, with a patch of light (close-ups). */
function wallOnly(c: Ctx): string {
  const id = uid(c, 'wall');
  c.defs.push(`<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fffaf2"/><stop offset="1" stop-color="${pick(c.r, WALLS)}"/></linearGradient>`);
  return `<rect width="${W}" height="${H}" fill="url(#${id})"/><circle cx="${between(c.r, 200, 1000).toFixed(0)}" cy="150" r="420" fill="#fff6e0" opacity="0.45" filter="url(#glow)"/>`;
}

/** Another wood than the project's (a table or a floor under it). */
function otherWood(c: Ctx): Wood {
  return pick(c.r, WOODS.filter((w) => w !== c.wood));
}

/** A screw head (a slotted circle) at (x, y). */
const screw = (x: number, y: number, r = 9, fill = '#8a6a2a') =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" stroke="#3a2a1a" stroke-opacity="0.5"/><path d="M${x - r * 0.7} ${y - r * 0.3} L${x + r * 0.7} ${y + r * 0.3}" stroke="#3a2a1a" stroke-width="2"/>`;

/** A bent metal rod along `d`: a soft shadow, the metal, and a highlight. */
const rod = (d: string, width: number, color: string, light: string) =>
  `<path d="${d}" transform="translate(10 14)" stroke="#2b1d10" stroke-opacity="0.3" stroke-width="${width}" stroke-linecap="round" fill="none" filter="url(#soft)"/>` +
  `<path d="${d}" stroke="${color}" stroke-width="${width}" stroke-linecap="round" fill="none"/>` +
  `<path d="${d}" transform="translate(${-width / 5} 0)" stroke="${light}" stroke-opacity="0.8" stroke-width="${width / 4}" stroke-linecap="round" fill="none"/>`;

/** A brass double coat hook screwed at (x, y), seen from the front: a plate, a long lower arm and a short upper one, ball tips. */
function doubleHook(x: number, y: number): string {
  let s = `<rect x="${x - 30}" y="${y - 70}" width="60" height="140" rx="30" fill="${BRASS}" stroke="#8a6a2a" stroke-width="3"/>`;
  s += screw(x, y - 40) + screw(x, y + 40);
  s += rod(`M${x} ${y + 10} C${x + 6} ${y + 150} ${x + 50} ${y + 215} ${x + 118} ${y + 190}`, 24, BRASS, '#f0d98a');
  s += rod(`M${x} ${y - 20} C${x + 8} ${y + 40} ${x + 40} ${y + 70} ${x + 92} ${y + 40}`, 20, BRASS, '#f0d98a');
  return s + `<circle cx="${x + 120}" cy="${y + 188}" r="17" fill="${BRASS}" stroke="#8a6a2a" stroke-width="2"/><circle cx="${x + 94}" cy="${y + 38}" r="15" fill="${BRASS}" stroke="#8a6a2a" stroke-width="2"/>`;
}

/** A knitted tuque hanging from (x, y): ribbed cuff, stripes and pompom. */
function tuque(x: number, y: number, color: string): string {
  let s = `<path d="M${x - 95} ${y + 250} Q${x - 100} ${y + 20} ${x} ${y + 15} Q${x + 100} ${y + 20} ${x + 95} ${y + 250} Z" fill="${color}" stroke="#2b1d10" stroke-opacity="0.3" stroke-width="2"/>`;
  for (const dy of [110, 150]) s += `<path d="M${x - 96} ${y + dy} Q${x} ${y + dy - 14} ${x + 96} ${y + dy}" stroke="#f3ece1" stroke-width="12" fill="none"/>`;
  s += `<rect x="${x - 104}" y="${y + 215}" width="208" height="70" rx="14" fill="${color}" stroke="#2b1d10" stroke-opacity="0.3" stroke-width="2"/>`;
  for (let i = 0; i < 16; i++) s += `<line x1="${x - 94 + i * 12.5}" y1="${y + 222}" x2="${x - 94 + i * 12.5}" y2="${y + 278}" stroke="#2b1d10" stroke-opacity="0.18" stroke-width="4"/>`;
  return s + `<circle cx="${x}" cy="${y + 10}" r="38" fill="#efe4cf" stroke="#c9b9a3" stroke-width="2"/>`;
}

/** A key hanging from (x, y): bow with a hole, shank and bit. */
function key(x: number, y: number, angle: number, color: string): string {
  return `<g transform="rotate(${angle} ${x} ${y})"><circle cx="${x}" cy="${y + 30}" r="28" fill="${color}" stroke="#3a3a3a" stroke-opacity="0.4" stroke-width="2"/><circle cx="${x}" cy="${y + 18}" r="8" fill="#f3ece1"/>` +
    `<rect x="${x - 8}" y="${y + 56}" width="16" height="120" fill="${color}" stroke="#3a3a3a" stroke-opacity="0.4" stroke-width="2"/><path d="M${x + 8} ${y + 120} h16 v10 h-8 v12 h8 v12 h-16 z" fill="${color}"/></g>`;
}

/** Two sawhorses with their top beams at `top` (centred at x1 and x2). */
function sawhorses(c: Ctx, x1: number, x2: number, top: number, floorY: number): string {
  let s = '';
  for (const x of [x1, x2]) {
    s += shadow(x, floorY + 6, 150, 12);
    for (const [lx, angle] of [[x - 100, 9], [x + 74, -9]] as const) s += `<g transform="rotate(${angle} ${lx + 13} ${top})">${plank(c, lx, top, 26, floorY - top + 6, TREATED)}</g>`;
    s += plank(c, x - 120, top - 4, 240, 30, TREATED);
  }
  return s;
}

/** An F-clamp whose fixed jaw is at (x, y), the sliding one `span` further along its bar, turned by `angle` (0: bar upright, jaws to the left). */
function clamp(x: number, y: number, span: number, angle = 0): string {
  return `<g transform="translate(${x} ${y}) rotate(${angle})"><rect x="-8" y="-40" width="16" height="${span + 110}" fill="${STEEL}" stroke="#4a4f54" stroke-width="2"/>` +
    `<rect x="-80" y="-40" width="88" height="22" rx="4" fill="#5a5f64"/><rect x="-80" y="${span + 18}" width="88" height="22" rx="4" fill="#5a5f64"/>` +
    `<rect x="-64" y="${span + 40}" width="30" height="90" rx="12" fill="#b8322a" stroke="#7a1f19" stroke-width="2"/></g>`;
}

/** The workshop: a pegboard with hanging tools above a concrete floor (at 720). */
function workshopRoom(c: Ctx): string {
  const holes = uid(c, 'holes');
  c.defs.push(`<pattern id="${holes}" width="30" height="30" patternUnits="userSpaceOnUse"><circle cx="15" cy="15" r="3" fill="#6b5236" opacity="0.55"/></pattern>`);
  let s = `<rect width="${W}" height="${H}" fill="#e8dcc6"/><circle cx="${between(c.r, 300, 900).toFixed(0)}" cy="80" r="380" fill="#fff6e0" opacity="0.5" filter="url(#glow)"/>`;
  s += `<rect x="90" y="60" width="1020" height="380" fill="#c9ab7f" stroke="#9b7f58" stroke-width="4"/><rect x="90" y="60" width="1020" height="380" fill="url(#${holes})"/>`;
  // hammer, handsaw, square, chisels, level
  s += `<rect x="170" y="120" width="18" height="190" rx="6" fill="#a7603b"/><rect x="140" y="100" width="80" height="34" rx="6" fill="#4a4f54"/>`;
  s += `<path d="M290 110 h200 l-14 110 l-186 40 z" fill="#c3c7cb" stroke="#7a7f84" stroke-width="2"/><rect x="250" y="100" width="60" height="80" rx="18" fill="#8c3b2e"/>`;
  s += `<path d="M560 110 h24 v190 h110 v24 h-134 z" fill="${STEEL}"/>`;
  for (let i = 0; i < 3; i++) s += `<rect x="${760 + i * 50}" y="110" width="22" height="70" rx="6" fill="#c9a24d"/><rect x="${765 + i * 50}" y="180" width="12" height="${70 + i * 15}" fill="#7a7f84"/>`;
  s += `<rect x="910" y="110" width="170" height="36" rx="6" fill="#e3b23c" stroke="#9b7a22" stroke-width="2"/><rect x="975" y="116" width="40" height="24" rx="10" fill="#b9d98a"/>`;
  s += `<rect x="0" y="720" width="${W}" height="${H - 720}" fill="#aaa59b"/><rect x="0" y="720" width="${W}" height="6" fill="#8f8a80"/>`;
  for (let i = 0; i < 5; i++) s += `<ellipse cx="${between(c.r, 60, 1140).toFixed(0)}" cy="${between(c.r, 760, 880).toFixed(0)}" rx="${between(c.r, 40, 120).toFixed(0)}" ry="${between(c.r, 10, 24).toFixed(0)}" fill="#7d786f" opacity="0.18"/>`;
  return s;
}

/** Sawdust and a few shavings on the floor around x. */
function sawdust(c: Ctx, x: number, y: number): string {
  let s = '';
  for (let i = 0; i < 26; i++) s += `<circle cx="${(x + between(c.r, -260, 260)).toFixed(0)}" cy="${(y + between(c.r, -20, 50)).toFixed(0)}" r="${between(c.r, 2, 5).toFixed(1)}" fill="${c.wood.light}" opacity="0.9"/>`;
  for (let i = 0; i < 4; i++) s += `<path d="M${(x + between(c.r, -220, 220)).toFixed(0)} ${(y + between(c.r, 0, 40)).toFixed(0)} q14 -18 28 0 q-14 12 -22 2" stroke="${c.wood.mid}" stroke-width="3" fill="none"/>`;
  return s;
}

/** A carpenter's pencil lying at (x, y), turned by `angle`. */
const pencil = (x: number, y: number, angle: number) =>
  `<g transform="rotate(${angle} ${x} ${y})"><rect x="${x}" y="${y - 6}" width="140" height="12" fill="#e3b23c" stroke="#9b7a22"/><path d="M${x + 140} ${y - 6} l18 6 l-18 6 z" fill="#3a2a1a"/></g>`;

/** Sanded boards (the lockers' uprights) on two sawhorses, held by a clamp, before the stain. */
function workshopBoards(c: Ctx): string {
  let s = workshopRoom(c) + sawhorses(c, 330, 870, 560, 780);
  s += plank(c, 110, 526, 980, 30) + plank(c, 130, 496, 950, 30) + plank(c, 170, 466, 900, 30);
  return s + clamp(960, 484, 84) + pencil(360, 458, -6) + sawdust(c, 600, 800);
}

/** One wide board on two sawhorses, held by a clamp, the hooks' places marked in pencil; the drill waits on it. */
function workshopDrilling(c: Ctx): string {
  let s = workshopRoom(c) + sawhorses(c, 330, 870, 560, 780);
  s += plank(c, 150, 470, 900, 86);
  for (let i = 0; i < 6; i++) s += `<path d="M${262 + i * 135} 498 l16 16 M${278 + i * 135} 498 l-16 16" stroke="#3a3a3a" stroke-width="3"/>`;
  s += clamp(960, 488, 80) + pencil(190, 462, -4);
  s += `<g transform="rotate(-4 600 460)"><path d="M470 400 h170 q20 0 20 20 v20 q0 20 -20 20 h-120 z" fill="#2f6f8f"/><rect x="660" y="418" width="40" height="24" fill="#3a3a3a"/><rect x="700" y="426" width="50" height="8" fill="${STEEL}"/>`;
  s += `<path d="M520 460 h50 l10 70 h-70 z" fill="#2f6f8f"/><rect x="490" y="526" width="110" height="30" rx="6" fill="#3a3a3a"/></g>`;
  return s + sawdust(c, 600, 800);
}

/** A small box glued up on the workbench, its sides held square by two clamps; a square and a pencil beside it. */
function workshopGlueUp(c: Ctx): string {
  let s = workshopRoom(c);
  s += shadow(600, 790, 520, 14);
  for (const lx of [120, 1050]) s += plank(c, lx, 600, 40, 190, TREATED);
  s += plank(c, 70, 560, 1060, 50, TREATED);
  s += shadow(600, 560, 300, 10) + plank(c, 330, 330, 540, 230);
  for (const x of [330, 848]) {
    s += `<rect x="${x}" y="330" width="22" height="230" fill="${c.wood.dark}" opacity="0.55"/>`;
    for (let i = 0; i < 4; i++) s += `<path d="M${x} ${346 + i * 56} h22 v30 h-22 z" fill="${c.wood.mid}" opacity="0.9"/>`;
  }
  s += clamp(348, 380, 504, -90) + clamp(348, 470, 504, -90);
  s += `<path d="M110 544 h170 v16 h-150 v-120 h-20 z" fill="${STEEL}" stroke="#4a4f54"/><rect x="110" y="424" width="24" height="136" fill="#a7603b"/>`;
  return s + pencil(940, 552, -3) + sawdust(c, 600, 800);
}

/** Close-up of three double brass hooks on the lockers' wooden rail, a tuque on the middle one. */
function coatHooks(c: Ctx): string {
  let s = wallOnly(c) + shadow(600, 640, 660, 30) + plank(c, -30, 230, 1260, 360);
  for (const x of [200, 560, 920]) s += doubleHook(x, 400);
  return s + `<g transform="rotate(4 676 520)">${tuque(676, 520, '#b33a2e')}</g>`;
}

/** Close-up under the key holder's oak board: brass hooks, a ring of keys on one of them. */
function keyHooks(c: Ctx): string {
  let s = wallOnly(c) + shadow(600, 380, 660, 26) + plank(c, -30, -40, 1260, 390);
  for (const [i, x] of [170, 460, 750, 1040].entries()) {
    s += `<circle cx="${x}" cy="300" r="26" fill="${BRASS}" stroke="#8a6a2a" stroke-width="3"/>` + screw(x, 300, 10);
    s += rod(`M${x} 320 V500 Q${x} 560 ${x + 45} 555 Q${x + 85} 550 ${x + 82} 505`, 20, BRASS, '#f0d98a');
    if (i === 1) {
      s += `<circle cx="${x + 20}" cy="590" r="42" fill="none" stroke="#a8adb2" stroke-width="8"/>`;
      s += key(x - 10, 620, 14, '#c9a24d') + key(x + 45, 620, -10, '#b7bcc1');
      s += `<path d="M${x + 40} 625 l40 10 l-10 90 q-25 10 -45 -5 z" fill="#7a4a2a"/>`;
    }
  }
  return s;
}

/** The hidden fixing of a floating shelf: a steel bar screwed to the wall with its rods, a level on it, the drilled shelf waiting on the floor. */
function shelfBracket(c: Ctx): string {
  let s = indoor(c, 760);
  s += `<path d="M200 326 H1000" stroke="#8c8578" stroke-width="2" stroke-dasharray="18 8" opacity="0.7"/>`;
  for (const x of [340, 660, 980]) s += `<path d="M${x - 12} 250 l24 24 M${x + 12} 250 l-24 24" stroke="#8c8578" stroke-width="2" opacity="0.7"/>`;
  s += shadow(600, 400, 330, 12) + `<rect x="280" y="330" width="640" height="44" rx="4" fill="#6d7378" stroke="#3f4448" stroke-width="2"/>`;
  for (const x of [340, 660, 860]) s += screw(x, 352, 10, '#a8adb2');
  for (const x of [420, 540, 760, 880]) s += rod(`M${x} 356 L${x + 36} 440`, 16, '#7d8387', '#c3c7cb');
  s += `<rect x="430" y="288" width="340" height="42" rx="6" fill="#e3b23c" stroke="#9b7a22" stroke-width="2"/><rect x="580" y="296" width="44" height="26" rx="11" fill="#b9d98a" stroke="#6b8a4c"/><circle cx="604" cy="309" r="7" fill="#f3f7e6"/>`;
  s += shadow(600, 870, 360, 12) + plank(c, 260, 780, 680, 74);
  for (const x of [420, 540, 760, 880]) s += `<circle cx="${x - 20}" cy="817" r="9" fill="#2b1d10" opacity="0.8"/>`;
  return s;
}

/** Close-up of a thick shelf's oiled front edge; a bowl, the rag and the bottle of oil on it. */
function shelfEdge(c: Ctx): string {
  let s = wallOnly(c);
  s += `<rect x="0" y="560" width="${W}" height="${H - 560}" fill="#2b1d10" opacity="0.12"/>` + shadow(600, 600, 640, 40);
  s += `<polygon points="40,250 1160,250 1240,400 -40,400" fill="${woodGradient(c, false)}" stroke="${c.wood.dark}" stroke-width="2"/>`;
  for (let i = 1; i < 12; i++) {
    const y = 250 + i * 12.5;
    s += `<path d="M${-40 + (400 - y) * 0.53} ${y} Q600 ${(y + between(c.r, -5, 5)).toFixed(1)} ${1240 - (400 - y) * 0.53} ${y}" stroke="${c.wood.grain}" stroke-opacity="0.35" stroke-width="1.4" fill="none"/>`;
  }
  s += plank(c, -40, 400, 1280, 170);
  for (const [x, w] of [[300, 260], [820, 320]] as const) {
    for (let k = 0; k < 5; k++) s += `<path d="M${x - w / 2 + k * 22} 560 Q${x} ${420 + k * 24} ${x + w / 2 - k * 22} 560" stroke="${c.wood.dark}" stroke-opacity="0.35" stroke-width="2" fill="none"/>`;
  }
  const sheen = uid(c, 'sheen');
  c.defs.push(`<linearGradient id="${sheen}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.5"/><stop offset="0.35" stop-color="#fff" stop-opacity="0.08"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`);
  s += `<rect x="-40" y="400" width="1280" height="170" fill="url(#${sheen})"/>`;
  // the folded rag and the bottle of oil
  s += `<polygon points="130,300 360,294 384,352 112,360" fill="#d3dadf" stroke="#9aa5ab" stroke-width="2"/><path d="M124 330 L372 324" stroke="#b33a2e" stroke-width="6"/><ellipse cx="320" cy="344" rx="40" ry="10" fill="#b5772e" opacity="0.4"/>`;
  s += shadow(470, 322, 50, 8) + `<rect x="440" y="200" width="64" height="124" rx="10" fill="#b5772e" opacity="0.92"/><rect x="458" y="170" width="28" height="34" fill="#b5772e"/><rect x="454" y="154" width="36" height="20" rx="4" fill="#2b1d10"/><rect x="446" y="236" width="52" height="50" fill="#f4ede2"/>`;
  s += shadow(780, 318, 160, 14) + `<path d="M640 250 Q650 330 780 330 Q910 330 920 250 Z" fill="#e8dccb" stroke="#b9ab95" stroke-width="2"/><ellipse cx="780" cy="250" rx="140" ry="22" fill="#f4ede2" stroke="#b9ab95" stroke-width="2"/>`;
  return s;
}

/** End grain (growth rings) filling the polygon `points`, centred near (x, y). */
function endGrain(c: Ctx, points: string, x: number, y: number): string {
  const id = uid(c, 'clip');
  c.defs.push(`<clipPath id="${id}"><polygon points="${points}"/></clipPath>`);
  let rings = '';
  for (let r = 20; r < 260; r += 16) rings += `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="#2b1d10" stroke-opacity="0.35" stroke-width="2.5"/>`;
  return `<polygon points="${points}" fill="${c.wood.dark}"/><g clip-path="url(#${id})">${rings}</g><polygon points="${points}" fill="none" stroke="#2b1d10" stroke-opacity="0.5" stroke-width="1.5"/>`;
}

/** Close-up of a box corner: the front board, the side receding, hand-cut dovetails where they meet. */
function dovetails(c: Ctx): string {
  const table = otherWood(c);
  let s = wallOnly(c);
  for (let y = 700; y < H; y += 50) s += plank(c, -60, y, W + 120, 50, table);
  s += shadow(560, 720, 520, 20);
  s += plank(c, 80, 180, 560, 540);
  s += `<polygon points="640,180 1000,240 1000,660 640,720" fill="${woodGradient(c, false)}" stroke="${c.wood.dark}" stroke-width="2"/><polygon points="640,180 1000,240 1000,660 640,720" fill="#2b1d10" opacity="0.22"/>`;
  for (let i = 1; i < 12; i++) s += `<path d="M640 ${180 + i * 45} L1000 ${240 + i * 35}" stroke="${c.wood.grain}" stroke-opacity="0.35" stroke-width="1.4"/>`;
  // four tails (end grain, flared towards the corner) in the front board, pins between them
  for (let i = 0; i < 4; i++) {
    const y0 = 180 + i * 135;
    const tail = `560,${y0 + 40} 640,${y0 + 18} 640,${y0 + 118} 560,${y0 + 96}`;
    s += endGrain(c, tail, 610, y0 + 230);
    s += `<polygon points="640,${y0 + 18 - i * 2} 690,${y0 + 26} 690,${y0 + 112} 640,${y0 + 118 - i * 2}" fill="${c.wood.dark}" opacity="0.35"/>`;
  }
  return s + `<line x1="640" y1="180" x2="640" y2="720" stroke="#2b1d10" stroke-opacity="0.45" stroke-width="2"/>`;
}

/** A photo print tilted by `angle` around its centre: a white border, a sky and a hill. */
const photoPrint = (x: number, y: number, w: number, h: number, angle: number, sky: string, hill: string) =>
  `<g transform="rotate(${angle} ${x + w / 2} ${y + h / 2})"><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#fbfaf6" stroke="#c9c1b3"/><rect x="${x + 12}" y="${y + 12}" width="${w - 24}" height="${h - 40}" fill="${sky}"/><path d="M${x + 12} ${y + h - 28} Q${x + w / 2} ${y + h / 2} ${x + w - 12} ${y + h - 40} V${y + h - 28} Z" fill="${hill}"/></g>`;

/** The open box from above: felt lining, a bundle of letters tied with a ribbon, two family photos. */
function feltInside(c: Ctx): string {
  const table = otherWood(c);
  let s = '';
  for (let x = -40; x < W; x += 150) s += plank(c, x, -20, 150, H + 40, table);
  s += shadow(600, 720, 390, 30);
  s += `<rect x="294" y="214" width="612" height="472" fill="#2f5a45"/><rect x="294" y="214" width="612" height="472" fill="none" stroke="#163024" stroke-width="30" opacity="0.55" filter="url(#soft)"/>`;
  for (let i = 0; i < 3; i++) s += `<g transform="rotate(${-6 + i * 4} 470 360)"><rect x="${350 + i * 6}" y="${270 + i * 8}" width="250" height="160" fill="#fbfaf6" stroke="#c9c1b3"/><path d="M${350 + i * 6} ${270 + i * 8} l125 80 l125 -80" stroke="#c9c1b3" fill="none"/></g>`;
  s += `<g transform="rotate(2 470 360)"><rect x="350" y="345" width="270" height="16" fill="#a7303a"/><rect x="470" y="268" width="16" height="186" fill="#a7303a"/><ellipse cx="456" cy="352" rx="26" ry="14" fill="#c23b46"/><ellipse cx="500" cy="352" rx="26" ry="14" fill="#c23b46"/></g>`;
  s += photoPrint(630, 280, 230, 170, 8, '#9cc3d9', '#5d7a43') + photoPrint(540, 480, 200, 160, -7, '#f3dfb8', '#a7603b');
  s += plank(c, 250, 170, 700, 44) + plank(c, 250, 686, 700, 44) + plank(c, 250, 214, 44, 472) + plank(c, 906, 214, 44, 472);
  for (const [x, y] of [[250, 170], [906, 170], [250, 686], [906, 686]] as const) s += `<rect x="${x}" y="${y}" width="44" height="44" fill="${c.wood.dark}" opacity="0.45"/>`;
  return s;
}

/** The deck's frame before its boards: joists on two beams and screw piles, bare earth, a stack of cedar boards waiting. */
function deckFrame(c: Ctx): string {
  let s = outdoor(c, 560);
  s += shadow(1020, 592, 170, 8);
  for (let i = 0; i < 5; i++) s += plank(c, 860 + i * 10, 574 - i * 16, 300, 16);
  s += `<polygon points="40,600 1160,600 ${W},${H} 0,${H}" fill="#7a5c3e"/><polygon points="40,600 1160,600 ${W},${H} 0,${H}" fill="url(#grass)" opacity="0.15"/>`;
  const across = (y: number) => ({ left: 40 - ((y - 600) / 300) * 40, right: 1160 + ((y - 600) / 300) * 40 });
  for (const y of [640, 830]) {
    const { left, right } = across(y);
    for (let i = 0; i < 5; i++) {
      const px = left + 60 + (i * (right - left - 120)) / 4;
      s += `<rect x="${px - 10}" y="${y + 20}" width="20" height="${30 + (y - 600) / 8}" fill="${STEEL}" stroke="#4a4f54"/><ellipse cx="${px}" cy="${y + 20}" rx="22" ry="7" fill="#6d7378"/>`;
    }
    s += plank(c, left, y - 14, right - left, 34 + (y - 600) / 20, TREATED);
  }
  for (let i = 0; i < 12; i++) {
    const back = 70 + i * 96.4;
    const front = 600 + (back - 600) * 1.5;
    s += `<polygon points="${back - 6},600 ${back + 6},600 ${front + 12},${H} ${front - 12},${H}" fill="${woodGradient(c, true, TREATED)}" stroke="${TREATED.dark}" stroke-width="1.5"/>`;
  }
  return s + plank(c, 30, 586, 1140, 18, TREATED);
}

/** The wide stair between the deck's two levels, seen from the lawn. */
function deckStairs(c: Ctx): string {
  let s = outdoor(c) + shadow(600, 700, 560, 16);
  for (let i = 0; i < 8; i++) s += plank(c, 170 + i * 125, 150, 20, 160);
  s += plank(c, 140, 130, 920, 22);
  s += `<polygon points="140,310 1060,310 1080,330 120,330" fill="${c.wood.light}" stroke="${c.wood.dark}"/>` + plank(c, 120, 330, 960, 40);
  for (let i = 0; i < 4; i++) {
    const y = 370 + i * 80;
    const x0 = 120 - i * 30;
    const x1 = 1080 + i * 30;
    s += `<polygon points="${x0},${y} ${x1},${y} ${x1 + 30},${y + 22} ${x0 - 30},${y + 22}" fill="${woodGradient(c, false)}" stroke="${c.wood.dark}" stroke-width="1.5"/>`;
    s += plank(c, x0 - 30, y + 22, x1 - x0 + 60, 58) + `<rect x="${x0 - 30}" y="${y + 22}" width="${x1 - x0 + 60}" height="58" fill="#2b1d10" opacity="0.12"/>`;
  }
  return s + plant(c, 70, 660, 1.1) + plant(c, 1130, 660, 1.1);
}

/** A red maple leaf (veins and stem) at (x, y), turned by `angle`. */
function mapleLeaf(x: number, y: number, angle: number, scale: number): string {
  const half = [[0, -100], [16, -62], [38, -74], [30, -26], [72, -50], [64, -28], [96, -28], [80, -4], [98, 8], [46, 28], [54, 52], [6, 40]];
  const points = [...half, ...half.slice(1).reverse().map(([px, py]) => [-(px as number), py as number])].map(([px, py]) => `${px},${py}`).join(' ');
  return `<g transform="translate(${x} ${y}) rotate(${angle}) scale(${scale})"><polygon points="${points}" transform="translate(6 10)" fill="#2b1d10" opacity="0.25" filter="url(#soft)"/><polygon points="${points}" fill="#c0392b" stroke="#8e2a1f" stroke-width="2" stroke-linejoin="round"/>` +
    `<path d="M0 40 V-90 M0 10 L70 -40 M0 10 L-70 -40 M0 30 L80 2 M0 30 L-80 2" stroke="#8e2a1f" stroke-width="3" fill="none"/><path d="M0 40 Q4 80 -6 110" stroke="#8e2a1f" stroke-width="6" fill="none"/></g>`;
}

/** The deck boards from above: even gaps, staggered ends, no screw showing; a maple leaf fallen on them. */
function deckBoards(c: Ctx): string {
  let s = `<rect width="${W}" height="${H}" fill="#2b1d10"/>`;
  for (let y = -30; y < H; y += 122) {
    let x = -between(c.r, 0, 500);
    while (x < W) {
      const length = between(c.r, 700, 1000);
      s += plank(c, x, y, length - 8, 112);
      x += length;
    }
  }
  return s + mapleLeaf(between(c.r, 500, 800), between(c.r, 350, 550), between(c.r, -40, 40), 1.6);
}

/** Close-up of the living room's top corner: the beige wall, the white crown moulding, the ceiling; a sash brush dipped in the beige. */
function crownMoulding(c: Ctx): string {
  const cove = uid(c, 'cove');
  const ogee = uid(c, 'ogee');
  const wall = uid(c, 'sand');
  c.defs.push(`<linearGradient id="${cove}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fdfcf8"/><stop offset="1" stop-color="#d9d3c8"/></linearGradient>`);
  c.defs.push(`<linearGradient id="${ogee}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e2ddd3"/><stop offset="0.5" stop-color="#ffffff"/><stop offset="1" stop-color="#d6d0c4"/></linearGradient>`);
  c.defs.push(`<linearGradient id="${wall}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c99670"/><stop offset="0.3" stop-color="${SAND}"/><stop offset="1" stop-color="#e0b48d"/></linearGradient>`);
  let s = `<rect width="${W}" height="210" fill="#f6f3ec"/><rect y="330" width="${W}" height="${H - 330}" fill="url(#${wall})"/>`;
  for (let i = 0; i < 9; i++) s += `<rect x="${(i * 140 + between(c.r, -20, 20)).toFixed(0)}" y="340" width="${between(c.r, 60, 110).toFixed(0)}" height="560" fill="#fff" opacity="0.04"/>`;
  s += `<rect y="200" width="${W}" height="14" fill="#fdfcf8"/><rect y="214" width="${W}" height="54" fill="url(#${cove})"/><rect y="268" width="${W}" height="10" fill="#fbfaf6"/>`;
  s += `<rect y="278" width="${W}" height="36" fill="url(#${ogee})"/><rect y="314" width="${W}" height="16" fill="#f4f1ea" stroke="#cfc7b9"/><rect y="330" width="${W}" height="14" fill="#2b1d10" opacity="0.12" filter="url(#soft)"/>`;
  s += `<line x1="0" y1="281" x2="${W}" y2="281" stroke="#fff" stroke-width="3"/><line x1="0" y1="217" x2="${W}" y2="217" stroke="#fff" stroke-width="2"/>`;
  s += `<g transform="rotate(-32 820 520)"><rect x="795" y="500" width="50" height="250" rx="16" fill="${woodGradient(c, true)}" stroke="${c.wood.dark}"/><rect x="788" y="430" width="64" height="80" fill="#b7bcc1" stroke="#7a7f84"/>`;
  s += `<path d="M788 430 h64 l-4 -90 h-56 z" fill="#efe4cf" stroke="#b9ab95"/><path d="M792 392 h56 l-4 -52 h-48 z" fill="#c98c5e" stroke="#9a6a44" stroke-width="2"/></g>`;
  return s;
}

/** The two photos of a before/after pair: `room` is drawn first, from the same seed in both (the same wall, floor and light), then the work as it was or as it is. */
interface PairScene { room: (c: Ctx) => string; before: (c: Ctx) => string; after: (c: Ctx) => string }

/** The living room's window, the same in both photos of the pair. */
const livingRoomWindow = () =>
  `<rect x="700" y="150" width="320" height="395" fill="#fbfaf6" stroke="#d8cbb8" stroke-width="3"/><rect x="728" y="178" width="264" height="340" fill="#b9d3e2"/>` +
  `<circle cx="790" cy="420" r="70" fill="#7d9a55" opacity="0.8"/><circle cx="900" cy="450" r="90" fill="#6b8a4c" opacity="0.8"/><rect x="728" y="470" width="264" height="48" fill="#8aa36a"/>` +
  `<rect x="855" y="178" width="10" height="340" fill="#fbfaf6"/><rect x="728" y="342" width="264" height="10" fill="#fbfaf6"/><rect x="685" y="530" width="350" height="22" fill="#fbfaf6" stroke="#d8cbb8" stroke-width="2"/>`;

/** A gallon of paint (its label in `color`) on the floor at (x, y): body, lid, handle. */
const paintCan = (x: number, y: number, color: string) =>
  `<path d="M${x - 40} ${y - 110} Q${x} ${y - 160} ${x + 40} ${y - 110}" stroke="#7a7f84" stroke-width="4" fill="none"/><rect x="${x - 55}" y="${y - 120}" width="110" height="130" fill="#c7c9cb" stroke="#8a8f94" stroke-width="2"/>` +
  `<rect x="${x - 55}" y="${y - 90}" width="110" height="64" fill="${color}"/><rect x="${x - 30}" y="${y - 76}" width="60" height="20" fill="#fbfaf6" opacity="0.8"/><ellipse cx="${x}" cy="${y - 120}" rx="55" ry="12" fill="#d9dbdd" stroke="#8a8f94" stroke-width="2"/><ellipse cx="${x}" cy="${y + 10}" rx="55" ry="12" fill="#a9abad"/>`;

const paintedRoom: PairScene = {
  room: (c) => indoor(c),
  /** The old grey, cracks filled with plaster, tape around the window, a drop cloth and two gallons on the floor. */
  before(c) {
    let s = `<rect width="${W}" height="684" fill="#b9b5ad" opacity="0.88"/><rect width="${W}" height="34" fill="#e2dccf"/><line x1="0" y1="34" x2="${W}" y2="34" stroke="#b9ae9c" stroke-width="2"/>`;
    // cracks filled with plaster and sanded: overlapping strokes of the knife along each, feathered
    for (const [x0, y0] of [[150, 110], [420, 280], [250, 470], [1070, 180]] as const) {
      let patch = '';
      for (let i = 0; i < 7; i++) {
        const px = x0 + i * 22 + between(c.r, -8, 8);
        const py = y0 + i * 30 + between(c.r, -6, 6);
        patch += `<ellipse cx="${px.toFixed(0)}" cy="${py.toFixed(0)}" rx="${between(c.r, 28, 44).toFixed(0)}" ry="${between(c.r, 14, 24).toFixed(0)}" transform="rotate(${between(c.r, 40, 70).toFixed(0)} ${px.toFixed(0)} ${py.toFixed(0)})"/>`;
      }
      s += `<g fill="#efece5" opacity="0.5" filter="url(#soft)">${patch}</g><g fill="#f2f0ea" opacity="0.8">${patch}</g>`;
    }
    s += livingRoomWindow();
    s += `<rect x="692" y="142" width="336" height="12" fill="#3f7fc1"/><rect x="692" y="142" width="12" height="403" fill="#3f7fc1"/><rect x="1016" y="142" width="12" height="403" fill="#3f7fc1"/>`;
    s += `<rect x="380" y="596" width="44" height="64" rx="4" fill="#f4f1ea" stroke="#a9a196"/><rect x="394" y="610" width="16" height="36" fill="#3a3a3a"/>`;
    s += `<path d="M0 712 Q300 690 600 708 T${W} 700 V${H} H0 Z" fill="#e6e0d2"/>`;
    for (const x of [150, 420, 700, 980]) s += `<path d="M${x} 712 Q${x + 40} 800 ${x - 20} ${H}" stroke="#c9c0ae" stroke-width="4" fill="none"/>`;
    s += shadow(250, 810, 150, 14) + paintCan(190, 810, SAND) + paintCan(320, 830, SAND);
    s += `<path d="M820 800 h260 l-30 60 h-200 z" fill="#b8b8b8"/><rect x="880" y="770" width="150" height="40" rx="16" fill="#f7f1e6" stroke="#8c7a62" stroke-width="3"/>`;
    return s;
  },
  /** The wall in two coats of beige sable, the moulding in semi-gloss white; sofa, frame, lamp and rug back in place. */
  after(c) {
    let s = `<rect width="${W}" height="684" fill="${SAND}" opacity="0.88"/><rect width="${W}" height="34" fill="#fbfaf6"/><line x1="0" y1="10" x2="${W}" y2="10" stroke="#fff" stroke-width="3"/><line x1="0" y1="34" x2="${W}" y2="34" stroke="#d8cbb8" stroke-width="2"/>`;
    s += `<circle cx="1100" cy="240" r="140" fill="#fff2c4" opacity="0.5" filter="url(#glow)"/>` + livingRoomWindow();
    s += `<rect x="180" y="200" width="300" height="210" fill="#fbfaf6" stroke="#5a3b26" stroke-width="14"/><rect x="206" y="226" width="248" height="158" fill="#e9d3b0"/><path d="M206 384 Q300 280 380 330 T454 300 V384 Z" fill="#a7603b" opacity="0.8"/><circle cx="400" cy="270" r="24" fill="#f0ad4e"/>`;
    s += `<path d="M40 880 L660 880 L620 740 L90 740 Z" fill="#c7b299"/><path d="M70 862 L640 862 L608 756 L108 756 Z" fill="none" stroke="#8c3b2e" stroke-width="6" opacity="0.6"/>`;
    s += shadow(340, 705, 290, 14) + `<rect x="80" y="480" width="520" height="150" rx="30" fill="#52687a"/><rect x="110" y="580" width="460" height="70" rx="16" fill="#5f7789"/>`;
    s += `<rect x="60" y="540" width="70" height="140" rx="26" fill="#4a5e6e"/><rect x="550" y="540" width="70" height="140" rx="26" fill="#4a5e6e"/><rect x="150" y="520" width="100" height="70" rx="18" fill="${pick(c.r, ['#c9a24d', '#e8dccb', '#a7603b'])}"/>`;
    for (const x of [90, 590]) s += `<rect x="${x}" y="680" width="12" height="22" fill="#3a2a1a"/>`;
    s += `<path d="M1100 280 V690" stroke="#3a2a1a" stroke-width="8"/><ellipse cx="1100" cy="694" rx="50" ry="10" fill="#3a2a1a"/><path d="M1050 280 h100 l-20 -90 h-60 z" fill="#f4ead6" stroke="#c9b9a3" stroke-width="2"/>`;
    return s + plant(c, 660, 660, 1.2);
  },
};

/** A coat hung by its collar at (x, y): body, sleeves, zip. */
const coat = (x: number, y: number, color: string) =>
  `<path d="M${x - 44} ${y + 46} L${x - 72} ${y + 60} L${x - 100} ${y + 270} L${x - 66} ${y + 276} L${x - 58} ${y + 120} Z M${x + 44} ${y + 46} L${x + 72} ${y + 60} L${x + 100} ${y + 270} L${x + 66} ${y + 276} L${x + 58} ${y + 120} Z" fill="${color}" stroke="#2b1d10" stroke-opacity="0.3" stroke-width="2"/>` +
  `<path d="M${x - 14} ${y} Q${x} ${y - 8} ${x + 14} ${y} L${x + 48} ${y + 40} L${x + 80} ${y + 310} Q${x} ${y + 326} ${x - 80} ${y + 310} L${x - 48} ${y + 40} Z" fill="${color}" stroke="#2b1d10" stroke-opacity="0.3" stroke-width="2"/>` +
  `<path d="M${x} ${y + 20} V${y + 316}" stroke="#2b1d10" stroke-opacity="0.35" stroke-width="3"/>`;

/** A winter boot with its heel at (x, y), turned by `angle` (90: lying on its side): shaft, fur cuff, sole. */
const boot = (x: number, y: number, angle: number, color: string) =>
  `<g transform="rotate(${angle} ${x} ${y})"><path d="M${x} ${y} V${y - 88} H${x + 54} V${y - 40} Q${x + 58} ${y - 30} ${x + 76} ${y - 28} H${x + 92} Q${x + 108} ${y - 26} ${x + 108} ${y - 8} V${y} Z" fill="${color}"/>` +
  `<rect x="${x - 4}" y="${y - 102}" width="62" height="18" rx="8" fill="#e8dccb"/><rect x="${x - 2}" y="${y - 4}" width="112" height="12" rx="4" fill="#1d1b19"/></g>`;

/** A mitten at (x, y), turned by `angle`. */
const mitten = (x: number, y: number, angle: number, color: string) =>
  `<g transform="rotate(${angle} ${x} ${y})"><rect x="${x - 26}" y="${y - 40}" width="52" height="74" rx="24" fill="${color}"/><ellipse cx="${x - 30}" cy="${y}" rx="11" ry="20" fill="${color}"/><rect x="${x - 26}" y="${y + 22}" width="52" height="18" rx="4" fill="#e8dccb"/></g>`;

const entranceWall: PairScene = {
  room: (c) => indoor(c),
  /** One hook for the whole family: four coats, a scarf and a tuque piled on it; a schoolbag, boots and mittens on the floor. */
  before(c) {
    let s = '';
    for (let i = 0; i < 5; i++) s += `<ellipse cx="${between(c.r, 150, 1050).toFixed(0)}" cy="${between(c.r, 600, 660).toFixed(0)}" rx="${between(c.r, 30, 70).toFixed(0)}" ry="14" fill="#5a5046" opacity="0.14" filter="url(#soft)"/>`;
    s += shadow(600, 600, 190, 24) + `<rect x="584" y="226" width="32" height="60" rx="16" fill="${BRASS}" stroke="#8a6a2a" stroke-width="2"/>`;
    for (const [angle, dx] of [[-16, -10], [12, 12], [-6, -4], [5, 6]] as const) s += `<g transform="rotate(${angle} 600 262)">${coat(600 + dx, 262, pick(c.r, COATS))}</g>`;
    s += `<path d="M600 262 Q560 300 566 420 L592 424 Q590 310 610 272 Z" fill="#c9a24d"/><path d="M566 400 l26 4 M567 380 l25 4" stroke="#8c3b2e" stroke-width="6"/>`;
    s += `<path d="M556 262 Q558 200 600 198 Q642 200 644 262 Z" fill="#b33a2e"/><rect x="552" y="248" width="96" height="24" rx="8" fill="#8f2a22"/><circle cx="600" cy="196" r="18" fill="#efe4cf"/>`;
    s += shadow(250, 702, 100, 10) + `<rect x="170" y="540" width="150" height="160" rx="30" fill="#2f4858" stroke="#1d2e39" stroke-width="2"/><rect x="192" y="610" width="106" height="72" rx="14" fill="#3d5c70"/><path d="M200 545 Q245 485 290 545" stroke="#1d2e39" stroke-width="10" fill="none"/><rect x="238" y="606" width="14" height="8" fill="#c9a24d"/>`;
    for (const [x, y, angle, color] of [[390, 760, 0, '#2d2a26'], [470, 768, 6, '#2d2a26'], [690, 726, -90, '#5a3b26'], [760, 800, 0, '#5a3b26'], [900, 744, 80, '#2f4858'], [560, 858, -12, '#2f4858']] as const) s += boot(x, y, angle, color);
    s += mitten(330, 830, -20, '#a7603b') + mitten(1040, 820, 30, '#5b6b4a');
    return s;
  },
  /** The five lockers built along the same wall. */
  after: (c) => shadow(600, 705, 470) + lockerRow(c, 5),
};

/** Draws one gallery photo of `project`: an SVG, 1200×900. */
type Shot = (project: DemoProject, media: DemoMedia) => string;

/** The project's cover drawing, `zoom` times closer around (x, y). */
const closer = (x: number, y: number, zoom: number): Shot => (project) => {
  const { body, defs } = drawn(artOf(project), project.image);
  return frame(W, H, `<g transform="translate(${W / 2 - x * zoom} ${H / 2 - y * zoom}) scale(${zoom})">${body}</g>`, defs);
};

/** A drawing of its own (a close-up, the workshop), seeded by the photo's name. */
const scene = (drawing: (c: Ctx) => string): Shot => (project, media) => {
  const c = galleryCtx(media.image, project.image);
  return frame(W, H, drawing(c), c.defs);
};

/** One photo of a before/after pair, seeded by the name of the pair's after photo: both photos draw the same room, so that they line up. */
const pair = (scenes: PairScene): Shot => (project, media) => {
  const after = project.gallery?.find((m) => m.pair === 'after');
  if (!after || !media.pair) throw new Error(`${media.image}: drawn as a pair, but ${project.name} has no after photo or this photo has no side`);
  const c = galleryCtx(after.image, project.image);
  return frame(W, H, scenes.room(c) + scenes[media.pair](c), c.defs);
};

/** What each gallery photo of content.ts shows. */
const shots: Record<string, Shot> = {
  'salon-tons-chauds-avant.jpg': pair(paintedRoom),
  'salon-tons-chauds-apres.jpg': pair(paintedRoom),
  'salon-tons-chauds-moulures.jpg': scene(crownMoulding),
  'casiers-entree-cinq-avant.jpg': pair(entranceWall),
  'casiers-entree-cinq-apres.jpg': pair(entranceWall),
  'casiers-entree-cinq-crochets.jpg': scene(coatHooks),
  'casiers-entree-cinq-atelier.jpg': scene(workshopBoards),
  'tablettes-noyer-fixation.jpg': scene(shelfBracket),
  'tablettes-noyer-chant.jpg': scene(shelfEdge),
  'tablettes-noyer-livres.jpg': closer(600, 330, 1.6),
  'boite-souvenirs-noyer-queues.jpg': scene(dovetails),
  'boite-souvenirs-noyer-feutre.jpg': scene(feltInside),
  'boite-souvenirs-noyer-collage.jpg': scene(workshopGlueUp),
  'terrasse-deux-niveaux-structure.jpg': scene(deckFrame),
  'terrasse-deux-niveaux-escalier.jpg': scene(deckStairs),
  'terrasse-deux-niveaux-planches.jpg': scene(deckBoards),
  'porte-cles-tablette-crochets.jpg': scene(keyHooks),
  'porte-cles-tablette-dessus.jpg': closer(580, 330, 2),
  'porte-cles-tablette-atelier.jpg': scene(workshopDrilling),
};

/** The gallery photos of the demo projects: [file, SVG]. A photo `shots` does not name is an error. */
function galleryJobs(): Array<[string, string]> {
  return demoProjects.flatMap((project) =>
    (project.gallery ?? []).map((media): [string, string] => {
      const shot = shots[media.image];
      if (!shot) throw new Error(`${media.image} (${project.name}): add it to \`shots\` in generateImages.ts`);
      return [media.image, shot(project, media)];
    }),
  );
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
  for (const t of demoTypes) jobs.push([t.image, svgFor(t.art, t.image), W, H]);
  // Videos (.mp4) are made by generateVideo.ts from one of these photos.
  for (const p of demoProjects.filter((project) => !project.image.endsWith('.mp4'))) jobs.push([p.image, svgFor(artOf(p), p.image), W, H]);
  for (const [name, svg] of galleryJobs()) jobs.push([name, svg, W, H]);
  jobs.push([pageImages.welcome, svgFor('deck', 'accueil-terrasse', 1920, 1080), 1920, 1080]);
  jobs.push([pageImages.workshop, svgFor('shelves', 'atelier-mur-outils', 1600, 1000), 1600, 1000]);
  jobs.push([pageImages.owner, ownerSvg(), 900, 1200]);
  for (const [name, svg, w, h] of jobs) await render(svg, join(outDir, name), w, h);
  return jobs.map(([name]) => name);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = fileURLToPath(new URL('../server/demo/images', import.meta.url));
  const names = await generateAll(out);
  console.log(`${names.length} images écrites dans ${out}`);
}
