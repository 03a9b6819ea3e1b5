/** The inbox's keyboard shortcuts, as the help dialog lists them. */
export const SHORTCUTS: readonly { keys: readonly string[][]; action: string }[] = [
  { keys: [['Alt', '↓'], ['j']], action: 'Next conversation' },
  { keys: [['Alt', '↑'], ['k']], action: 'Previous conversation' },
  { keys: [['/']], action: 'Search conversations' },
  { keys: [['r']], action: 'Reply: focus the message box' },
  { keys: [['Alt', 'Shift', 'R']], action: 'Mark as Resolved' },
  { keys: [['Alt', 'Shift', 'A']], action: 'Assign to me' },
  { keys: [['Enter']], action: 'Send the message' },
  { keys: [['Shift', 'Enter']], action: 'New line in the message' },
  { keys: [['?']], action: 'Show these shortcuts' },
];
