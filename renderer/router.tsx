// Routing by location.pathname with the history API: in-app links change the screen without a page load (Electron forbids navigation).
import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';

export type Screen = 'console' | 'scoreboard' | 'replay' | 'standings';

/** The screen of a path; unknown paths show the console (the host answers them with index.html too). */
export function screenOf(pathname: string): Screen {
  const first = pathname.split('/').find((part) => part !== '') ?? '';
  return first === 'scoreboard' || first === 'replay' || first === 'standings' ? first : 'console';
}

const NAVIGATED = 'mahjong:navigated';

/** The current screen, following pushState navigation and the back button. */
export function useScreen(): Screen {
  const [screen, setScreen] = useState(() => screenOf(window.location.pathname));
  useEffect(() => {
    const update = (): void => setScreen(screenOf(window.location.pathname));
    window.addEventListener('popstate', update);
    window.addEventListener(NAVIGATED, update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener(NAVIGATED, update);
    };
  }, []);
  return screen;
}

/** A link to another screen of this page; keeps the query (the host's token) along. */
export function ScreenLink({ to, children }: { readonly to: Screen; readonly children: ReactNode }) {
  const href = `/${to}${window.location.search}`;
  const onClick = (event: MouseEvent<HTMLAnchorElement>): void => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    window.history.pushState(null, '', href);
    window.dispatchEvent(new Event(NAVIGATED));
  };
  return (
    <a href={href} onClick={onClick}>
      {children}
    </a>
  );
}
