import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Installs a signal handler: a plain one (it gets the signal's number), as `step` does for
/// Ctrl-C and for putting the terminal's mode back, or one that is also told how the signal
/// came (`SA_SIGINFO`), to tell a fault from a signal sent by `kill`.
enum SignalHandler {
    /// A handler that is told how the signal came: its `si_code` is positive for a fault.
    typealias WithInformation = @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void

    /// Makes `handler` the action of `signal`, with `flags` (`SA_RESTART`, say), and returns
    /// the action it replaces, to put back with `sigaction` later.
    static func install(
        _ handler: @convention(c) (Int32) -> Void, for signal: Int32, flags: Int32 = 0
    ) -> sigaction {
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = handler
        #else
            action.__sigaction_handler.sa_handler = handler
        #endif
        action.sa_flags = flags
        return install(action, for: signal)
    }

    /// Makes `handler` the action of `signal`, told how the signal came, and returns the
    /// action it replaces.
    static func install(_ handler: WithInformation, for signal: Int32) -> sigaction {
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_sigaction = handler
        #else
            action.__sigaction_handler.sa_sigaction = handler
        #endif
        action.sa_flags = SA_SIGINFO
        return install(action, for: signal)
    }

    private static func install(_ action: sigaction, for signal: Int32) -> sigaction {
        var action = action
        sigemptyset(&action.sa_mask)
        var previous = sigaction()
        sigaction(signal, &action, &previous)
        return previous
    }
}
