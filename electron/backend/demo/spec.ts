import { z } from 'zod';

const bar = z.object({ kind: z.literal('bar'), id: z.string(), title: z.string(), labels: z.array(z.string()), values: z.array(z.number()) });
const line = z.object({ kind: z.literal('line'), id: z.string(), title: z.string(), labels: z.array(z.string()), values: z.array(z.number()) });
const triangle = z.object({ kind: z.literal('triangle'), id: z.string(), a: z.number(), b: z.number() });
const scene = z.object({
  kind: z.literal('scene'),
  id: z.string(),
  seed: z.number(),
  shapes: z.array(z.object({ color: z.enum(['red', 'blue', 'green']), shape: z.enum(['circle', 'square']) })),
});

export const demoItemSchema = z.discriminatedUnion('kind', [bar, line, triangle, scene]);
export type DemoItem = z.infer<typeof demoItemSchema>;
export type BarItem = z.infer<typeof bar>;
export type LineItem = z.infer<typeof line>;
export type TriangleItem = z.infer<typeof triangle>;
export type SceneItem = z.infer<typeof scene>;

export const demoFileSchema = z.object({ version: z.literal(1), items: z.array(demoItemSchema) });
