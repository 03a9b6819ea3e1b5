/**
 * At most `max` pieces of work in progress per key (a member, an organization), counted in this
 * process's memory. `claim` answers the way to give the place back, or null when the key is full.
 */
export class InProgressLimit {
  private readonly taken = new Map<string, number>();

  constructor(private readonly max: number) {}

  claim(key: string): (() => void) | null {
    const count = this.taken.get(key) ?? 0;
    if (count >= this.max) return null;
    this.taken.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.taken.get(key) ?? 1) - 1;
      if (left > 0) this.taken.set(key, left);
      else this.taken.delete(key);
    };
  }
}
