import type { StoredBlob } from '../blobs/blob-store.port';

/**
 * Rendered custom variants, least recently used first out, within a budget of bytes. Custom sizes are unbounded
 * in number (any signed size a public query hands out), so they are never written to the blob store: what they
 * can cost is this budget of memory per instance, and a render again after eviction.
 */
export class VariantCache {
  private readonly entries = new Map<string, StoredBlob>();
  private bytes = 0;

  constructor(private readonly budgetBytes: number) {}

  get(key: string): StoredBlob | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Map order is insertion order: re-inserting makes it the most recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, blob: StoredBlob): void {
    if (blob.data.length > this.budgetBytes) return;
    const previous = this.entries.get(key);
    if (previous) this.bytes -= previous.data.length;
    this.entries.delete(key);
    this.entries.set(key, blob);
    this.bytes += blob.data.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.data.length;
    }
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}
