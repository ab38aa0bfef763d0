// Minefield's screen parts: its board (with the points chart when live); the shared win breakdown; no console panel.
import { minefieldViewOf, type MinefieldView } from '../../../contract/ipc-contract.js';
import { familyScreens } from '../family-screens.js';
import { LiveBoard } from './LiveBoard.js';
import { MinefieldBoard } from './MinefieldBoard.js';

export const MINEFIELD_SCREENS = familyScreens<MinefieldView>({
  id: 'minefield',
  viewOf: minefieldViewOf,
  Board: ({ state, view, live, handOf }) =>
    live ? (
      <LiveBoard state={state} view={view} />
    ) : (
      <MinefieldBoard state={state} view={view} history={null} handOf={handOf} />
    ),
});
