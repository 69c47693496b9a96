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
///   reaches that action with its address; a signal that was sent is raised again. The
///   handler runs on an alternate stack, so that a reducer recursing without end still gets
///   its terminal back and its backtrace. Should the process outlive that action (the
///   backtracer lets a sent `SIGSEGV` go), the line reader puts raw mode back
///   (``takeModePutBack()``).
///
/// The handlers only do what is safe in a signal handler: `tcsetattr`, `sigaction`, `signal`,
/// `raise`, on memory set up beforehand.
enum TerminalModeRestorer {
    nonisolated(unsafe) private static let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    /// Set when a crash handler has put the mode back and returned.
    nonisolated(unsafe) private static let putBack: UnsafeMutablePointer<Int32> = {
        let flag = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        flag.initialize(to: 0)
        return flag
    }()
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
        putBack.pointee = 0
        SignalHandler.ensureAlternateStack()
        for signal in endingSignals { previous[Int(signal)] = SignalHandler.install(end, for: signal) }
        for signal in crashSignals { previous[Int(signal)] = SignalHandler.install(crash, for: signal) }
    }

    /// Gives each signal its action from before ``install(_:)`` back.
    static func uninstall() {
        for signal in endingSignals + crashSignals { sigaction(signal, previous + Int(signal), nil) }
    }

    /// Whether a crash handler has put the terminal's mode back since the last call, and the
    /// process goes on: raw mode must be entered again.
    static func takeModePutBack() -> Bool {
        defer { putBack.pointee = 0 }
        return putBack.pointee != 0
    }

    /// Whether a crash handler has put the terminal's mode back, without forgetting it.
    static var modeWasPutBack: Bool { putBack.pointee != 0 }

    private static let end: @convention(c) (Int32) -> Void = { signal in
        tcsetattr(0, TCSANOW, saved)
        _ = Foundation.signal(signal, SIG_DFL)
        raise(signal)
    }

    private static let crash: SignalHandler.WithInformation = { signal, information, _ in
        tcsetattr(0, TCSANOW, saved)
        sigaction(signal, previous + Int(signal), nil)
        putBack.pointee = 1
        // A fault happens again on return; a sent signal does not.
        if SignalHandler.wasSent(information) { raise(signal) }
    }
}
