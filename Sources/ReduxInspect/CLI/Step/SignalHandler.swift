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
    /// A handler that is told how the signal came (``wasSent(_:)``).
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
    /// action it replaces. It runs on the thread's alternate signal stack when there is one
    /// (``ensureAlternateStack()``), as a handler for a stack overflow must.
    static func install(_ handler: WithInformation, for signal: Int32) -> sigaction {
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_sigaction = handler
        #else
            action.__sigaction_handler.sa_sigaction = handler
        #endif
        action.sa_flags = SA_SIGINFO | Int32(SA_ONSTACK)
        return install(action, for: signal)
    }

    /// Whether the signal a handler was told of was sent (by `kill`, `raise`, `abort`) rather
    /// than raised by a fault of the thread, which happens again when the faulting instruction
    /// is retried. Safe in a signal handler.
    static func wasSent(_ information: UnsafeMutablePointer<siginfo_t>?) -> Bool {
        guard let code = information?.pointee.si_code else { return true }
        #if canImport(Darwin)
            // Darwin numbers the codes of sent signals from `SI_USER`, 0x10001.
            return code <= 0 || code >= 0x10001
        #else
            return code <= 0
        #endif
    }

    /// Gives the calling thread an alternate signal stack, unless it has one (the Swift
    /// runtime's backtracer sets its own): a handler for a stack overflow has no room to run
    /// on the stack that overflowed. The stack is kept for the life of the process.
    static func ensureAlternateStack() {
        var current = stack_t()
        guard sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) != 0 else { return }
        let size = 256 << 10
        guard let memory = malloc(size) else { return }
        var stack = stack_t()
        stack.ss_sp = memory
        stack.ss_size = size
        stack.ss_flags = 0
        if sigaltstack(&stack, nil) != 0 { free(memory) }
    }

    /// Memory a signal handler reads, set up beforehand and kept for the life of the process:
    /// `count` copies of `value`, never freed, so that a handler never reads freed memory.
    static func table<Value>(of count: Int, filledWith value: Value) -> UnsafeMutablePointer<Value> {
        let table = UnsafeMutablePointer<Value>.allocate(capacity: count)
        table.initialize(repeating: value, count: count)
        return table
    }

    /// The action `signal` has now.
    static func current(for signal: Int32) -> sigaction {
        var current = sigaction()
        sigaction(signal, nil, &current)
        return current
    }

    /// Whether `action` is its signal's default one (`SIG_DFL`): neither ignored nor handled.
    static func isDefault(_ action: sigaction) -> Bool {
        handlerAddress(action) == unsafeBitCast(SIG_DFL, to: Int.self)
    }

    /// Whether `action` ignores its signal (`SIG_IGN`).
    static func isIgnoring(_ action: sigaction) -> Bool {
        handlerAddress(action) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// The address of `action`'s plain handler, or `nil` for a handler taking information.
    private static func handlerAddress(_ action: sigaction) -> Int? {
        guard action.sa_flags & SA_SIGINFO == 0 else { return nil }
        #if canImport(Darwin)
            return unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
        #else
            return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
        #endif
    }

    private static func install(_ action: sigaction, for signal: Int32) -> sigaction {
        var action = action
        sigemptyset(&action.sa_mask)
        var previous = sigaction()
        sigaction(signal, &action, &previous)
        return previous
    }
}
