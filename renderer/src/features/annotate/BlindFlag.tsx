import { EyeOff } from 'lucide-react';
import type { Role } from '@shared/contract';
import { useCall } from '../../api/queries';

/**
 * The visual-dependency check's flag on one question of the item being edited (METHODS §11): shown while its stored
 * text is the one the text-only models answered right without the image. A saved revision no longer matches, so the
 * flag goes until a lead checks the dataset again.
 */
export function BlindFlag(props: { itemId: number; role: Role }) {
  const visual = useCall('quality.visualItem', { itemId: props.itemId });
  const flagged = visual.data?.questions.find((q) => q.role === props.role && q.blind);
  if (!flagged) return null;
  return (
    <p className="blind-flag" data-testid={`blindFlag.${props.role}`} role="note">
      <EyeOff size={13} /> The {props.role} question is answerable without the image: {flagged.blindRight} of {flagged.blindAsked} text-only
      models answered it right without seeing the picture. Revise it so the answer needs the image.
    </p>
  );
}
