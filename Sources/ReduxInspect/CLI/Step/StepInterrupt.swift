import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C in an interactive `step` session, as in gdb: it stops a long replay (a far `goto`),
/// a `continue` or `reverse-continue`, or a long `find`, and brings the prompt
/// back, instead of ending the session and losing its place and watchpoints. At the prompt
/// it drops the line being typed (the terminal does that) and shows the prompt again.
///
/// The handler only does what is safe in a signal handler: it sets a flag, or drops what the
/// terminal holds of the line (`tcflush(3)`) and writes the prompt, prepared beforehand, with
/// `write(2)`. Replays and walks look at the flag through
/// ``Timeline/isInterrupted`` (every 1,024 steps, or once a window). It is installed with `SA_RESTART`, so that
/// reading the next command goes on after it.
enum StepInterrupt {
    /// Whether an interrupt came while a command ran, whether the session waits at its
    /// prompt, where the prompt is written (`-1`: nowhere), how many interrupts came at the
    /// prompt, and whether a ``TerminalLineReader`` draws the prompt (and so redraws it).
    nonisolated(unsafe) private static let flags: UnsafeMutablePointer<Int32> = {
        let flags = UnsafeMutablePointer<Int32>.allocate(capacity: 5)
        flags.initialize(repeating: 0, count: 5)
        flags[2] = -1
        return flags
    }()
    nonisolated(unsafe) private static var prompt: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var promptLength = 0
    nonisolated(unsafe) private static var previous = sigaction()

    /// Takes over `SIGINT` until ``uninstall()``.
    ///
    /// - Parameters:
    ///   - prompt: The prompt to show again after an interrupt at the prompt.
    ///   - descriptor: Where the prompt goes, or `nil` for nowhere (a ``TerminalLineReader``
    ///     draws it).
    static func install(prompt text: String, descriptor: Int32?) {
        #if canImport(Glibc) || canImport(Darwin)
            prompt = strdup("\n" + text)
            promptLength = prompt.map { strlen($0) } ?? 0
            flags[0] = 0
            flags[1] = 0
            flags[2] = descriptor ?? -1
            previous = SignalHandler.install(handle, for: SIGINT, flags: Int32(SA_RESTART))
        #endif
    }

    /// Gives `SIGINT` back its action from before ``install(prompt:descriptor:)``.
    static func uninstall() {
        #if canImport(Glibc) || canImport(Darwin)
            sigaction(SIGINT, &previous, nil)
            free(prompt)
            prompt = nil
        #endif
    }

    /// Says whether the session is waiting at its prompt; an interrupt then only shows the
    /// prompt again, and one that came before is forgotten.
    static func setWaitingAtPrompt(_ waiting: Bool) {
        flags[1] = waiting ? 1 : 0
        if waiting { flags[0] = 0 }
    }

    /// Whether an interrupt came while a command ran.
    static var isRequested: Bool { flags[0] != 0 }

    /// How many interrupts came at the prompt: a ``TerminalLineReader``, which reads Ctrl-C
    /// as a key, still gets a `SIGINT` sent by another process (`kill -INT`, an IDE's
    /// button), and drops its line when this changes.
    static var interruptsAtPrompt: Int32 { flags[3] }

    /// Says whether a ``TerminalLineReader`` draws the prompt; an interrupt at the prompt
    /// then leaves the drawing to it, and ends the reader's wait for a key (`EINTR`, no
    /// `SA_RESTART`) so that it drops the line at once.
    static func setLineReaderDrawsPrompt(_ draws: Bool) {
        flags[4] = draws ? 1 : 0
        #if canImport(Glibc) || canImport(Darwin)
            guard prompt != nil else { return }
            _ = SignalHandler.install(handle, for: SIGINT, flags: draws ? 0 : Int32(SA_RESTART))
        #endif
    }

    private static let handle: @convention(c) (Int32) -> Void = { _ in
        if flags[1] != 0 {
            flags[3] &+= 1
            if flags[4] == 0, flags[2] >= 0, let prompt {
                // The terminal reads whole lines (`TERM=dumb`) and has kept what was typed:
                // dropped, as Ctrl-C typed there drops it, so that the line is not run later.
                tcflush(0, TCIFLUSH)
                _ = write(flags[2], prompt, promptLength)
            }
        } else {
            flags[0] = 1
        }
    }
}
