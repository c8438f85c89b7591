// Draws the app icon (an anchor on the accent colour) at 1024 px into resources/build/icon.png; electron-builder
// derives the platform icon sets (ico, icns, Linux sizes) from it. Run again only when the design changes.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const size = 1024;
const canvas = createCanvas(size, size);
const ctx = canvas.getContext('2d');
const r = 200;
ctx.fillStyle = '#2f6fdb';
ctx.beginPath();
ctx.roundRect(64, 64, size - 128, size - 128, r);
ctx.fill();
ctx.strokeStyle = '#ffffff';
ctx.lineCap = 'round';
ctx.lineWidth = 64;
ctx.beginPath();
ctx.arc(512, 290, 70, 0, Math.PI * 2);
ctx.stroke();
ctx.beginPath();
ctx.moveTo(512, 360);
ctx.lineTo(512, 800);
ctx.moveTo(370, 450);
ctx.lineTo(654, 450);
ctx.stroke();
ctx.beginPath();
ctx.arc(512, 560, 250, Math.PI * 0.15, Math.PI * 0.85);
ctx.stroke();
writeFileSync(join(root, 'resources', 'build', 'icon.png'), canvas.toBuffer('image/png'));
