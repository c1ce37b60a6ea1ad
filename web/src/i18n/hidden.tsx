/**
 * The hidden rest of a label: read out by screen readers, not shown. A catalogue writes it as
 * `"edit": "Edit<hidden> {{name}}</hidden>"` and the screen as `<Trans … components={HIDDEN} />`,
 * so a row's button shows "Edit" and is announced "Edit Mast".
 */
export const HIDDEN = { hidden: <span className="visually-hidden" /> };
