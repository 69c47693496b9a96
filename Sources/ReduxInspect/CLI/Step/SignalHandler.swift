import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Installs a plain signal handler (one that gets the signal's number), as `step` does for
/// Ctrl-C and for putting the terminal's mode back.
enum SignalHandler {
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
        sigemptyset(&action.sa_mask)
        var previous = sigaction()
        sigaction(signal, &action, &previous)
        return previous
    }
}
