// Test helper: state and transition coverage of a machine with @xstate/graph, transitions observed by inspection.
import { getAdjacencyMap, getShortestPaths, getStateNodes, type TraversalOptions } from '@xstate/graph';
import { createActor, SimulatedClock, type AnyStateMachine, type EventFromLogic, type EventObject, type InputFrom, type SnapshotFrom } from 'xstate';

type TransitionLike = { readonly source: { readonly id: string }; readonly eventType: string; readonly target?: readonly { readonly id: string }[] | undefined };

export interface Coverage {
  /** State node ids never reached (empty = every state reached). */
  readonly missingStates: string[];
  /** Transitions never taken, as `source --event--> targets`. */
  readonly missingTransitions: string[];
  readonly states: number;
  readonly transitions: number;
  readonly edges: number;
}

const describeTransition = (t: TransitionLike): string => `${t.source.id} --${t.eventType}--> ${(t.target ?? []).map((n) => n.id).join(',') || '(self)'}`;

/**
 * Every state node must end one of the shortest paths from the initial state (or, for a transient
 * state, be entered in a microstep on the way), and every transition
 * (guarded branches, `always`, `after` and `onDone` included) must be taken on some edge of the
 * adjacency map: each edge is replayed from its snapshot in an actor whose inspector records the
 * transitions of every microstep.
 */
export function machineCoverage<M extends AnyStateMachine>(
  machine: M,
  options: TraversalOptions<SnapshotFrom<M>, EventFromLogic<M>, InputFrom<M>> & { input: InputFrom<M> },
): Coverage {
  const allNodes = getStateNodes(machine).filter((n) => n.type !== 'history');
  const allTransitions = allNodes.flatMap((n) => [...[...n.transitions.values()].flat(), ...(n.always ?? [])]) as unknown as TransitionLike[];
  const reachedNodes = new Set<string>();
  for (const path of getShortestPaths(machine, options as never)) {
    for (const node of (path.state as unknown as { _nodes: { id: string }[] })._nodes) reachedNodes.add(node.id);
  }
  const taken = new Set<unknown>();
  // Transient states (an `always` hop, a final state that hands over to `onDone`) never rest in a
  // snapshot; the microsteps show them.
  const inspect = (event: { type: string }) => {
    if (event.type !== '@xstate.microstep') return;
    const step = event as unknown as { _transitions: unknown[]; snapshot: { _nodes: { id: string }[] } };
    for (const t of step._transitions) taken.add(t);
    for (const node of step.snapshot._nodes) reachedNodes.add(node.id);
  };
  createActor(machine, { input: options.input, clock: new SimulatedClock(), inspect }).start().stop();
  const adjacency = getAdjacencyMap(machine, options as never) as unknown as Record<string, { state: unknown; transitions: Record<string, { event: EventObject }> }>;
  let edges = 0;
  for (const { state, transitions } of Object.values(adjacency)) {
    if ((state as { status?: string }).status === 'done') continue;
    for (const { event } of Object.values(transitions)) {
      edges++;
      const actor = createActor(machine, { snapshot: state as never, input: options.input, clock: new SimulatedClock(), inspect });
      actor.start();
      actor.send(event as never);
      actor.stop();
    }
  }
  return {
    missingStates: allNodes.map((n) => n.id).filter((id) => !reachedNodes.has(id)),
    missingTransitions: allTransitions.filter((t) => !taken.has(t)).map(describeTransition),
    states: allNodes.length,
    transitions: allTransitions.length,
    edges,
  };
}
