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
/// colour is reset and the progress line cleared.
///
/// Installed once, for the process's own standard streams (``CLIContext/standard()``); `step`
/// puts its own handlers in place while it runs, and this one back after.
enum InterruptCleanup {
    /// Whether standard output may be left inside a colour (it is a terminal, and coloured).
    nonisolated(unsafe) private static var resetsOutput = false
    /// Whether standard error may show a progress line (it is a terminal that can erase).
    nonisolated(unsafe) private static var clearsErrorLine = false
    nonisolated(unsafe) private static var installed = false

    /// Installs the handlers for `context`'s streams, once; nothing when neither is a terminal.
    static func install(for context: CLIContext) {
        guard !installed, context.colorsOutput || context.showsProgress else { return }
        installed = true
        resetsOutput = context.colorsOutput
        clearsErrorLine = context.showsProgress
        for signal in [SIGINT, SIGTERM] where SignalHandler.isDefault(SignalHandler.current(for: signal)) {
            // A signal ignored from the start (a job started with `nohup`, say) stays ignored.
            _ = SignalHandler.install(cleanUp, for: signal)
        }
    }

    /// Resets the colour and clears the line, then ends the process by the signal, with its
    /// default action. Only async-signal-safe calls.
    private static let cleanUp: @convention(c) (Int32) -> Void = { number in
        if InterruptCleanup.resetsOutput {
            let reset: StaticString = "\u{1B}[0m"
            _ = write(1, reset.utf8Start, reset.utf8CodeUnitCount)
        }
        if InterruptCleanup.clearsErrorLine {
            let clear: StaticString = "\r\u{1B}[K"
            _ = write(2, clear.utf8Start, clear.utf8CodeUnitCount)
        }
        signal(number, SIG_DFL)
        raise(number)
    }
}
