// Plain JSON values, for the result summaries and snapshots that storage keeps without interpreting.
export type JsonValue =
  null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };
