// The robots.txt editor: CodeMirror 6 with line numbers, lint findings inline,
// and the line that decided the selected verdict highlighted.

import { EditorState, StateEffect, StateField } from '@codemirror/state';
import {
  EditorView, Decoration, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter, drawSelection,
} from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { setDiagnostics, lintGutter } from '@codemirror/lint';

const setDecided = StateEffect.define();
const decidedLine = Decoration.line({ class: 'cm-decided-line', attributes: { 'data-testid': 'decided-line' } });

/** The line that decided the selected verdict (0: none). */
const decidedField = StateField.define({
  create: () => Decoration.none,
  update(value, tr) {
    value = value.map(tr.changes);
    for (const effect of tr.effects) {
      if (!effect.is(setDecided)) continue;
      const line = effect.value;
      value = line > 0 && line <= tr.state.doc.lines
        ? Decoration.set([decidedLine.range(tr.state.doc.line(line).from)])
        : Decoration.none;
    }
    return value;
  },
  provide: (field) => EditorView.decorations.from(field),
});

const encoder = new TextEncoder();

/** The character offset in `text` of 1-based byte column `column`. */
function charOffset(text, column) {
  if (column <= 1) return 0;
  // ASCII lines (almost all) need no encoding.
  if (!/[^\x00-\x7f]/.test(text)) return Math.min(column - 1, text.length);
  let bytes = 0;
  let i = 0;
  for (const ch of text) {
    if (bytes >= column - 1) break;
    bytes += encoder.encode(ch).length;
    i += ch.length;
  }
  return i;
}

/** Whether an insertion is long enough to bypass the browser's editing (see below). */
export const isLongInsertion = (text) => text.length >= 4096 || text.split('\n', 65).length > 64;

/**
 * A long insertion (a pasted file, Playwright's `fill()`) as one transaction.
 * Chromium's contenteditable editing inserts multi-line text paragraph by
 * paragraph, in time quadratic in the lines (500 lines: seconds); CodeMirror
 * then reads the DOM back. The text is put in the document directly instead,
 * replacing the DOM selection (select-all then insert replaces everything).
 */
const longInsertion = EditorView.domEventHandlers({
  beforeinput(event, view) {
    if (!['insertText', 'insertFromPaste', 'insertReplacementText'].includes(event.inputType)) return false;
    const text = event.data ?? event.dataTransfer?.getData('text/plain') ?? null;
    if (text === null || !isLongInsertion(text)) return false;
    let { from, to } = view.state.selection.main;
    const selection = view.root.getSelection ? view.root.getSelection() : document.getSelection();
    if (selection && selection.rangeCount > 0) {
      const range = selection.getRangeAt(0);
      if (view.contentDOM.contains(range.startContainer) && view.contentDOM.contains(range.endContainer)) {
        from = view.posAtDOM(range.startContainer, range.startOffset);
        to = view.posAtDOM(range.endContainer, range.endOffset);
      }
    }
    event.preventDefault();
    view.dispatch({
      changes: { from, to, insert: text },
      selection: { anchor: from + text.replace(/\r\n?/g, '\n').length },
      userEvent: 'input.paste',
      scrollIntoView: true,
    });
    return true;
  },
});

/** Diagnostics shown inline: at most this many (the list below shows them all). */
const MAX_INLINE = 5000;

export function createEditor(parent, { onChange }) {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: '',
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightActiveLine(),
        drawSelection(),
        history(),
        lintGutter(),
        decidedField,
        longInsertion,
        // No Tab binding: Tab leaves the editor, for keyboard users.
        keymap.of([...defaultKeymap, ...historyKeymap]),
        EditorView.contentAttributes.of({
          'data-testid': 'robots-input',
          'aria-label': 'robots.txt editor',
          'aria-multiline': 'true',
          spellcheck: 'false',
        }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChange(update.state.doc.toString());
        }),
      ],
    }),
  });

  return {
    view,
    text: () => view.state.doc.toString(),
    /** Replace the whole text without reporting it as the user's edit. */
    setText(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    /** Show `findings` inline. */
    setFindings(findings) {
      const doc = view.state.doc;
      const diagnostics = [];
      for (const f of findings.slice(0, MAX_INLINE)) {
        if (!(f.line >= 1 && f.line <= doc.lines)) continue;
        const line = doc.line(f.line);
        const from = line.from + charOffset(line.text, f.column);
        diagnostics.push({
          from,
          to: Math.max(from, line.to),
          severity: f.severity === 'note' ? 'info' : f.severity,
          message: `${f.code}: ${f.message}${f.help ? `\nhelp: ${f.help}` : ''}`,
        });
      }
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    /** Highlight line `line` (0: none) and scroll to it. */
    highlightLine(line) {
      const doc = view.state.doc;
      const effects = [setDecided.of(line)];
      if (line > 0 && line <= doc.lines) {
        effects.push(EditorView.scrollIntoView(doc.line(line).from, { y: 'center' }));
      }
      view.dispatch({ effects });
    },
    focusLine(line) {
      const doc = view.state.doc;
      if (!(line >= 1 && line <= doc.lines)) return;
      view.dispatch({ selection: { anchor: doc.line(line).from }, scrollIntoView: true });
      view.focus();
    },
  };
}
