/**
 * The live inspector's record of the session's actors (development builds only): fed by XState's `inspect` option on
 * the root actor (src/client/app/App.tsx), which reports every actor of the system, its snapshots and its end. Keeps
 * the running state-machine actors with their latest snapshot, and tells subscribers (at most once a frame) when
 * anything changed.
 */
import type { InspectionEvent } from 'xstate';

/** Searched for by the bench in production builds, which must not contain it (src/tools/bench/dev-inspector-check.ts). */
export const INSPECTOR_MARKER = 'g2g-dev-inspector';

export type InspectedActor = {
  sessionId: string;
  /** The machine's id: names its generated diagram (src/client/explorer/generated/<id>.json). */
  machineId: string;
  /** The invoke or spawn id ('process', 'kyc', 'readingTimer-3'), or the system id. */
  name: string;
  parentSessionId: string | null;
  /** Active state node ids, root excluded, as the diagrams name them. */
  active: string[];
};

type SnapshotLike = { status?: string; value?: unknown; _nodes?: { id: string }[] };
/** What the inspector reads of an actor (XState's Actor: its logic, parent and snapshot). */
type ActorLike = { sessionId: string; id?: string; logic?: unknown; _parent?: ActorLike; getSnapshot: () => unknown };

/** A state-machine actor's id, or null for a promise, callback or other logic (nothing to draw). */
function machineIdOf(actor: ActorLike): string | null {
  const logic = actor.logic as { id?: unknown; root?: unknown } | undefined;
  return logic && typeof logic.id === 'string' && logic.root ? logic.id : null;
}

/** The snapshot's active state nodes (XState keeps them on the snapshot), root excluded. */
function activeIds(snapshot: SnapshotLike, machineId: string): string[] {
  return (snapshot._nodes ?? []).map((n) => n.id).filter((id) => id !== machineId);
}

export function createInspectorStore() {
  const actors = new Map<string, { ref: ActorLike; machineId: string }>();
  const listeners = new Set<() => void>();
  // Actors that reported a snapshot, i.e. were started: React's StrictMode makes a second root actor it never starts.
  const started = new Set<string>();
  let version = 0;
  let scheduled = false;
  let cached: { version: number; list: InspectedActor[] } = { version: -1, list: [] };

  const changed = () => {
    version++;
    if (scheduled) return;
    scheduled = true;
    const flush = () => {
      scheduled = false;
      listeners.forEach((l) => l());
    };
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(flush);
    else setTimeout(flush, 0);
  };

  const inspect = (event: InspectionEvent) => {
    if (event.type === '@xstate.actor') {
      const ref = event.actorRef as unknown as ActorLike;
      const machineId = machineIdOf(ref);
      if (machineId) actors.set(ref.sessionId, { ref, machineId });
      changed();
    } else if (event.type === '@xstate.snapshot' && actors.has(event.actorRef.sessionId)) {
      started.add(event.actorRef.sessionId);
      changed();
    }
  };

  /** The running machine actors, parents before their children. */
  const list = (): InspectedActor[] => {
    if (cached.version === version) return cached.list;
    const running = [...actors.entries()].filter(([id, a]) => started.has(id) && (a.ref.getSnapshot() as SnapshotLike).status === 'active');
    for (const [id, a] of actors) {
      if ((a.ref.getSnapshot() as SnapshotLike).status === 'active') continue;
      actors.delete(id);
      started.delete(id);
    }
    const out: InspectedActor[] = [];
    const add = (parent: string | null) => {
      for (const [sessionId, a] of running) {
        const parentId = a.ref._parent?.sessionId ?? null;
        const parentKnown = parentId !== null && running.some(([s]) => s === parentId);
        if ((parentKnown ? parentId : null) !== parent) continue;
        out.push({ sessionId, machineId: a.machineId, name: a.ref._parent && a.ref.id ? a.ref.id : a.machineId, parentSessionId: parentKnown ? parentId : null, active: activeIds(a.ref.getSnapshot() as SnapshotLike, a.machineId) });
        add(sessionId);
      }
    };
    add(null);
    cached = { version, list: out };
    return out;
  };

  return {
    inspect,
    list,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type InspectorStore = ReturnType<typeof createInspectorStore>;
