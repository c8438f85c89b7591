import type { Role } from '@shared/contract';
import type { ImportSink, ItemInput } from './sink';

interface Group {
  id: number;
  roles: Set<Role>;
  images: string[];
}

/**
 * Formats whose rows are questions of a shared item (MMEvalPro's triplets, generic JSONL's `item`) collect them
 * here: the item is created by its first row, later rows add their role and any image it did not have yet.
 */
export class ItemGroups {
  private readonly groups = new Map<string, Group>();

  constructor(private readonly sink: ImportSink) {}

  /** The item for `key`, created from `make()` the first time; refuses a second question of the same role. */
  question(key: string, role: Role, make: () => ItemInput): { itemId: number; imageIndex: (hash: string) => number } {
    let group = this.groups.get(key);
    if (!group) {
      const item = make();
      group = { id: this.sink.addItem(item), roles: new Set(), images: [...item.imageHashes] };
      this.groups.set(key, group);
    }
    if (group.roles.has(role)) throw new Error(`item ${key} already has a ${role} question`);
    group.roles.add(role);
    const g = group;
    return {
      itemId: g.id,
      imageIndex: (hash) => {
        let i = g.images.indexOf(hash);
        if (i < 0) {
          i = g.images.length;
          g.images.push(hash);
          this.sink.appendItemImage(g.id, i, hash);
        }
        return i;
      },
    };
  }
}
