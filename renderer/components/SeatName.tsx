// A seat's name on the scoreboard, read whole across a room: it wraps (at spaces and hyphens) and a long one is set smaller, never cut (issue 12).

/**
 * How much smaller a name is set, by its length: a usual name (up to 18 characters) at the seat's size, a
 * double-barrelled one a step smaller, one near twice the usual length smaller again, so it keeps to two lines.
 */
export function nameFit(name: string): 'name-usual' | 'name-long' | 'name-longer' {
  const length = [...name].length;
  return length <= 18 ? 'name-usual' : length <= 28 ? 'name-long' : 'name-longer';
}

/** `className` sizes the seat's name (`.rb-name`, `.seat-name`); the inner span scales it by its length. */
export function SeatName({ className, name }: { readonly className: string; readonly name: string }) {
  return (
    <span className={className}>
      <span className={nameFit(name)}>{name}</span>
    </span>
  );
}
