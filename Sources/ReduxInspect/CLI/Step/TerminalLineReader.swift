import Foundation
import Redux

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads `step`'s commands from the terminal a key at a time, with a ``LineEditor``: the
/// arrows recall earlier commands and move along the line, as at a shell's prompt.
///
/// The terminal is in raw mode only while a line is typed; a command runs in the terminal's
/// own mode, where Ctrl-C interrupts it (``StepInterrupt``). At the prompt, Ctrl-C drops the
/// line and Ctrl-Z suspends, as the terminal would have done.
final class TerminalLineReader {
    /// Where the prompt and the line are drawn: standard output or standard error.
    private let descriptor: Int32
    private var editor = LineEditor()
    private var decoder = KeyDecoder()
    /// Replays ahead while no key has come, until it has caught up with the recording.
    var idleReplay: IdleReplay?
    /// What Tab offers for the line up to the cursor; Tab does nothing without it.
    var completer: (([Character]) -> LineEditor.Completion)?

    /// A reader for the terminal on standard input, drawing on `descriptor`; `nil` when
    /// standard input is not a terminal whose mode can be read.
    init?(drawingOn descriptor: Int32) {
        var mode = termios()
        guard isatty(0) == 1, isatty(descriptor) == 1, tcgetattr(0, &mode) == 0 else { return nil }
        self.descriptor = descriptor
    }

    /// Shows `prompt` and returns the line typed, without its newline; `nil` at the end of
    /// input (Ctrl-D on an empty line, or the terminal gone).
    func readLine(prompt: String) -> String? {
        var saved = termios()
        guard tcgetattr(0, &saved) == 0 else {
            write(prompt)
            return Swift.readLine(strippingNewline: true)
        }
        TerminalModeRestorer.install(saved)
        StepInterrupt.setLineReaderDrawsPrompt(true)
        defer {
            tcsetattr(0, TCSANOW, &saved)
            TerminalModeRestorer.uninstall()
            StepInterrupt.setLineReaderDrawsPrompt(false)
        }
        enterRawMode(from: saved)
        editor.startLine()
        write(editor.drawing(after: prompt, width: width))
        var byte: UInt8 = 0
        var interrupts = StepInterrupt.interruptsAtPrompt
        while true {
            if TerminalModeRestorer.takeModePutBack() {
                enterRawMode(from: saved)
                write("\n" + editor.drawing(after: prompt, width: width))
            }
            let current = interrupts
            let stop = { StepInterrupt.interruptsAtPrompt != current || TerminalModeRestorer.modeWasPutBack }
            if let idleReplay, !idleReplay.run(untilReadable: 0, orUntil: stop) {
                self.idleReplay = nil
            }
            if TerminalModeRestorer.modeWasPutBack { continue }
            // An interrupt that stopped the replay is seen at once, not after the next key.
            let interruptedWhileIdle = StepInterrupt.interruptsAtPrompt != interrupts
            let count = interruptedWhileIdle ? -1 : read(0, &byte, 1)
            if StepInterrupt.interruptsAtPrompt != interrupts {
                // A SIGINT from another process: as Ctrl-C, the line is dropped.
                interrupts = StepInterrupt.interruptsAtPrompt
                _ = editor.handle(.cancel)
                showDropped(prompt: prompt)
            }
            if count < 0 && (interruptedWhileIdle || errno == EINTR) { continue }
            // The terminal closed: what was typed is not a command.
            guard count == 1 else { return nil }
            guard let key = decoder.feed(byte) else { continue }
            switch editor.handle(key) {
            case .edited:
                write(editor.drawing(after: prompt, width: width))
            case .appended(let character):
                write(editor.fits(after: prompt, width: width) ? String(character) : editor.drawing(after: prompt, width: width))
            case .unchanged:
                continue
            case .submitted(let line):
                write("\n")
                return line
            case .cancelled:
                showDropped(prompt: prompt)
            case .ended:
                return nil
            case .suspend:
                tcsetattr(0, TCSANOW, &saved)
                write("\n")
                // This thread's: the handler that stops the process runs here, before the line
                // is drawn again, not on another thread meanwhile.
                raise(SIGTSTP)
                // Continued: the shell may have changed the mode meanwhile. The handler that
                // stopped the process asks for raw mode and the line, which this does already.
                _ = TerminalModeRestorer.takeModePutBack()
                enterRawMode(from: saved)
                write(editor.drawing(after: prompt, width: width))
            case .clearScreen:
                write("\u{1B}[H\u{1B}[2J" + editor.drawing(after: prompt, width: width))
            case .completionRequested:
                let offered = completer?(editor.charactersBeforeCursor) ?? LineEditor.Completion(start: 0, words: [], suffix: "")
                switch editor.complete(with: offered) {
                case .edited: write(editor.drawing(after: prompt, width: width))
                case .listed(let words):
                    write("\n" + StepCompletion.listing(words, width: width) + editor.drawing(after: prompt, width: width))
                // Nothing fits: the bell, as a shell rings it. The line is drawn again, as the
                // Tab may have ended a search of the history, whose prompt goes.
                default: write(editor.drawing(after: prompt, width: width) + "\u{07}")
                }
            case .listed:
                continue  // only `complete(with:)` lists
            }
        }
    }

    /// Keys one at a time, not echoed, Ctrl-C and Ctrl-Z read as keys rather than signals;
    /// output is still processed (a newline starts a new line).
    private func enterRawMode(from mode: termios) {
        var raw = mode
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(0, TCSANOW, &raw)
    }

    /// How many columns the terminal drawn on has now (it changes when the window is
    /// resized); `nil` when it does not say.
    private var width: Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Ends the line dropped (Ctrl-C) where it was typed and draws the prompt, empty, below.
    private func showDropped(prompt: String) {
        write("^C\n" + editor.drawing(after: prompt, width: width))
    }

    /// Writes to the terminal drawn on; what cannot be written (the terminal gone) is lost,
    /// as the next read then ends the session.
    private func write(_ text: String) {
        var text = text
        _ = text.withUTF8 { FileDescriptorWrite.all(UnsafeRawBufferPointer($0), to: descriptor) }
    }
}
