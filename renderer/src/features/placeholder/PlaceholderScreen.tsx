import { Shapes } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { useNavigation } from '../../stores/navigation';

type Later = 'canvas';

const copy: Record<Later, { icon: LucideIcon; title: string; body: string }> = {
  canvas: {
    icon: Shapes,
    title: 'The visual-prompt canvas is not built yet',
    body: 'You will draw boxes, ellipses and reference text on images and generate VRPTest’s metamorphic variants from them. Until then, open an item in Datasets to look at its images with zoom and pan.',
  },
};

/** An honest empty state for a screen a later release fills: what it will do, and what to do meanwhile. */
export function PlaceholderScreen(props: { screen: Later }) {
  const go = useNavigation((s) => s.go);
  const c = copy[props.screen];
  return (
    <EmptyState icon={c.icon} title={c.title} testId={`${props.screen}.empty`}
      actions={<button className="button" onClick={() => go('datasets')}>Go to Datasets</button>}>
      {c.body}
    </EmptyState>
  );
}
