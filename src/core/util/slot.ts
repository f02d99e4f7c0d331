// A value cached on an immutable object, in a private field stamped onto it: cheaper to read and to collect
// than a WeakMap entry or a defined symbol property, and never carried over by a copy (spread, Object.assign,
// JSON, structured clone) to a changed value.

export interface Slot<V> {
  get(o: object): V | undefined;
  set(o: object, value: V): V;
  /** Drops the value (the object no longer keeps it alive). */
  clear(o: object): void;
}

/** A base class whose constructor returns its argument: a subclass's private field is then added to that object. */
class Adopt {
  constructor(o: object) {
    return o;
  }
}

/** A new slot: each call has its own private field, so slots never see each other's values. */
export function slot<V>(): Slot<V> {
  class Stamp extends Adopt {
    #value: V | undefined;

    static get(o: object): V | undefined {
      return #value in o ? (o as Stamp).#value : undefined;
    }

    static set(o: object, value: V): V {
      if (!(#value in o)) new Stamp(o);
      (o as Stamp).#value = value;
      return value;
    }

    static clear(o: object): void {
      if (#value in o) (o as Stamp).#value = undefined;
    }
  }
  return Stamp;
}
