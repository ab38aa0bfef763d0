// The renderer's entry: mounts the screen that location.pathname names (/console or /, /scoreboard, /replay).
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { useScreen } from './router.js';
import { AccessProblem } from './components/AccessProblem.js';
import { Console } from './screens/Console.js';
import { Replay } from './screens/Replay.js';
import { Scoreboard } from './screens/Scoreboard.js';
import './fonts/fonts.css';
import './styles/base.css';

const TITLES = { console: 'Table console', scoreboard: 'Scoreboard', replay: 'Replay' } as const;

function App() {
  const screen = useScreen();
  useEffect(() => {
    document.body.dataset.screen = screen;
    document.title = TITLES[screen];
  }, [screen]);
  return (
    <>
      <AccessProblem />
      {screen === 'scoreboard' ? <Scoreboard /> : screen === 'replay' ? <Replay /> : <Console />}
    </>
  );
}

const root = document.getElementById('root');
if (root === null) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
