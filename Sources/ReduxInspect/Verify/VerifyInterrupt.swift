import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `SIGINT` or `SIGTERM` while `verify --junit` verifies: what a CI job cancelled, or stopped
/// at its time limit, is sent before it is killed. The JUnit report on disk is brought up to
/// date only once a second (``JUnitProgressReport``), so the signal would leave it behind the
/// log. While installed, the handler only notes the signal; the thread that keeps the report
/// sees it within ``VerifyRun/tickInterval``, writes the report of what was verified, and
/// then ends the process by the signal as it would have ended (``endByTheSignal()``).
///
/// Installed for the process's own run only, and not over a signal ignored from the start
/// (`nohup`).
enum VerifyInterrupt {
    /// The signal noted, 0 for none: plain memory, which a signal handler may write.
    private nonisolated(unsafe) static let noted: UnsafeMutablePointer<Int32> = SignalHandler.table(of: 1, filledWith: 0)
    /// The actions in place before, by signal, to put back.
    nonisolated(unsafe) private static var previous: [(signal: Int32, action: sigaction)] = []

    /// Notes the signal; a second one ends the process at once, with the default action,
    /// as a second Ctrl-C does elsewhere: the thread that would act on the first may be held
    /// in a write (standard output a pipe nobody reads).
    private static let note: @convention(c) (Int32) -> Void = { number in
        guard VerifyInterrupt.noted.pointee == 0 else {
            _ = signal(number, SIG_DFL)
            raise(number)
            return
        }
        VerifyInterrupt.noted.pointee = number
    }

    /// Notes `SIGINT` and `SIGTERM` from now on, instead of ending the process by them.
    static func install() {
        guard previous.isEmpty else { return }
        noted.pointee = 0
        for signal in [SIGINT, SIGTERM] where !SignalHandler.isIgnoring(SignalHandler.current(for: signal)) {
            previous.append((signal, SignalHandler.install(note, for: signal, flags: Int32(SA_RESTART))))
        }
    }

    /// Puts the actions there were back; a signal noted meanwhile stays noted.
    static func uninstall() {
        for (signal, action) in previous {
            var action = action
            sigaction(signal, &action, nil)
        }
        previous = []
    }

    /// The signal noted since ``install()``, if any.
    static var received: Int32? {
        noted.pointee == 0 ? nil : noted.pointee
    }

    /// Puts the actions there were back and sends the process the signal noted: it ends as
    /// the signal would have ended it (after the terminal's clean-up, ``InterruptCleanup``).
    static func endByTheSignal() {
        guard let received else { return }
        uninstall()
        raise(received)
    }
}
