import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a command cut short by Ctrl-C (`SIGINT`) or `SIGTERM` leaves on the terminal: output
/// stopped inside a coloured value would leave the colour on for the shell's prompt, and a
/// progress line would stay on screen. Before the process ends as the signal ends it, the
/// colour is reset and a progress line that is showing is cleared.
///
/// Installed by ``Inspector/run(_:context:)`` for the process's own standard streams, once;
/// `step` puts its own handlers in place while it runs, and this one back after. A signal
/// ignored from the start (a job started with `nohup`) stays ignored.
enum InterruptCleanup {
    /// What the handler reads, in memory of its own: whether standard output may be left
    /// inside a colour, whether standard error may show a progress line, and whether one is
    /// showing (plain memory, which a signal handler may read without the runtime's
    /// exclusivity checks).
    private nonisolated(unsafe) static let flags: UnsafeMutablePointer<Int32> = {
        let flags = UnsafeMutablePointer<Int32>.allocate(capacity: 3)
        flags.initialize(repeating: 0, count: 3)
        return flags
    }()

    /// Where in ``flags`` each is: raw values, constants the handler reads no global for.
    private enum Flag: Int {
        case resetsOutput, clearsErrorLine, progressShown
    }

    /// Installs the handlers for `context`'s streams, once; nothing when neither could be
    /// left so (output not coloured, standard error not a terminal that shows progress).
    static func install(for context: CLIContext) {
        guard flags[Flag.resetsOutput.rawValue] == 0 && flags[Flag.clearsErrorLine.rawValue] == 0 else { return }
        guard context.colorsOutput || context.showsProgress else { return }
        flags[Flag.resetsOutput.rawValue] = context.colorsOutput ? 1 : 0
        flags[Flag.clearsErrorLine.rawValue] = context.showsProgress ? 1 : 0
        for signal in [SIGINT, SIGTERM] where SignalHandler.isDefault(SignalHandler.current(for: signal)) {
            _ = SignalHandler.install(cleanUp, for: signal)
        }
    }

    /// Notes whether a progress line is on standard error now (``StepProgress``, `verify`'s
    /// count of files), so that an interrupt clears it, and only then: with none showing,
    /// clearing the row would take away the line of output being printed there.
    static func noteProgressLine(shown: Bool) {
        flags[Flag.progressShown.rawValue] = shown ? 1 : 0
    }

    /// Resets the colour and clears the progress line, unless the terminal's foreground is
    /// another process group (this is a job in the background, which writes nothing; a
    /// terminal that is not the process's controlling one has no foreground to ask about),
    /// then ends the process by the signal, with its default action. Only async-signal-safe
    /// calls.
    private static let cleanUp: @convention(c) (Int32) -> Void = { number in
        let flags = InterruptCleanup.flags
        func mayWrite(_ descriptor: Int32) -> Bool {
            let foreground = tcgetpgrp(descriptor)
            return foreground == -1 || foreground == getpgrp()
        }
        if flags[Flag.resetsOutput.rawValue] != 0, mayWrite(1) {
            let reset: StaticString = "\u{1B}[0m"
            _ = write(1, reset.utf8Start, reset.utf8CodeUnitCount)
        }
        if flags[Flag.clearsErrorLine.rawValue] != 0, flags[Flag.progressShown.rawValue] != 0, mayWrite(2) {
            let clear: StaticString = "\r\u{1B}[K"
            _ = write(2, clear.utf8Start, clear.utf8CodeUnitCount)
        }
        signal(number, SIG_DFL)
        raise(number)
    }
}
