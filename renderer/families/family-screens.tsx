// The renderer's side of the family seam: the screen parts a game family brings (its board, its win breakdown, its
// replay result rows, its console panels) and its view narrowing. Each family declares them once in
// renderer/families/<family>/index.ts; the generic screens ask renderer/families/index.ts and name no family.
import type { ComponentType, ReactNode } from 'react';
import type { PublicState, WinBreakdown } from '../../contract/ipc-contract.js';
import type { Seat } from '../../table/table-events.js';
import type { OverrideNotice } from '../screens/console/override-notice.js';

/** A seat's concealed tiles drawn open (the replay viewer, after the hand): replaces the tile count. */
export type HandOf = (seat: Seat) => ReactNode;

/** What a family's part draws: the public state and its view, narrowed to the family's own. */
interface ViewProps<V> {
  readonly state: PublicState;
  readonly view: V;
}

/** A console panel: it is shown whatever runs, and draws itself only when the state concerns it. */
export type ConsolePanel = ComponentType<{
  readonly state: PublicState | null;
  readonly onNotice: (notice: OverrideNotice) => void;
}>;

/** A family's screen parts over its own view type `V`, as the family writes them. */
export interface FamilyScreenParts<V> {
  /** The family's id, as `variants.list` gives it (the host's family registry). */
  readonly id: string;
  /** The state's view when it is this family's, else null (the contract's narrowing). */
  readonly viewOf: (state: Pick<PublicState, 'view'>) => V | null;
  /** The board, live on the scoreboard (`handOf` absent) and in the replay viewer. */
  readonly Board: ComponentType<ViewProps<V> & { readonly live: boolean; readonly handOf?: HandOf }>;
  /** Its own win breakdown; absent: the shared one (screens/scoreboard/WinPanel.tsx). */
  readonly WinPanel?: ComponentType<ViewProps<V> & { readonly win: WinBreakdown }>;
  /** A win still on show after its phase has passed (the scoreboard then shows its breakdown when it opens). */
  readonly winOnShow?: (view: V) => boolean;
  /** The replay viewer's rows under a hand's result line that was no win (a draw's tenpai and payments). */
  readonly ResultRows?: ComponentType<ViewProps<V>>;
  /** The console's panels of this family, in the order they are shown. */
  readonly consolePanels?: readonly ConsolePanel[];
}

/** A family's screen parts with the narrowing done: what the generic screens use. */
export interface FamilyScreens {
  readonly id: string;
  /** Whether the state's view is this family's. */
  readonly shows: (state: PublicState) => boolean;
  readonly Board: ComponentType<{
    readonly state: PublicState;
    readonly live: boolean;
    readonly handOf?: HandOf;
  }>;
  readonly WinPanel: ComponentType<{ readonly state: PublicState; readonly win: WinBreakdown }> | null;
  readonly winOnShow: (state: PublicState) => boolean;
  readonly ResultRows: ComponentType<{ readonly state: PublicState }> | null;
  readonly consolePanels: readonly ConsolePanel[];
}

/** Binds a family's parts to its view narrowing, so each part gets its own view type without a cast. */
export function familyScreens<V>(parts: FamilyScreenParts<V>): FamilyScreens {
  const { viewOf, Board, WinPanel, winOnShow, ResultRows } = parts;
  const narrowed = <P,>(Part: ComponentType<ViewProps<V> & P>) =>
    function Narrowed(props: { readonly state: PublicState } & P) {
      const view = viewOf(props.state);
      return view === null ? null : <Part {...props} view={view} />;
    };
  return {
    id: parts.id,
    shows: (state) => viewOf(state) !== null,
    Board: narrowed(Board),
    WinPanel: WinPanel === undefined ? null : narrowed(WinPanel),
    winOnShow: (state) => {
      const view = viewOf(state);
      return view !== null && winOnShow !== undefined && winOnShow(view);
    },
    ResultRows: ResultRows === undefined ? null : narrowed(ResultRows),
    consolePanels: parts.consolePanels ?? [],
  };
}
