/**
 * Serialises this process's writes to one document. Why: on the local FerretDB (SQLite backend) an update is a read,
 * a change in memory and a write of the whole document, not atomic against another update of the same document, so
 * the outbox relay removing a sent event could put back a state change written a moment earlier (measured: 3 in 30
 * rounds of "paid, then the admin's status update"). The relay and the service's own writes to an aggregate take the
 * same lock. On MongoDB every single-document update is atomic and the lock only orders them; across processes
 * FerretDB stays racy (noted in MONGO-COMPAT.md), which is why every state change is also a conditional update.
 */
export class DocumentLocks {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(documentId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(documentId) ?? Promise.resolve();
    const result = previous.then(work);
    const tail = result.catch(() => undefined);
    this.tails.set(documentId, tail);
    void tail.then(() => {
      if (this.tails.get(documentId) === tail) this.tails.delete(documentId);
    });
    return result;
  }
}
