// What `mahjong-table simulate` hands a family: the command line's options, and how to refuse it or report a failed run.

export interface SimulateOptions {
  readonly variant: string;
  readonly games: number;
  readonly seed: number;
  readonly log?: string;
  readonly port?: string;
  readonly faults?: string;
  /** With `--port` and a riichi-family variant: a file of the first hand's stacked walls. */
  readonly stack?: string;
  readonly motorMs: number;
  readonly json?: boolean;
  readonly maxHands: number;
  /** The rule preset (`--preset`); each family says which it plays. */
  readonly preset?: string;
  /** With `--variant mangan`: the 8-player tag-team option (variants.md V4.3). */
  readonly tagTeam?: boolean;
}

/** How a family's simulation answers the command line. */
export interface SimulateCli {
  /** A command line that cannot be played: the reason with a stable code, exit code 2. */
  fail(message: string, code: string): never;
  /** A run that failed (it stalled, the table refused): the reason, exit code 1; the log keeps what was played. */
  runFailed(message: string): never;
}

/** A family's part of `simulate`: the variants it plays headless or at the PTY table, and the run itself. */
export interface FamilySimulation {
  /** Its variants `simulate --variant` takes, in the order the help lists them. */
  readonly variants: readonly string[];
  /** Whether its `--port` runs take `--stack` (the first hand's walls stacked at the table simulator); absent: no. */
  readonly stacksWalls?: boolean;
  /** Plays the run the options ask for and prints its summary (text, or JSON with `--json`). */
  run(options: SimulateOptions, cli: SimulateCli): Promise<void>;
}
