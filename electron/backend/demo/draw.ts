import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { seededRandom } from './random';
import type { BarItem, DemoItem, LineItem, SceneItem, TriangleItem } from './spec';

const W = 640;
const H = 420;
const FONT = 'Liberation Sans';
const INK = '#1f2933';
const GRID = '#d9dee5';
const COLORS: Record<string, string> = { red: '#d64545', blue: '#2f6fdb', green: '#2f9e5b' };

/** A line in ink through the points, closed back to the first when `closed`. */
function inkPath(ctx: SKRSContext2D, width: number, points: readonly (readonly [number, number])[], closed: boolean): void {
  ctx.strokeStyle = INK;
  ctx.lineWidth = width;
  ctx.beginPath();
  points.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
  if (closed) ctx.closePath();
  ctx.stroke();
}

function frame(ctx: SKRSContext2D, title: string | null): void {
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, W, H);
  if (title) {
    ctx.fillStyle = INK;
    ctx.font = `bold 20px "${FONT}"`;
    ctx.textAlign = 'center';
    ctx.fillText(title, W / 2, 34);
  }
}

interface Axes {
  x0: number; y0: number; x1: number; y1: number; max: number;
  y(value: number): number;
}

function axes(ctx: SKRSContext2D, values: number[], step: number): Axes {
  const x0 = 70, y0 = H - 60, x1 = W - 30, y1 = 60;
  const max = Math.ceil((Math.max(...values) + step) / step) * step;
  const y = (v: number) => y0 - ((v - 0) / max) * (y0 - y1);
  ctx.font = `14px "${FONT}"`;
  ctx.textAlign = 'right';
  for (let v = 0; v <= max; v += step) {
    ctx.strokeStyle = GRID;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(x0, y(v));
    ctx.lineTo(x1, y(v));
    ctx.stroke();
    ctx.fillStyle = INK;
    ctx.fillText(String(v), x0 - 8, y(v) + 5);
  }
  inkPath(ctx, 2, [[x0, y1], [x0, y0], [x1, y0]], false);
  return { x0, y0, x1, y1, max, y };
}

function drawBar(ctx: SKRSContext2D, item: BarItem): void {
  frame(ctx, item.title);
  const a = axes(ctx, item.values, 10);
  const slot = (a.x1 - a.x0) / item.values.length;
  item.values.forEach((v, i) => {
    const x = a.x0 + slot * i + slot * 0.2;
    ctx.fillStyle = '#3a7bd5';
    ctx.fillRect(x, a.y(v), slot * 0.6, a.y0 - a.y(v));
    ctx.fillStyle = INK;
    ctx.textAlign = 'center';
    ctx.font = `bold 14px "${FONT}"`;
    ctx.fillText(String(v), x + slot * 0.3, a.y(v) - 6);
    ctx.font = `14px "${FONT}"`;
    ctx.fillText(item.labels[i]!, x + slot * 0.3, a.y0 + 22);
  });
}

function drawLine(ctx: SKRSContext2D, item: LineItem): void {
  frame(ctx, item.title);
  const a = axes(ctx, item.values, 5);
  const slot = (a.x1 - a.x0) / item.values.length;
  const x = (i: number) => a.x0 + slot * i + slot / 2;
  ctx.strokeStyle = '#e07a1f';
  ctx.lineWidth = 3;
  ctx.beginPath();
  item.values.forEach((v, i) => (i === 0 ? ctx.moveTo(x(i), a.y(v)) : ctx.lineTo(x(i), a.y(v))));
  ctx.stroke();
  item.values.forEach((v, i) => {
    ctx.fillStyle = '#e07a1f';
    ctx.beginPath();
    ctx.arc(x(i), a.y(v), 5, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = INK;
    ctx.textAlign = 'center';
    ctx.font = `13px "${FONT}"`;
    ctx.fillText(String(v), x(i), a.y(v) - 12);
    ctx.font = `14px "${FONT}"`;
    ctx.fillText(item.labels[i]!, x(i), a.y0 + 22);
  });
}

function drawTriangle(ctx: SKRSContext2D, item: TriangleItem): void {
  frame(ctx, null);
  const scale = Math.min(420 / item.b, 300 / item.a);
  const ox = 110, oy = H - 60;
  const bx = ox + item.b * scale, ay = oy - item.a * scale;
  inkPath(ctx, 3, [[ox, oy], [bx, oy], [ox, ay]], true);
  ctx.lineWidth = 2;
  ctx.strokeRect(ox, oy - 18, 18, 18);
  ctx.fillStyle = INK;
  ctx.font = `bold 20px "${FONT}"`;
  ctx.textAlign = 'center';
  ctx.fillText(String(item.b), (ox + bx) / 2, oy + 30);
  ctx.textAlign = 'right';
  ctx.fillText(String(item.a), ox - 12, (oy + ay) / 2);
  ctx.textAlign = 'left';
  ctx.fillText('c = ?', (ox + bx) / 2 + 12, (oy + ay) / 2 - 8);
}

function drawScene(ctx: SKRSContext2D, item: SceneItem): void {
  frame(ctx, null);
  ctx.fillStyle = '#f4f1ea';
  ctx.fillRect(0, 0, W, H);
  const random = seededRandom(String(item.seed));
  const cols = 6;
  const cells = shuffleCells(cols * 4, random);
  item.shapes.forEach((s, i) => {
    const cell = cells[i]!;
    const cx = 60 + (cell % cols) * 104 + (random() - 0.5) * 30;
    const cy = 60 + Math.floor(cell / cols) * 100 + (random() - 0.5) * 30;
    const r = 24 + random() * 10;
    ctx.fillStyle = COLORS[s.color]!;
    if (s.shape === 'circle') {
      ctx.beginPath();
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
      ctx.fill();
    } else ctx.fillRect(cx - r, cy - r, r * 2, r * 2);
  });
}

function shuffleCells(n: number, random: () => number): number[] {
  const cells = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [cells[i], cells[j]] = [cells[j]!, cells[i]!];
  }
  return cells;
}

/** Renders one demo item to PNG bytes. */
export function drawDemoImage(item: DemoItem): Buffer {
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  switch (item.kind) {
    case 'bar': drawBar(ctx, item); break;
    case 'line': drawLine(ctx, item); break;
    case 'triangle': drawTriangle(ctx, item); break;
    case 'scene': drawScene(ctx, item); break;
  }
  return canvas.toBuffer('image/png');
}
