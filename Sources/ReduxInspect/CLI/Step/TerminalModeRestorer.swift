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
/// - A signal sent to end it (`SIGTERM`, `SIGHUP`, `SIGQUIT`, and the other standard ones
///   whose default action ends the process, such as `SIGUSR1`, `SIGALRM` or `SIGSYS`): the
///   mode is put back, then the signal's default action ends the process. One the process
///   was started ignoring (`nohup` ignores `SIGHUP`) stays ignored. One of the others that
///   something else handles (a profiler's `SIGPROF`, say) goes on to that handler, as a crash
///   does, after the mode is put back; `SIGTERM`, `SIGHUP` and `SIGQUIT` end the process
///   whatever handles them (the Swift runtime's backtracer takes `SIGQUIT`, and on a terminal
///   waits there for keys).
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
/// It can also be stopped there by a `SIGTSTP` from another process (Ctrl-Z at the prompt is a
/// key, which the line reader handles): the mode is put back while it is stopped, and raw
/// mode once it is continued, as after Ctrl-Z.
///
/// The handlers only do what is safe in a signal handler: `tcsetattr`, `sigaction`, `signal`,
/// `sigprocmask`, `raise`, on memory set up beforehand.
enum TerminalModeRestorer {
    nonisolated(unsafe) private static let saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    /// Set when a crash handler has put the mode back and returned, or the process has been
    /// continued after a stop.
    nonisolated(unsafe) private static let putBack: UnsafeMutablePointer<Int32> = {
        let flag = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        flag.initialize(to: 0)
        return flag
    }()
    /// The action of each signal before ours, by signal number.
    nonisolated(unsafe) private static let previous = SignalHandler.table(of: 32, filledWith: sigaction())
    /// The signals sent to end a process: the standard ones whose default action does (some
    /// with a core dump), `SIGINT` aside, which ``StepInterrupt`` handles. `SIGSYS` is here
    /// rather than with the crashes: the system call refused is not made again on return.
    private static let endingSignals: [Int32] = {
        var signals = [SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGSYS]
        #if os(Linux)
            signals += [SIGPOLL, SIGPWR, SIGSTKFLT]
        #endif
        return signals
    }()
    /// The ending signals sent to end the process now, whatever else handles them.
    private static let endingAtOnce: [Int32] = [SIGTERM, SIGHUP, SIGQUIT]
    private static let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGBUS, SIGSEGV]

    /// Puts `mode` back if the process ends or is stopped before ``uninstall()``.
    static func install(_ mode: termios) {
        saved.pointee = mode
        putBack.pointee = 0
        SignalHandler.ensureAlternateStack()
        for signal in endingSignals {
            let current = SignalHandler.current(for: signal)
            if SignalHandler.isIgnoring(current) {
                // It does not end the process.
                previous[Int(signal)] = current
            } else if SignalHandler.isDefault(current) || endingAtOnce.contains(signal) {
                previous[Int(signal)] = SignalHandler.install(end, for: signal)
            } else {
                previous[Int(signal)] = SignalHandler.install(crash, for: signal)
            }
        }
        for signal in crashSignals { previous[Int(signal)] = SignalHandler.install(crash, for: signal) }
        let current = SignalHandler.current(for: SIGTSTP)
        previous[Int(SIGTSTP)] = SignalHandler.isDefault(current) ? SignalHandler.install(suspend, for: SIGTSTP) : current
    }

    /// Gives each signal its action from before ``install(_:)`` back.
    static func uninstall() {
        for signal in endingSignals + crashSignals + [SIGTSTP] { sigaction(signal, previous + Int(signal), nil) }
    }

    /// Whether a handler has put the terminal's mode back since the last call (after a crash
    /// the process outlived, or a stop), and the process goes on: raw mode must be entered
    /// again.
    static func takeModePutBack() -> Bool {
        defer { putBack.pointee = 0 }
        return putBack.pointee != 0
    }

    /// Whether a handler has put the terminal's mode back, without forgetting it.
    static var modeWasPutBack: Bool { putBack.pointee != 0 }

    private static let end: @convention(c) (Int32) -> Void = { signal in
        tcsetattr(0, TCSANOW, saved)
        _ = Foundation.signal(signal, SIG_DFL)
        raise(signal)
    }

    /// Stops the process with the terminal's mode put back, and when it is continued, has the
    /// line reader enter raw mode again and draw its line.
    private static let suspend: @convention(c) (Int32) -> Void = { _ in
        let savedErrno = errno
        tcsetattr(0, TCSANOW, saved)
        _ = Foundation.signal(SIGTSTP, SIG_DFL)
        // Blocked while its handler runs: unblocked, the signal raised stops the process here.
        var stopping = sigset_t()
        sigemptyset(&stopping)
        sigaddset(&stopping, SIGTSTP)
        sigprocmask(SIG_UNBLOCK, &stopping, nil)
        raise(SIGTSTP)
        // Continued.
        _ = SignalHandler.install(suspend, for: SIGTSTP)
        putBack.pointee = 1
        errno = savedErrno
    }

    private static let crash: SignalHandler.WithInformation = { signal, information, _ in
        tcsetattr(0, TCSANOW, saved)
        sigaction(signal, previous + Int(signal), nil)
        putBack.pointee = 1
        // A fault happens again on return; a sent signal does not.
        if SignalHandler.wasSent(information) { raise(signal) }
    }
}
