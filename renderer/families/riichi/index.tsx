// The riichi family's screen parts (riichi, sanma, Mangan, Clear, Tenpai Race): its board, its win breakdown (one
// panel per winner), a draw's tenpai rows in the replay, and its console panels (agari-yame, operator overrides).
import { riichiViewOf, type RiichiView } from '../../../contract/ipc-contract.js';
import { familyScreens } from '../family-screens.js';
import { AgariYameLine } from './AgariYameLine.js';
import { DrawRows } from './DrawRows.js';
import { OperatorOverrides } from './OperatorOverrides.js';
import { RiichiBoard } from './RiichiBoard.js';
import { RiichiWinPanel } from './RiichiWinPanel.js';

export const RIICHI_SCREENS = familyScreens<RiichiView>({
  id: 'riichi',
  viewOf: riichiViewOf,
  Board: ({ state, view, handOf }) => <RiichiBoard state={state} view={view} handOf={handOf} />,
  WinPanel: ({ state, view, win }) => (
    <RiichiWinPanel state={state} win={win} order={view.seats.map((s) => s.seat)} />
  ),
  // A win is still on show through the next deal (`showingResult`), though `phase` is already `dealing`.
  winOnShow: (view) => view.phase !== 'over' && view.showingResult && view.lastResult?.kind === 'won',
  ResultRows: DrawRows,
  consolePanels: [AgariYameLine, OperatorOverrides],
});
