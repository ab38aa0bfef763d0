// The renderer's entry: mounts the screen that location.pathname names (/console or /, /scoreboard, /replay).
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { useScreen } from './router.js';
import { AccessProblem } from './components/AccessProblem.js';
import { Console } from './screens/Console.js';
import { Replay } from './screens/Replay.js';
import { Scoreboard } from './screens/Scoreboard.js';
import { Standings } from './screens/Standings.js';
import './fonts/fonts.css';
import './styles/base.css';
// Last: on a phone it overrides the boards' own styles (each family's board styles come in with its modules, renderer/families/).
import './styles/phone.css';

const TITLES = { console: 'Table console', scoreboard: 'Scoreboard', replay: 'Replay', standings: 'Standings' } as const;

function App() {
  const screen = useScreen();
  useEffect(() => {
    document.body.dataset.screen = screen;
    document.title = TITLES[screen];
  }, [screen]);
  return (
    <>
      <AccessProblem />
      {screen === 'standings' ? (
        <Standings />
      ) : screen === 'scoreboard' ? (
        <Scoreboard />
      ) : screen === 'replay' ? (
        <Replay />
      ) : (
        <Console />
      )}
    </>
  );
}

/** The bundled UI faces (fonts/fonts.css) the screens are laid out in. */
const UI_FACES = ['400 18px Arimo', '700 18px Arimo'] as const;
/** A face that cannot load (a broken bundle) must not keep the screens blank: render in the fallback after this. */
const FONT_WAIT_MS = 3_000;

// Render once the UI faces are in: a scoreboard laid out first in a fallback font would jump when they arrive.
await Promise.race([
  Promise.all(UI_FACES.map((face) => document.fonts.load(face))).catch(() => undefined),
  new Promise((resolve) => setTimeout(resolve, FONT_WAIT_MS)),
]);
const root = document.getElementById('root');
if (root === null) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
