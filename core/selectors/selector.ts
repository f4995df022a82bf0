/** The attributes a role selector can test: `[label="OK"]` is equality, `[label~="ok"]` contains (any case). */
export interface AttributeTest {
  name: 'label' | 'value' | 'id' | 'text';
  op: '=' | '~=';
  value: string;
}

/** A parsed selector (DESIGN.md section 6 refs, plus text and role matches). */
export type Selector =
  | { kind: 'ref'; index: number; snapshot?: string }
  | { kind: 'cell'; cell: number; list: number }
  | { kind: 'id'; id: string }
  | { kind: 'match'; role?: string; tests: AttributeTest[] };
