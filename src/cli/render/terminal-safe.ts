// CSI (ESC [ … final), OSC (ESC ] … BEL or ST), DCS/SOS/PM/APC (… ST), and any other two-byte escape.
const ESCAPE_SEQUENCE =
  /\x1b(?:\[[0-?]*[ -/]*[@-~]?|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[PX^_][^\x1b]*(?:\x1b\\)?|[\s\S]?)/g;
// C0 controls but tab and newline, DEL, and the C1 controls (which some terminals also obey).
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

/**
 * Text from a task or a transcript as it may be printed to a terminal: escape sequences and control
 * characters removed, so a title cannot retitle the window, clear the screen or hide what follows.
 * The stored text stays as it was; only what is printed is cleaned.
 */
export function terminalSafe(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, '').replace(CONTROL, '');
}
