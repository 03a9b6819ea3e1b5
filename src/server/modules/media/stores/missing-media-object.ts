/** A media record whose bytes are not in the store (removed by hand, or a crash between a delete's two steps). */
export class MissingMediaObject extends Error {
  constructor(storageKey: string) {
    super(`No stored media object ${storageKey}`);
    this.name = 'MissingMediaObject';
  }
}
