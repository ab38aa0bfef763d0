// What the console tells the operator after an override: done (with its audited event) or the host's refusal.
export interface OverrideNotice {
  readonly kind: 'ok' | 'error';
  readonly text: string;
}
