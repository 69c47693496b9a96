import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts the terminal's mode back when the process ends while ``TerminalLineReader`` has it in
/// raw mode: a shell without job control would otherwise be left without echo or line
/// editing, and what is written on the way out would stair-step down the screen.
///
/// At the prompt the process can end in two ways:
/// - A signal sent to end it (`SIGTERM`, `SIGHUP`, `SIGQUIT`): the mode is put back, then the
///   signal's default action ends the process.
/// - A crash in the replay that runs while the prompt waits (``IdleReplay``): a trap in the
///   app's reducer (`SIGILL`, `SIGTRAP`), a recording cut short while mapped (`SIGBUS`),
///   any other fault, or `abort` (`SIGABRT`). The mode is put back, then the action there was
///   before handles it: ``MappedFileGuard``'s one-line error, the Swift runtime's backtrace,
///   or the default. A fault happens again when the faulting instruction is retried, and
///   reaches that action with its address; a signal that was sent is raised again.
///
/// The handlers only do what is safe in a signal handler: `tcsetattr`, `sigaction`, `raise`,
/// on memory set up beforehand.
enum TerminalModeRestorer {
    nonisolated(unsafe) private static let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    /// The action of each signal before ours, by signal number.
    nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = {
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 32)
        previous.initialize(repeating: sigaction(), count: 32)
        return previous
    }()
    private static let endingSignals: [Int32] = [SIGTERM, SIGHUP, SIGQUIT]
    private static let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGBUS, SIGSEGV]

    /// Puts `mode` back if the process ends before ``uninstall()``.
    static func install(_ mode: termios) {
        saved.pointee = mode
        for signal in endingSignals { previous[Int(signal)] = SignalHandler.install(end, for: signal) }
        for signal in crashSignals { previous[Int(signal)] = SignalHandler.install(crash, for: signal) }
    }

    /// Gives each signal its action from before ``install(_:)`` back.
    static func uninstall() {
        for signal in endingSignals + crashSignals { sigaction(signal, previous + Int(signal), nil) }
    }

    private static let end: @convention(c) (Int32) -> Void = { signal in
        tcsetattr(0, TCSANOW, saved)
        _ = Foundation.signal(signal, SIG_DFL)
        raise(signal)
    }

    private static let crash: SignalHandler.WithInformation = { signal, information, _ in
        tcsetattr(0, TCSANOW, saved)
        sigaction(signal, previous + Int(signal), nil)
        // Only a fault has a positive code; a sent signal is not sent again by returning.
        if information.map({ $0.pointee.si_code <= 0 }) ?? true { raise(signal) }
    }
}
