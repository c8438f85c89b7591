import { CheckCheck, PenLine, Shapes } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { useNavigation } from '../../stores/navigation';

type Later = 'annotate' | 'review' | 'canvas';

const copy: Record<Later, { icon: LucideIcon; title: string; body: string }> = {
  annotate: {
    icon: PenLine,
    title: 'Annotation arrives with the triplet workflow',
    body: 'Here annotators will write a perception and a knowledge question for each original question, with autosave, revisions and keyboard shortcuts. Until then, browse the triplets already in your datasets.',
  },
  review: {
    icon: CheckCheck,
    title: 'Independent double-checking is not built yet',
    body: 'Two checkers will mark each triplet Pass or Problematic without seeing each other’s verdict; problems go back to the annotator. For now, the Datasets screen shows every question with its gold answer.',
  },
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
