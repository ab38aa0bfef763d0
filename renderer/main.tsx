// The renderer's entry: mounts the screen that location.pathname names (/console or /, /scoreboard, /replay).
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { useScreen } from './router.js';
import { Console } from './screens/Console.js';
import { Replay } from './screens/Replay.js';
import { Scoreboard } from './screens/Scoreboard.js';
import { Standings } from './screens/Standings.js';
import './fonts/fonts.css';
import './styles/base.css';

const TITLES = { console: 'Table console', scoreboard: 'Scoreboard', replay: 'Replay', standings: 'Standings' } as const;

function App() {
  const screen = useScreen();
  useEffect(() => {
    document.body.dataset.screen = screen;
    document.title = TITLES[screen];
  }, [screen]);
  if (screen === 'standings') return <Standings />;
  return screen === 'scoreboard' ? <Scoreboard /> : screen === 'replay' ? <Replay /> : <Console />;
}

const root = document.getElementById('root');
if (root === null) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
